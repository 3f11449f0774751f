import { z } from 'zod';

// The envelopes every JSON answer of the API shares (SPEC §7). Response schemas name every field a
// client may read; the API serialises from them, so a field not named here never leaves.

/** `success: true` on every answer that is not a failure. */
export const succeeded = z.literal(true);

/** An answer that only says what happened: `{success, message}`. */
export const messageResponse = z.object({ success: succeeded, message: z.string() });

export const paginationDto = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type PaginationDto = z.infer<typeof paginationDto>;

/** Every paginated list: `{success, data, pagination}` (SPEC §7 reads `pagination.pages`). */
export const paginatedResponse = <Item extends z.ZodType>(item: Item) =>
  z.object({ success: succeeded, data: z.array(item), pagination: paginationDto });

/** A list read page by page with a cursor: the next page starts after `nextCursor`. */
export const cursorPageResponse = <Item extends z.ZodType>(item: Item) =>
  z.object({ success: succeeded, data: z.array(item), nextCursor: z.string().nullable() });

/**
 * SPEC's failure body. A few failures add fields a client acts on; they are named here so the
 * OpenAPI document lists them (the object stays open: the wire body is built by the error handler).
 */
export const failureResponse = z.looseObject({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  /** One of FAILURE_CODES (failure-codes.ts; not imported here, which would make a cycle). */
  code: z.string(),
  requiresEmailVerification: z.boolean().optional().describe('Sign-in refused until the address is verified'),
  canResendVerification: z.boolean().optional(),
  resendAttemptsLeft: z.number().int().optional(),
  attemptsLeft: z.number().int().optional().describe('Resend verification: mails left for this address'),
  retryAfter: z.number().optional().describe('Sign-in slowed down: seconds before the next attempt is read'),
  alreadyVerified: z.boolean().optional().describe('Verify e-mail: the link was opened before; sign in'),
  licenseCheck: z.unknown().optional().describe('A refused approval: the license check that blocks it'),
  requiresTwoFactor: z
    .boolean()
    .optional()
    .describe('Sign-in (401): the password was right; send twoFactorToken and a code to /auth/2fa/verify'),
  twoFactorToken: z.string().optional().describe('Sign-in: good for 5 minutes and one successful code'),
});
export type FailureBody = z.infer<typeof failureResponse>;

/** GET /health while the instance can serve (a 503 with the failure body while it cannot). */
export const healthResponse = z.object({ status: z.literal('ok') });
export type MessageResponse = z.infer<typeof messageResponse>;
