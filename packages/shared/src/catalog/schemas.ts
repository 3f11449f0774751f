import { z } from 'zod';
import { CALIFORNIA_COUNTIES, PRODUCT_CATEGORIES, PRODUCT_SORTS } from '../constants.ts';
import { PRODUCTS } from '../texts.ts';
import {
  type NumericFacetName,
  numericFacetRange,
  type ProductFacetName,
  productFacetsOfKind,
  readFacetFlag,
  readFacetNumber,
} from './facets.ts';
import { PRODUCT_QUERY_MAX, PRODUCTS_MAX_LIMIT, PRODUCTS_MAX_PAGE, PRODUCTS_PAGE_SIZE } from './limits.ts';

/**
 * A query-string value as a number: absent or blank is no value; a string is read (NaN when it is
 * no number); anything else (a repeated parameter's list) is no number.
 */
function numberOf(value: unknown): number | undefined {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
  return typeof value === 'string' ? Number(value) : Number.NaN;
}

/**
 * A page or a size: absent or blank takes its default, and a number out of range is clamped (a
 * link with page=999 still finds the last one); what is no number is refused, naming it.
 */
const clampedInt = (name: string, fallback: number, min: number, max: number) =>
  z.preprocess((value) => {
    const number = numberOf(value);
    if (number === undefined) return fallback;
    return Number.isFinite(number) ? Math.min(max, Math.max(min, Math.trunc(number))) : number;
  }, z.number({ error: PRODUCTS.numberInvalid(name) }).int());

/**
 * A numeric facet as GET /products takes it: absent or blank is no bound; anything else must be a
 * number in the facet's range, or the call is refused naming the parameter (issue 27, decision
 * 188), since a bound read as none would answer every product.
 */
const strictBound = (name: NumericFacetName) => {
  const [min, max] = numericFacetRange(name);
  const refusal = PRODUCTS.numberOutOfRange(name, min, max);
  return z.preprocess(numberOf, z.number({ error: refusal }).min(min, refusal).max(max, refusal).optional());
};

/** A numeric facet read leniently, by the same function the web app reads its address with (facets.ts). */
const lenientBound = (name: NumericFacetName) =>
  z.preprocess((value) => readFacetNumber(value, numericFacetRange(name)), z.number().optional());

/** Every range field of the facet registry, each read by `bound`. */
const numericFacets = <T extends z.ZodType>(bound: (name: NumericFacetName) => T) =>
  Object.fromEntries(
    productFacetsOfKind('range').flatMap(({ fields }) => fields.map((name) => [name, bound(name)])),
  ) as Record<NumericFacetName, T>;

/**
 * SPEC's filters, lenient: the URL is public and linkable, so an unknown category or sort is no
 * filter rather than an error.
 */
const specFilters = {
  query: z
    .string()
    .trim()
    .transform((text) => text.slice(0, PRODUCT_QUERY_MAX))
    .optional()
    .catch(undefined),
  category: z.enum(PRODUCT_CATEGORIES).optional().catch(undefined),
  sort: z.enum(PRODUCT_SORTS).catch('newest').default('newest'),
};

/** The facets that are not numbers: an unknown county or seller, or tested≠true, is no filter. */
const otherFacets = {
  tested: z.preprocess(readFacetFlag, z.literal(true).optional()),
  county: z.enum(CALIFORNIA_COUNTIES).optional().catch(undefined),
  sellerId: z.string().uuid().optional().catch(undefined),
};

/**
 * Issue 15's facets as the catalog's page reads its address, the same as the zod-free reader the
 * web app uses (facets.ts): a number it cannot read is no bound there.
 */
export const productFacets = {
  ...numericFacets(lenientBound),
  ...otherFacets,
} satisfies Record<ProductFacetName, z.ZodType>;

/**
 * The catalog's filters as the page reads its address: what a saved search keeps from the address
 * the web app shows (decision 150).
 */
export const productFilterReading = z.object({ ...specFilters, ...productFacets });

/**
 * GET /products. The page and its size default, clamp and refuse only what is no number; the
 * numeric facets are refused when malformed or out of range; everything else is lenient.
 */
export const productListQuery = z.object({
  page: clampedInt('page', 1, 1, PRODUCTS_MAX_PAGE),
  limit: clampedInt('limit', PRODUCTS_PAGE_SIZE, 1, PRODUCTS_MAX_LIMIT),
  ...specFilters,
  ...numericFacets(strictBound),
  ...otherFacets,
});
export type ProductListQuery = z.output<typeof productListQuery>;
