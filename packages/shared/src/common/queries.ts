import { z } from 'zod';
import { singleLine } from './fields.ts';

// Builders for list queries that come from an address bar. A bad page, limit or filter falls back
// to its default rather than failing: a person who edits a link should still see a list.

/** `page` and `limit` of a paginated list; a bad value is answered with the default. */
export const pageQuery = (defaultLimit: number, maxLimit = 100) =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
    limit: z.coerce.number().int().min(1).max(maxLimit).catch(defaultLimit),
  });

/**
 * A list filter's search text: one that is too long or holds control characters (which PostgreSQL
 * refuses in text) is no filter at all rather than an error.
 */
export const filterText = (maxLength: number) =>
  singleLine(z.string().trim().max(maxLength)).optional().catch(undefined);
