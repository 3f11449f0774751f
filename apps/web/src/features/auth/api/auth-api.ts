import {
  authAddresses,
  type authContracts,
  type LoginResponse,
  type RegisteredResponse,
  type Registration,
  type RouteBody,
  type SessionDto,
  type TwoFactorVerifyInput,
} from '@canopy/shared';
import { call } from '@/lib/api-call.ts';
import { ApiError } from '@/lib/api-client.ts';

// The auth calls (GET /api/openapi.json), typed by their shared contracts.

export type { SessionDto as SessionPayload } from '@canopy/shared';

export async function login(credentials: { email: string; password: string }): Promise<SessionDto> {
  const response = await call(authAddresses.login, { body: credentials, sendToken: false });
  return response.data;
}

export interface EmailVerificationRequirement {
  canResend: boolean;
  attemptsLeft: number;
}

/** The 403 that refuses sign-in until the e-mail is verified (SPEC §8), or null for any other failure. */
export function emailVerificationRequirement(error: unknown): EmailVerificationRequirement | null {
  if (!(error instanceof ApiError) || error.code !== 'email_unverified' || !error.body) return null;
  const attemptsLeft = error.body.resendAttemptsLeft;
  return {
    canResend: error.body.canResendVerification === true,
    attemptsLeft: typeof attemptsLeft === 'number' ? attemptsLeft : 0,
  };
}

/** docs/api.md: one multipart field per scalar, `address` as a JSON string, booleans as text. */
function registrationFormData(registration: Registration, licenseDocument: File): FormData {
  const form = new FormData();
  const { address, agreeToTerms, ...fields } = registration;
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('address', JSON.stringify(address));
  form.append('agreeToTerms', String(agreeToTerms));
  form.append('licenseDocument', licenseDocument);
  return form;
}

/** SPEC §4's client also starts a session when the answer carries one; Canopy's server never sends it. */
type Registered = RegisteredResponse & Partial<Pick<LoginResponse, 'data'>>;

export function registerAccount(
  registration: Registration,
  licenseDocument: File,
  onProgress: (fraction: number) => void,
): Promise<Registered> {
  return call(authAddresses.register, {
    body: registrationFormData(registration, licenseDocument),
    onProgress,
  });
}

export async function resendVerification(email: string): Promise<{ attemptsLeft: number }> {
  const response = await call(authAddresses.resendVerification, { body: { email } });
  return { attemptsLeft: response.attemptsLeft };
}

export function verifyEmail(token: string) {
  return call(authAddresses.verifyEmail, { body: { token } });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await call(authAddresses.forgotPassword, { body: { email } });
}

export async function resetPassword(input: RouteBody<typeof authContracts.resetPassword>) {
  await call(authAddresses.resetPassword, { body: input });
}

/** The 401 that asks for a second factor after a right password (decision 195), or null. */
export function twoFactorRequirement(error: unknown): { twoFactorToken: string } | null {
  if (!(error instanceof ApiError) || error.status !== 401 || error.body?.requiresTwoFactor !== true)
    return null;
  const token = error.body.twoFactorToken;
  return typeof token === 'string' ? { twoFactorToken: token } : null;
}

/** Finishes such a sign-in with a code from the authenticator app, or a recovery code. */
export async function verifyTwoFactor(input: TwoFactorVerifyInput): Promise<SessionDto> {
  const response = await call(authAddresses.verifyTwoFactor, { body: input, sendToken: false });
  return response.data;
}
