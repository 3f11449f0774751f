import { authAddresses, type TwoFactorDisableInput } from '@canopy/shared';
import { call } from '@/lib/api-call.ts';

// Two-factor sign-in settings (decision 195): a new key to add to an authenticator app, the app's
// first code to turn it on, and the password with a code to turn it off.

export async function startTwoFactorSetup() {
  return (await call(authAddresses.startTwoFactorSetup)).data;
}

export function enableTwoFactor(code: string) {
  return call(authAddresses.enableTwoFactor, { body: { code } });
}

export function disableTwoFactor(input: TwoFactorDisableInput) {
  return call(authAddresses.disableTwoFactor, { body: input });
}
