import { z } from 'zod';
import { requiredText, strictObject } from '../common/fields.ts';
import { succeeded } from '../common/responses.ts';
import { sessionDto } from './responses.ts';

// Two-factor sign-in (issue 28, item 6; decision 195): a TOTP authenticator app with single-use
// recovery codes. The numbers follow RFC 6238's defaults, which every authenticator app assumes.

export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
/** Codes one step either side of now are accepted: a phone's clock a little off still works. */
export const TOTP_WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may wait after the password was accepted. */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60_000;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Canopy';

export const TWO_FACTOR = {
  codeRequired: 'Enter the code from your authenticator app',
  codeInvalid:
    'That code is not right. Enter the current code from your authenticator app, or a recovery code.',
  codeNeeded: 'Enter the 6-digit code from your authenticator app to finish signing in.',
  challengeExpired: 'This sign-in has expired. Please sign in again.',
  alreadyEnabled: 'Two-factor sign-in is already on for this account',
  notEnabled: 'Two-factor sign-in is not on for this account',
  setupFirst: 'Start the set-up again: no authenticator key is waiting to be confirmed',
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-factor sign-in is off',
  adminMustEnrol: 'Turn on two-factor sign-in (Profile Settings → Security) before using admin tools',
  wait: (seconds: number) => `Too many wrong codes. Try again in ${Math.ceil(seconds / 60)} min.`,
} as const;

/** A code as typed: six digits (spaces allowed, as apps show "123 456"), or a recovery code. */
const codeField = requiredText(TWO_FACTOR.codeRequired, 40);

export const twoFactorCodeSchema = strictObject({ code: codeField });
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeSchema>;

export const twoFactorVerifySchema = strictObject({
  twoFactorToken: requiredText(TWO_FACTOR.challengeExpired, 200),
  code: codeField,
});
export type TwoFactorVerifyInput = z.infer<typeof twoFactorVerifySchema>;

export const twoFactorDisableSchema = strictObject({
  password: z.string().min(1, 'Enter your password').max(1000),
  code: codeField,
});
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableSchema>;

export const twoFactorSetupResponse = z.object({
  success: succeeded,
  data: z.object({ secret: z.string(), otpauthUrl: z.string() }),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponse>;

export const twoFactorEnabledResponse = z.object({
  success: succeeded,
  message: z.string(),
  data: z.object({ recoveryCodes: z.array(z.string()) }),
});
export type TwoFactorEnabledResponse = z.infer<typeof twoFactorEnabledResponse>;

export const twoFactorVerifiedResponse = z.object({ success: succeeded, data: sessionDto });

/** What POST /auth/login answers (401) when the password was right and a code is still needed. */
export const twoFactorChallenge = z.object({
  success: z.literal(false),
  requiresTwoFactor: z.literal(true),
  twoFactorToken: z.string(),
  error: z.string(),
  message: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;
