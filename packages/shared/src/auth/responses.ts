import { z } from 'zod';
import { userDto } from '../accounts/responses.ts';
import { succeeded } from '../common/responses.ts';

// Wire shapes of the sign-up and sign-in calls (SPEC §7).

/** A new session: the bearer token and who it belongs to. */
export const sessionDto = z.object({ token: z.string(), user: userDto });
export type SessionDto = z.infer<typeof sessionDto>;

export const registeredResponse = z.object({
  success: succeeded,
  requiresEmailVerification: z.literal(true),
  message: z.string(),
});

export const loginResponse = z.object({ success: succeeded, data: sessionDto });
export type LoginResponse = z.infer<typeof loginResponse>;

export const emailVerifiedResponse = loginResponse.extend({ message: z.string() });

export const verificationResentResponse = z.object({
  success: succeeded,
  message: z.string(),
  /** Links this address may still ask for today. */
  attemptsLeft: z.number().int(),
});
export type VerificationResentResponse = z.infer<typeof verificationResentResponse>;

export const currentUserResponse = z.object({ success: succeeded, user: userDto });
export type CurrentUserResponse = z.infer<typeof currentUserResponse>;
export type RegisteredResponse = z.infer<typeof registeredResponse>;
export type EmailVerifiedResponse = z.infer<typeof emailVerifiedResponse>;
