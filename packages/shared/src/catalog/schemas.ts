import { z } from 'zod';
import { CALIFORNIA_COUNTIES, PRODUCT_CATEGORIES, PRODUCT_SORTS } from '../constants.ts';
import { NUMERIC_FACET_RANGES, type ProductFacetName, readFacetFlag, readFacetNumber } from './facets.ts';
import { PRODUCT_QUERY_MAX, PRODUCTS_MAX_LIMIT, PRODUCTS_MAX_PAGE, PRODUCTS_PAGE_SIZE } from './limits.ts';

const clampedInt = (fallback: number, min: number, max: number) =>
  z.preprocess((value) => {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
    return Number.isFinite(number) ? Math.min(max, Math.max(min, Math.trunc(number))) : fallback;
  }, z.number().int());

/** An optional numeric facet, read by the same function the web app's catalog uses (facets.ts). */
const bound = (name: keyof typeof NUMERIC_FACET_RANGES) =>
  z.preprocess((value) => readFacetNumber(value, NUMERIC_FACET_RANGES[name]), z.number().optional());

/**
 * Facets beyond SPEC's filters (issue 15), combinable with the query and the category. Lenient for
 * the same reason: a hand-edited link narrows by what it can read and ignores the rest.
 */
export const productFacets = {
  minPrice: bound('minPrice'),
  maxPrice: bound('maxPrice'),
  minThc: bound('minThc'),
  maxThc: bound('maxThc'),
  minCbd: bound('minCbd'),
  maxCbd: bound('maxCbd'),
  minQuantity: bound('minQuantity'),
  tested: z.preprocess(readFacetFlag, z.literal(true).optional()),
  county: z.enum(CALIFORNIA_COUNTIES).optional().catch(undefined),
  sellerId: z.string().uuid().optional().catch(undefined),
} satisfies Record<ProductFacetName, z.ZodType>;

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
  ...productFacets,
});
export type ProductListQuery = z.output<typeof productListQuery>;
