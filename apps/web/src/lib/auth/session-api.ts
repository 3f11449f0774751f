import type { UserDto } from '@canopy/shared';
import { apiRequest } from '../api-client.ts';

// The two calls the session itself makes; everything else about auth lives in features/auth.

export async function fetchCurrentUser(): Promise<UserDto> {
  // A stale token at start-up just means "signed out": drop it without sending anyone to sign-in.
  const response = await apiRequest<{ user: UserDto }>('/auth/me', { redirectOnUnauthorized: false });
  return response.user;
}

export async function endServerSession(): Promise<void> {
  await apiRequest('/auth/logout', { method: 'POST', redirectOnUnauthorized: false });
}
