import { z } from 'zod';
import { emailField, newPasswordField, requiredText, strictObject } from '../common/fields.ts';
import { uuidParam } from '../common/params.ts';
import { VALIDATION } from '../texts.ts';
import { orderLimitField } from './order-limits.ts';
import { COMPANY_ROLES } from './roles.ts';
import { COMPANY } from './texts.ts';

// What the company calls accept (issue 28 item 3). An invitation never makes an owner: ownership is
// handed over by an owner, between members who already are in the company.

const INVITABLE_ROLES = COMPANY_ROLES.filter((role) => role !== 'owner') as [
  Exclude<(typeof COMPANY_ROLES)[number], 'owner'>,
  ...Exclude<(typeof COMPANY_ROLES)[number], 'owner'>[],
];
export const INVITABLE = INVITABLE_ROLES;

const ROLE_REQUIRED = 'Choose a role';

/** POST /company/invitations */
export const invitationSchema = strictObject({
  email: emailField,
  role: z.enum(INVITABLE_ROLES, { error: ROLE_REQUIRED }),
});
export type InvitationInput = z.input<typeof invitationSchema>;

/**
 * POST /company/invitations/accept: the token alone with a session (an existing login joins), or
 * the token with a name and a password (a new login is made for the invited address).
 */
export const acceptInvitationSchema = strictObject({
  token: requiredText(COMPANY.invitationInvalid, 200),
  contactName: requiredText(VALIDATION.contactNameRequired).optional(),
  password: newPasswordField(VALIDATION.passwordRequired).optional(),
});
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

/** PUT /company/members/{userId} */
/** A member's role, and a purchasing member's order limit when given (null lifts it; decision 204). */
export const memberRoleSchema = strictObject({
  role: z.enum(COMPANY_ROLES, { error: ROLE_REQUIRED }),
  orderLimit: orderLimitField.optional(),
});
export type MemberRoleInput = z.input<typeof memberRoleSchema>;

/** POST /company/transfer: the member who becomes an owner; the caller becomes a manager. */
export const transferOwnershipSchema = strictObject({ userId: uuidParam(COMPANY.memberNotFound) });
export type TransferOwnershipInput = z.input<typeof transferOwnershipSchema>;

/** PUT /company/security */
export const companySecuritySchema = strictObject({
  requireTwoFactor: z.boolean({ error: 'requireTwoFactor must be true or false' }),
});
export type CompanySecurityInput = z.input<typeof companySecuritySchema>;

export const memberParams = z.object({ userId: uuidParam(COMPANY.memberNotFound) });
export const invitationParams = z.object({ id: uuidParam(COMPANY.invitationNotFound) });
