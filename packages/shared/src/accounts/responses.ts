import { z } from 'zod';
import { succeeded } from '../common/responses.ts';
import { COMPANY_ROLES, PERMISSIONS } from '../company/roles.ts';
import { ROLES, USER_STATUSES } from '../constants.ts';
import { NOTIFICATION_EMAIL_SWITCHES, type NotificationEmailSwitch } from '../notifications/kinds.ts';

// Wire shapes of the account calls (SPEC §3, §7).

export const addressDto = z.object({
  street: z.string(),
  city: z.string(),
  county: z.string(),
  state: z.string(),
  zipCode: z.string(),
});
export type AddressDto = z.infer<typeof addressDto>;

export const userProfileDto = z.object({
  businessName: z.string(),
  contactName: z.string(),
  phone: z.string(),
  licenseNumber: z.string(),
  licenseType: z.string(),
  /** API path of the license document, readable only by its owner and admins; null when none. */
  licenseDocument: z.string().nullable(),
  address: addressDto,
});
export type UserProfileDto = z.infer<typeof userProfileDto>;

export const notificationSettingsDto = z.object({
  newMessages: z.boolean(),
  listingInterest: z.boolean(),
  marketingEmails: z.boolean(),
  weeklyDigest: z.boolean(),
});
export type NotificationSettingsDto = z.infer<typeof notificationSettingsDto>;

/** Beyond SPEC: the e-mail switch of each kind of notification, all on by default (decision 251). */
export const notificationEmailsDto = z.object(
  Object.fromEntries(NOTIFICATION_EMAIL_SWITCHES.map((name) => [name, z.boolean()])) as Record<
    NotificationEmailSwitch,
    z.ZodBoolean
  >,
);
export type NotificationEmailsDto = z.infer<typeof notificationEmailsDto>;

/** The User of SPEC §3: never a password hash or a storage key. */
export const userDto = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  emailVerified: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  profile: userProfileDto,
  notificationSettings: notificationSettingsDto,
  notificationEmails: notificationEmailsDto,
  /** Beyond SPEC: whether sign-in asks for an authenticator code (decision 195). */
  twoFactorEnabled: z.boolean(),
  /**
   * Beyond SPEC (issue 28): the signed-in person's place in the company the account is. `_id` and
   * the profile stay the business's; `email`, `profile.contactName`, the settings and
   * `twoFactorEnabled` are the person's own; `member.userId` is the person's login. Absent for admins.
   */
  member: z
    .object({ userId: z.string(), role: z.enum(COMPANY_ROLES), permissions: z.array(z.enum(PERMISSIONS)) })
    .optional(),
});
export type UserDto = z.infer<typeof userDto>;

/** A verified trader's change of checked fields, waiting for an admin (decision 082). */
export const pendingProfileChangeDto = z.object({
  _id: z.string(),
  businessName: z.string(),
  licenseNumber: z.string(),
  licenseType: z.string(),
  requestedAt: z.string(),
});
export type PendingProfileChangeDto = z.infer<typeof pendingProfileChangeDto>;

/** GET /auth/profile; beside SPEC's user, a new address waiting for confirmation (decision 060). */
export const profileResponse = z.object({
  success: succeeded,
  user: userDto,
  pendingEmail: z.string().nullable(),
  pendingProfileChange: pendingProfileChangeDto.nullable(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

/** PUT /auth/profile. */
export const profileUpdatedResponse = profileResponse.extend({ message: z.string() });
export type ProfileUpdatedResponse = z.infer<typeof profileUpdatedResponse>;
