import { z } from 'zod';
import { PASSWORD_MAX } from '../auth/limits.ts';
import { licenseTypeField } from '../auth/schemas.ts';
import {
  emailField,
  optionalCountyField,
  optionalPhoneField,
  optionalText,
  requiredText,
  stateField,
  strictObject,
  zipField,
} from '../common/fields.ts';
import { NOTIFICATION_EMAIL_SWITCHES, type NotificationEmailSwitch } from '../notifications/kinds.ts';
import { VALIDATION } from '../texts.ts';

// PUT /auth/profile. SPEC §5 names the required profile fields; the others may be left blank but
// are checked when filled. licenseDocument is accepted and ignored: the web app echoes the profile
// it read, and the document only changes through an upload.

export const profileAddressSchema = strictObject({
  street: optionalText(),
  city: optionalText(100),
  county: optionalCountyField,
  state: stateField,
  zipCode: zipField,
});

export const profileSchema = strictObject({
  businessName: requiredText(VALIDATION.businessNameRequired),
  contactName: requiredText(VALIDATION.contactNameRequired),
  phone: optionalPhoneField,
  licenseNumber: requiredText(VALIDATION.licenseNumberRequired, 50),
  licenseType: licenseTypeField,
  licenseDocument: z.unknown().optional(),
  address: profileAddressSchema,
});

export const notificationSettingsSchema = strictObject({
  newMessages: z.boolean(),
  listingInterest: z.boolean(),
  marketingEmails: z.boolean(),
  weeklyDigest: z.boolean(),
}).partial();

/** Beyond SPEC: one e-mail switch per kind of notification (decision 251); each left out is kept. */
export const notificationEmailsSchema = strictObject(
  Object.fromEntries(NOTIFICATION_EMAIL_SWITCHES.map((name) => [name, z.boolean()])) as Record<
    NotificationEmailSwitch,
    z.ZodBoolean
  >,
).partial();

export const profileUpdateSchema = strictObject({
  email: emailField,
  profile: profileSchema,
  notificationSettings: notificationSettingsSchema.optional(),
  notificationEmails: notificationEmailsSchema.optional(),
  /** Required only when `email` differs from the account's address (decision 060). */
  currentPassword: z.string().max(PASSWORD_MAX).optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
