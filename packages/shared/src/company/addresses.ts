import { address } from '../route-contract.ts';

// Where the company page's calls answer (decisions 205-209), and the admin's review of the licenses
// a company added: no zod here, see routes.ts.
export const companyAddresses = {
  company: address('GET', '/company'),
  activity: address('GET', '/company/activity'),
  invite: address('POST', '/company/invitations'),
  revokeInvitation: address('DELETE', '/company/invitations/:id'),
  acceptInvitation: address('POST', '/company/invitations/accept'),
  changeRole: address('PUT', '/company/members/:userId'),
  removeMember: address('DELETE', '/company/members/:userId'),
  transferOwnership: address('POST', '/company/transfer'),
  security: address('PUT', '/company/security'),
  addLicense: address('POST', '/company/licenses'),
  licenses: address('GET', '/company/licenses'),
  licenseDocument: address('GET', '/company/licenses/:id/document'),
  adminLicenses: address('GET', '/admin/licenses'),
  approveLicense: address('POST', '/admin/licenses/:id/approve'),
  rejectLicense: address('POST', '/admin/licenses/:id/reject'),
};
