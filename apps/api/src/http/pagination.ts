import { singleLine } from '@canopy/shared';
import { z } from 'zod';

// Every paginated list answers the same envelope: `{success, data, pagination: {page, limit,
// total, pages}}` (SPEC §7 reads `pagination.pages`). A bad page or limit falls back to the default
// rather than failing: it comes from an address bar.

export const pageQuery = (defaultLimit: number, maxLimit = 100) =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
    limit: z.coerce.number().int().min(1).max(maxLimit).catch(defaultLimit),
  });

export function paginated<T, Extra extends object = object>(
  data: T[],
  { page, limit }: { page: number; limit: number },
  total: number,
  /** Fields a list adds beside SPEC's four (the catalog's `estimated`). */
  extra: Extra = {} as Extra,
) {
  return {
    success: true as const,
    data,
    pagination: { page, limit, total, pages: Math.ceil(total / limit), ...extra },
  };
}

/**
 * A list filter's search text, as typed in an address bar: one that is too long or holds control
 * characters (which PostgreSQL refuses in text) is no filter at all rather than an error.
 */
export const filterText = (maxLength: number) =>
  singleLine(z.string().trim().max(maxLength)).optional().catch(undefined);
