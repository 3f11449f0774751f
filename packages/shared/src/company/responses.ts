import { z } from 'zod';
import { addressDto } from '../accounts/responses.ts';
import { sessionDto } from '../auth/responses.ts';
import { succeeded } from '../common/responses.ts';
import { USER_STATUSES } from '../constants.ts';
import { COMPANY_ROLES, PERMISSIONS } from './roles.ts';

// Wire shapes of the company calls (issue 28's wire contract).

export const companyLicenseDto = z.object({
  _id: z.string(),
  licenseNumber: z.string(),
  licenseType: z.string(),
  address: addressDto,
  status: z.enum(USER_STATUSES),
  /** The license registration gave; the business profile answers from it. */
  main: z.boolean(),
});
export type CompanyLicenseDto = z.infer<typeof companyLicenseDto>;

export const companyMemberDto = z.object({
  userId: z.string(),
  email: z.string(),
  contactName: z.string(),
  role: z.enum(COMPANY_ROLES),
  /** Whether this member signs in with a second factor. */
  twoFactor: z.boolean(),
  addedAt: z.string(),
  /** A purchasing member's ceiling per offer in dollars (decision 204); null for none. */
  orderLimit: z.number().nullable(),
});
export type CompanyMemberDto = z.infer<typeof companyMemberDto>;

/** An invitation not yet accepted or revoked; `expiresAt` in the past means it can no longer be used. */
export const companyInvitationDto = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  expiresAt: z.string(),
  createdAt: z.string(),
  invitedBy: z.string().nullable(),
});
export type CompanyInvitationDto = z.infer<typeof companyInvitationDto>;

/** The caller's own place in the company: what the web app shows and hides by. */
export const memberSelfDto = z.object({
  userId: z.string(),
  role: z.enum(COMPANY_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type MemberSelfDto = z.infer<typeof memberSelfDto>;

export const companyDto = z.object({
  company: z.object({
    _id: z.string(),
    name: z.string(),
    licenses: z.array(companyLicenseDto),
    /** The owner asks every member to sign in with a second factor. */
    requireTwoFactor: z.boolean(),
  }),
  members: z.array(companyMemberDto),
  /** Pending invitations; empty for a member who may not manage the company. */
  invitations: z.array(companyInvitationDto),
  me: memberSelfDto,
});
export type CompanyDto = z.infer<typeof companyDto>;

export const companyResponse = z.object({ success: succeeded, data: companyDto });
export type CompanyResponse = z.infer<typeof companyResponse>;

export const invitationCreatedResponse = z.object({
  success: succeeded,
  message: z.string(),
  data: companyInvitationDto,
});
export type InvitationCreatedResponse = z.infer<typeof invitationCreatedResponse>;

export const invitationAcceptedResponse = z.object({
  success: succeeded,
  message: z.string(),
  data: sessionDto,
});
export type InvitationAcceptedResponse = z.infer<typeof invitationAcceptedResponse>;

/** One member action in the company's trail, under the member who did it. */
export const companyActivityDto = z.object({
  _id: z.string(),
  action: z.string(),
  actor: z.object({ userId: z.string().nullable(), email: z.string(), contactName: z.string() }),
  /** Whom or what the action was about (an address, a member). */
  subject: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type CompanyActivityDto = z.infer<typeof companyActivityDto>;

export const companyActivityResponse = z.object({ success: succeeded, data: z.array(companyActivityDto) });
export type CompanyActivityResponse = z.infer<typeof companyActivityResponse>;
