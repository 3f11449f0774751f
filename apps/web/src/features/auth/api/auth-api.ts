import type { Registration, UserDto } from '@canopy/shared';
import { ApiError, apiRequest, uploadWithProgress } from '@/lib/api-client.ts';

// The auth calls of docs/api.md. Responses are typed as far as the screens read them.

export interface SessionPayload {
  token: string;
  user: UserDto;
}

export async function login(credentials: { email: string; password: string }): Promise<SessionPayload> {
  const response = await apiRequest<{ data: SessionPayload }>('/auth/login', {
    method: 'POST',
    body: credentials,
    sendToken: false,
  });
  return response.data;
}

export interface EmailVerificationRequirement {
  canResend: boolean;
  attemptsLeft: number;
}

/** The 403 that refuses sign-in until the e-mail is verified (SPEC §8), or null for any other failure. */
export function emailVerificationRequirement(error: unknown): EmailVerificationRequirement | null {
  if (
    !(error instanceof ApiError) ||
    error.status !== 403 ||
    error.body?.requiresEmailVerification !== true
  ) {
    return null;
  }
  const attemptsLeft = error.body.resendAttemptsLeft;
  return {
    canResend: error.body.canResendVerification === true,
    attemptsLeft: typeof attemptsLeft === 'number' ? attemptsLeft : 0,
  };
}

export interface RegistrationResponse {
  requiresEmailVerification?: boolean;
  data?: SessionPayload;
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

export function registerAccount(
  registration: Registration,
  licenseDocument: File,
  onProgress: (fraction: number) => void,
): Promise<RegistrationResponse> {
  return uploadWithProgress('/auth/register', registrationFormData(registration, licenseDocument), {
    onProgress,
  });
}

export async function resendVerification(email: string): Promise<{ attemptsLeft: number }> {
  const response = await apiRequest<{ attemptsLeft?: number }>('/auth/resend-verification', {
    method: 'POST',
    body: { email },
  });
  return { attemptsLeft: response.attemptsLeft ?? 0 };
}

export interface VerifyEmailResponse {
  data?: Partial<SessionPayload> | null;
}

export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return apiRequest('/auth/verify-email', { method: 'POST', body: { token } });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest('/auth/forgot-password', { method: 'POST', body: { email } });
}

export async function resetPassword(input: { token: string; password: string; confirmPassword?: string }) {
  await apiRequest('/auth/reset-password', { method: 'POST', body: input });
}
