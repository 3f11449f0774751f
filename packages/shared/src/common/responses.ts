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

/** SPEC's failure body. Some failures add fields (e.g. requiresEmailVerification). */
export const failureResponse = z.looseObject({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
});
export type FailureBody = z.infer<typeof failureResponse>;

/** GET /health while the instance can serve (a 503 with the failure body while it cannot). */
export const healthResponse = z.object({ status: z.literal('ok') });
export type MessageResponse = z.infer<typeof messageResponse>;
