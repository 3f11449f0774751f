import { CALIFORNIA_COUNTIES } from '../constants.ts';
import { PRICE_FACET_MAX, QUANTITY_FACET_MAX } from './limits.ts';

// The catalog's facets (issue 15) and how one value of the query string is read for each. Plain
// functions, not schemas: the web app reads its address with them, and its catalog pages must not
// fetch the schema library to do so (decision 177). The API's schema (schemas.ts) wraps the same
// readers, so a link narrows the list the same way on both sides.

export type County = (typeof CALIFORNIA_COUNTIES)[number];

/** The facets in the order the address and a saved search write them. */
export const PRODUCT_FACET_NAMES = [
  'minPrice',
  'maxPrice',
  'minThc',
  'maxThc',
  'minCbd',
  'maxCbd',
  'minQuantity',
  'tested',
  'county',
  'sellerId',
] as const;
export type ProductFacetName = (typeof PRODUCT_FACET_NAMES)[number];

/** The facets as read; each is absent (or undefined) when it does not narrow. */
export interface ProductFacets {
  minPrice?: number;
  maxPrice?: number;
  minThc?: number;
  maxThc?: number;
  minCbd?: number;
  maxCbd?: number;
  minQuantity?: number;
  tested?: true;
  county?: County;
  sellerId?: string;
}

export type NumericFacetName = Exclude<ProductFacetName, 'tested' | 'county' | 'sellerId'>;

/** The range each numeric facet accepts; a value outside it is no bound (not clamped). */
export const NUMERIC_FACET_RANGES: Record<NumericFacetName, readonly [min: number, max: number]> = {
  minPrice: [0, PRICE_FACET_MAX],
  maxPrice: [0, PRICE_FACET_MAX],
  minThc: [0, 100],
  maxThc: [0, 100],
  minCbd: [0, 100],
  maxCbd: [0, 100],
  minQuantity: [0, QUANTITY_FACET_MAX],
};

/** A numeric facet: a number in range, or nothing (a malformed or out-of-range value is ignored). */
export function readFacetNumber(value: unknown, [min, max]: readonly [number, number]): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(number) && number >= min && number <= max ? number : undefined;
}

/** Only `tested=true` narrows; any other value is no filter. */
export const readFacetFlag = (value: unknown): true | undefined =>
  value === 'true' || value === true ? true : undefined;

const readCounty = (value: unknown): County | undefined =>
  (CALIFORNIA_COUNTIES as readonly unknown[]).includes(value) ? (value as County) : undefined;

/**
 * The pattern zod's `z.string().uuid()` checks (RFC 9562, any version, plus the nil and max ids),
 * which the API's schema uses for the seller; the web app's reading needs it without zod.
 */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

const readSellerId = (value: unknown): string | undefined =>
  typeof value === 'string' && UUID.test(value) ? value : undefined;

/**
 * The facets among raw query values (a string each, as an address carries them), with only those
 * that narrow: the same reading as the API's `productFacets`, without the schema library.
 */
export function readProductFacets(raw: Partial<Record<ProductFacetName, unknown>>): ProductFacets {
  const facets: ProductFacets = {};
  for (const name of Object.keys(NUMERIC_FACET_RANGES) as NumericFacetName[]) {
    const value = readFacetNumber(raw[name], NUMERIC_FACET_RANGES[name]);
    if (value !== undefined) facets[name] = value;
  }
  const tested = readFacetFlag(raw.tested);
  if (tested) facets.tested = tested;
  const county = readCounty(raw.county);
  if (county) facets.county = county;
  const sellerId = readSellerId(raw.sellerId);
  if (sellerId) facets.sellerId = sellerId;
  return facets;
}

/** A band a numeric facet's counts are given in: both bounds inclusive, max null for none. */
export type FacetBand = readonly [min: number, max: number | null];

/**
 * The price bands (per pound) and THC bands (percent) the catalog counts listings in (decision 252).
 * Prices and contents have two decimals, so each band ends one cent (or 0.01 %) below the next.
 */
export const PRICE_FACET_BANDS: readonly FacetBand[] = [
  [0, 499.99],
  [500, 999.99],
  [1000, 1999.99],
  [2000, 3999.99],
  [4000, null],
];
export const THC_FACET_BANDS: readonly FacetBand[] = [
  [0, 14.99],
  [15, 19.99],
  [20, 24.99],
  [25, 29.99],
  [30, null],
];
