import { z } from 'zod';
import {
  countyField,
  emailField,
  formBoolean,
  newPasswordField,
  phoneField,
  requiredText,
  stateField,
  strictObject,
  zipField,
} from '../common/fields.ts';
import { ACCEPTED_LICENSE_TYPES, REGISTRATION_ROLES } from '../constants.ts';
import { VALIDATION } from '../texts.ts';

export const licenseTypeField = requiredText(VALIDATION.licenseTypeRequired, 60).refine(
  (type) => ACCEPTED_LICENSE_TYPES.includes(type),
  VALIDATION.licenseTypeInvalid,
);

export const registrationAddressSchema = strictObject({
  street: requiredText(VALIDATION.streetRequired),
  city: requiredText(VALIDATION.cityRequired, 100),
  county: countyField,
  state: stateField,
  zipCode: zipField,
});

/**
 * The registration payload of SPEC §3 without the license document (a file, checked by its bytes
 * on the server and by size/extension in the browser).
 */
export const registrationSchema = strictObject({
  email: emailField,
  password: newPasswordField(VALIDATION.passwordRequired),
  confirmPassword: z.string({ error: VALIDATION.passwordsDoNotMatch }),
  businessName: requiredText(VALIDATION.businessNameRequired),
  contactName: requiredText(VALIDATION.contactNameRequired),
  phone: phoneField,
  licenseNumber: requiredText(VALIDATION.licenseNumberRequired, 50),
  licenseType: licenseTypeField,
  address: registrationAddressSchema,
  agreeToTerms: formBoolean(VALIDATION.mustAgreeToTerms).refine(
    (agreed) => agreed,
    VALIDATION.mustAgreeToTerms,
  ),
  role: z.enum(REGISTRATION_ROLES, { error: VALIDATION.roleInvalid }),
}).refine((form) => form.password === form.confirmPassword, {
  message: VALIDATION.passwordsDoNotMatch,
  path: ['confirmPassword'],
});
export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

export const loginSchema = strictObject({
  email: emailField,
  password: z.string({ error: VALIDATION.passwordRequired }).min(1, VALIDATION.passwordRequired).max(1000),
});

export const emailOnlySchema = strictObject({ email: emailField });

export const tokenSchema = strictObject({
  token: requiredText(VALIDATION.tokenRequired, 200),
});

export const resetPasswordSchema = strictObject({
  token: requiredText(VALIDATION.tokenRequired, 200),
  password: newPasswordField(VALIDATION.newPasswordRequired),
  confirmPassword: z.string().optional(),
}).refine((form) => form.confirmPassword === undefined || form.password === form.confirmPassword, {
  message: VALIDATION.passwordsDoNotMatch,
  path: ['confirmPassword'],
});

export const changePasswordSchema = strictObject({
  currentPassword: z
    .string({ error: VALIDATION.currentPasswordRequired })
    .min(1, VALIDATION.currentPasswordRequired)
    .max(1000),
  newPassword: newPasswordField(VALIDATION.newPasswordRequired),
  confirmPassword: z.string().optional(),
}).refine((form) => form.confirmPassword === undefined || form.newPassword === form.confirmPassword, {
  message: VALIDATION.passwordsDoNotMatch,
  path: ['confirmPassword'],
});
