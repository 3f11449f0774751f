import { idParams } from '../common/params.ts';
import { messageResponse } from '../common/responses.ts';
import { defineRoutes, rawResponse } from '../route-contract.ts';
import { companyAddresses } from './addresses.ts';
import {
  addLicenseSchema,
  adminCompanyLicensesResponse,
  adminLicenseQuery,
  COMPANY_LICENSES,
  companyLicenseAddedResponse,
  companyLicensesResponse,
  licenseDecisionBody,
} from './licenses.ts';
import {
  companyActivityResponse,
  companyResponse,
  invitationAcceptedResponse,
  invitationCreatedResponse,
} from './responses.ts';
import {
  acceptInvitationSchema,
  companySecuritySchema,
  invitationParams,
  invitationSchema,
  memberParams,
  memberRoleSchema,
  transferOwnershipSchema,
} from './schemas.ts';

const licenseParams = idParams(COMPANY_LICENSES.notFound);

export const companyContracts = defineRoutes(companyAddresses, {
  company: {
    summary: "The caller's company: its licenses, members, pending invitations and the caller's role",
    response: { 200: companyResponse },
  },
  activity: {
    summary: "The company's member actions, newest first, under the member who acted",
    response: { 200: companyActivityResponse },
  },
  invite: {
    summary: 'Invite someone by e-mail with a role; mails a link that works once, for 7 days',
    body: invitationSchema,
    response: { 201: invitationCreatedResponse },
  },
  revokeInvitation: {
    summary: 'Revoke a pending invitation',
    params: invitationParams,
    response: { 200: messageResponse },
  },
  acceptInvitation: {
    summary:
      'Accept an invitation: with a name and a password (a new login), or signed in as the invited address',
    body: acceptInvitationSchema,
    response: { 200: invitationAcceptedResponse },
  },
  changeRole: {
    summary: "Change a member's role (only owners make or change owners)",
    params: memberParams,
    body: memberRoleSchema,
    response: { 200: messageResponse },
  },
  removeMember: {
    summary: 'Remove a member; their sessions and message streams end at once',
    params: memberParams,
    response: { 200: messageResponse },
  },
  transferOwnership: {
    summary: 'Hand the company over: the member named becomes an owner, the caller a manager',
    body: transferOwnershipSchema,
    response: { 200: messageResponse },
  },
  security: {
    summary: 'Require a second factor of every member, or stop requiring it (owners only)',
    body: companySecuritySchema,
    response: { 200: messageResponse },
  },
  addLicense: {
    summary:
      'Add a license to the company (multipart: the fields and the license document); it waits for review',
    multipart: {
      fields: addLicenseSchema,
      files: { licenseDocument: 'The license document: PDF, JPEG or PNG' },
    },
    response: { 201: companyLicenseAddedResponse },
  },
  licenses: {
    summary: "The company's licenses, the main one first, each with its review status",
    response: { 200: companyLicensesResponse },
  },
  licenseDocument: {
    summary: "An added license's document (the company and admins only)",
    params: licenseParams,
    response: rawResponse('application/octet-stream', 'The document as uploaded (PDF, JPEG or PNG)'),
  },
  adminLicenses: {
    summary: 'Licenses companies added, by review status (pending: the review queue)',
    query: adminLicenseQuery,
    response: { 200: adminCompanyLicensesResponse },
  },
  approveLicense: {
    summary: "Approve a company's added license (a reason when the registry check is not clear)",
    params: licenseParams,
    body: licenseDecisionBody,
    response: { 200: messageResponse },
  },
  rejectLicense: {
    summary: "Reject a company's added license (with a reason)",
    params: licenseParams,
    body: licenseDecisionBody,
    response: { 200: messageResponse },
  },
});
