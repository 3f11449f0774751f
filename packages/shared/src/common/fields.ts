import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../auth/limits.ts';
import { CALIFORNIA_COUNTIES } from '../constants.ts';
import { INPUT_TEXTS, isMultiLineText, isSingleLineText, isWellFormedText } from '../input.ts';
import { VALIDATION } from '../texts.ts';

// Field builders shared by every form schema. Each required text gives the same message whether
// the value is missing, of the wrong type or blank, so the first error a person sees is SPEC's.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^[+()\-.\s\d]{7,25}$/;
const ZIP_PATTERN = /^\d{5}$/;

/**
 * Typed text without control characters (decision 065): one-line fields refuse every one of them,
 * multi-line fields (descriptions, messages) keep tab, CR and LF. A NUL would also fail in the
 * database rather than here.
 */
export const singleLine = (schema: z.ZodString) =>
  schema
    .refine(isWellFormedText, INPUT_TEXTS.malformedText)
    .refine(isSingleLineText, INPUT_TEXTS.controlCharacters);
export const multiLine = (schema: z.ZodString) =>
  schema
    .refine(isWellFormedText, INPUT_TEXTS.malformedText)
    .refine(isMultiLineText, INPUT_TEXTS.controlCharacters);

export function requiredText(message: string, max = 200) {
  return singleLine(z.string({ error: message }).trim().min(1, message).max(max, VALIDATION.fieldTooLong));
}

export function optionalText(max = 200) {
  return singleLine(z.string().trim().max(max, VALIDATION.fieldTooLong)).optional().default('');
}

export const emailField = requiredText(VALIDATION.emailRequired, 254)
  .regex(EMAIL_PATTERN, VALIDATION.emailInvalid)
  .transform((email) => email.toLowerCase());

export const newPasswordField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN, VALIDATION.passwordTooShort)
    .max(PASSWORD_MAX, VALIDATION.passwordTooLong);

export const zipField = requiredText(VALIDATION.zipRequired, 10).regex(ZIP_PATTERN, VALIDATION.zipInvalid);

export const phoneField = requiredText(VALIDATION.phoneRequired, 25).regex(
  PHONE_PATTERN,
  VALIDATION.phoneInvalid,
);

export const optionalPhoneField = singleLine(z.string().trim().max(25, VALIDATION.fieldTooLong))
  .refine((phone) => phone === '' || PHONE_PATTERN.test(phone), VALIDATION.phoneInvalid)
  .optional()
  .default('');

const isCounty = (county: string) => (CALIFORNIA_COUNTIES as readonly string[]).includes(county);

export const countyField = requiredText(VALIDATION.countyRequired, 40).refine(
  isCounty,
  VALIDATION.countyInvalid,
);

export const optionalCountyField = z
  .string()
  .trim()
  .refine((county) => county === '' || isCounty(county), VALIDATION.countyInvalid)
  .optional()
  .default('');

export const stateField = z
  .string()
  .trim()
  .refine((state) => state === '' || state === 'CA', VALIDATION.stateInvalid)
  .transform(() => 'CA')
  .optional()
  .default('CA');

/** Multipart forms carry booleans as "true"/"false"; JSON carries them as booleans. */
export const formBoolean = (message?: string) =>
  z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
    error: message,
  });

/** Prices and quantities are kept in cents: at most two decimals, with float noise forgiven. */
export const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** The whole cents a value is stored as: what bounds must be checked on, since 1e-9 passes `> 0` yet is stored as 0.00. */
export const centsOf = (value: number) => Math.round(value * 100);

/** Greater than 0 once stored to the cent. */
export const isPositiveInCents = (value: number) => centsOf(value) > 0;

/** Rejects unknown keys with a message that names them. */
export function strictObject<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : undefined,
  });
}
