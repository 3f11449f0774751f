import { z } from 'zod';
import { PRODUCT_CATEGORIES, PRODUCT_SORTS } from '../constants.ts';
import { PRODUCT_QUERY_MAX, PRODUCTS_MAX_LIMIT, PRODUCTS_MAX_PAGE, PRODUCTS_PAGE_SIZE } from './limits.ts';

const clampedInt = (fallback: number, min: number, max: number) =>
  z.preprocess((value) => {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
    return Number.isFinite(number) ? Math.min(max, Math.max(min, Math.trunc(number))) : fallback;
  }, z.number().int());

/**
 * GET /products. Public and linkable, so it is lenient: a malformed page or limit falls back to
 * its default, out-of-range values are clamped, and an unknown category or sort is ignored.
 */
export const productListQuery = z.object({
  page: clampedInt(1, 1, PRODUCTS_MAX_PAGE),
  limit: clampedInt(PRODUCTS_PAGE_SIZE, 1, PRODUCTS_MAX_LIMIT),
  query: z
    .string()
    .trim()
    .transform((text) => text.slice(0, PRODUCT_QUERY_MAX))
    .optional()
    .catch(undefined),
  category: z.enum(PRODUCT_CATEGORIES).optional().catch(undefined),
  sort: z.enum(PRODUCT_SORTS).catch('newest').default('newest'),
});
export type ProductListQuery = z.output<typeof productListQuery>;
