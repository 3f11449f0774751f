import {
  PRODUCT_CATEGORIES,
  PRODUCT_QUERY_MAX,
  PRODUCT_SORTS,
  PRODUCTS_MAX_LIMIT,
  PRODUCTS_PAGE_SIZE,
} from '@canopy/shared';
import { z } from 'zod';

/**
 * Deepest page served (120,000 listings in at 12 a page, an index-only scan of ~16 ms at a million
 * listings); a deeper page number is answered as this page. Nobody pages that far by hand.
 */
export const MAX_PAGE = 10_000;

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
  page: clampedInt(1, 1, MAX_PAGE),
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
