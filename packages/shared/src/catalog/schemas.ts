import { z } from 'zod';
import { CALIFORNIA_COUNTIES, PRODUCT_CATEGORIES, PRODUCT_SORTS } from '../constants.ts';
import {
  PRICE_FACET_MAX,
  PRODUCT_QUERY_MAX,
  PRODUCTS_MAX_LIMIT,
  PRODUCTS_MAX_PAGE,
  PRODUCTS_PAGE_SIZE,
  QUANTITY_FACET_MAX,
} from './limits.ts';

const clampedInt = (fallback: number, min: number, max: number) =>
  z.preprocess((value) => {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
    return Number.isFinite(number) ? Math.min(max, Math.max(min, Math.trunc(number))) : fallback;
  }, z.number().int());

/** An optional facet bound: a number in range, or nothing (a malformed or out-of-range value is ignored). */
const bound = (min: number, max: number) =>
  z.preprocess((value) => {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
    return Number.isFinite(number) && number >= min && number <= max ? number : undefined;
  }, z.number().optional());

/**
 * Facets beyond SPEC's filters (issue 15), combinable with the query and the category. Lenient for
 * the same reason: a hand-edited link narrows by what it can read and ignores the rest.
 */
export const productFacets = {
  minPrice: bound(0, PRICE_FACET_MAX),
  maxPrice: bound(0, PRICE_FACET_MAX),
  minThc: bound(0, 100),
  maxThc: bound(0, 100),
  minCbd: bound(0, 100),
  maxCbd: bound(0, 100),
  minQuantity: bound(0, QUANTITY_FACET_MAX),
  /** Only `tested=true` narrows; any other value is no filter. */
  tested: z.preprocess(
    (value) => (value === 'true' || value === true ? true : undefined),
    z.literal(true).optional(),
  ),
  county: z.enum(CALIFORNIA_COUNTIES).optional().catch(undefined),
  sellerId: z.string().uuid().optional().catch(undefined),
};
export type ProductFacetName = keyof typeof productFacets;
export const PRODUCT_FACET_NAMES = Object.keys(productFacets) as ProductFacetName[];

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
