import type {
  MessageResponse,
  TwoFactorDisableInput,
  TwoFactorEnabledResponse,
  TwoFactorSetupResponse,
} from '@canopy/shared';
import { apiRequest } from '@/lib/api-client.ts';

// Two-factor sign-in settings (decision 195): a new key to add to an authenticator app, the app's
// first code to turn it on, and the password with a code to turn it off.

export async function startTwoFactorSetup(): Promise<TwoFactorSetupResponse['data']> {
  return (await apiRequest<TwoFactorSetupResponse>('/auth/2fa/setup', { method: 'POST' })).data;
}

export async function enableTwoFactor(code: string): Promise<TwoFactorEnabledResponse> {
  return apiRequest<TwoFactorEnabledResponse>('/auth/2fa/enable', { method: 'POST', body: { code } });
}

export async function disableTwoFactor(input: TwoFactorDisableInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/2fa/disable', { method: 'POST', body: input });
}
