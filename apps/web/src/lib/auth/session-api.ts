import { authAddresses } from '@canopy/shared';
import { call } from '../api-call.ts';

// The two calls the session itself makes; everything else about auth lives in features/auth.

export async function fetchCurrentUser() {
  // A stale token at start-up just means "signed out": drop it without sending anyone to sign-in.
  const response = await call(authAddresses.me, { redirectOnUnauthorized: false });
  return response.user;
}

export async function endServerSession(): Promise<void> {
  await call(authAddresses.logout, { redirectOnUnauthorized: false });
}
