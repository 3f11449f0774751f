import { CALIFORNIA_COUNTIES } from '../constants.ts';
import { PRICE_FACET_MAX, QUANTITY_FACET_MAX } from './limits.ts';

// The catalog's facets (issue 15), in one registry: the query fields each reads, what kind of
// value it takes, the texts of its controls in the filter panel and whether the list counts its
// values (decision 258). Reading and writing an address, the panel's draft and its controls are
// all derived from it, so a facet is added here and in the index's filters (INDEX_FACETS), and a
// test names every consumer that was not kept current. Plain data and functions, not schemas: the
// web app reads its address with them, and its catalog pages must not fetch the schema library to
// do so (decision 177). The API's schema (schemas.ts) wraps the same readers, so a link narrows
// the list the same way on both sides.

export type County = (typeof CALIFORNIA_COUNTIES)[number];

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

/** What a range's numbers measure: it picks the panel's error texts and how its bands are written. */
export type FacetUnit = 'usd' | 'percent' | 'lbs';

/**
 * A number from 0 to `limit`, or a range of two (`fields` is [min, max]); `labels` name the
 * panel's number fields in the same order, and `bands`, when given, are counted and offered as
 * one-click choices that fill both bounds.
 */
interface RangeFacetSpec {
  kind: 'range';
  fields: readonly [string] | readonly [string, string];
  legend: string;
  labels: readonly [string] | readonly [string, string];
  limit: number;
  unit: FacetUnit;
  /** The number field's step: `any`, or the smallest difference the value can have. */
  step: string;
  bands?: readonly FacetBand[];
}

/** Only `true` narrows; the panel's checkbox, with the count of listings that meet it. */
interface FlagFacetSpec {
  kind: 'flag';
  fields: readonly [string];
  label: string;
  /** Follows the count under the checkbox: "7 lab-tested". */
  countLabel: string;
}

/** One of a fixed list; the panel's select, its options counted. */
interface ChoiceFacetSpec {
  kind: 'choice';
  fields: readonly [string];
  label: string;
  /** The empty option, which is no filter. */
  placeholder: string;
  values: readonly string[];
}

/**
 * A seller's id (RFC 9562). Not in the panel: a storefront's own page sets it, and applying the
 * panel leaves it as it was.
 */
interface IdFacetSpec {
  kind: 'id';
  fields: readonly [string];
}

export type ProductFacetSpec = RangeFacetSpec | FlagFacetSpec | ChoiceFacetSpec | IdFacetSpec;
export type ProductFacetKind = ProductFacetSpec['kind'];

/**
 * The facets in the order the address and a saved search write their fields; `name` is the
 * facet's name in the index (INDEX_FACETS) and in the list's counts.
 */
export const PRODUCT_FACETS = [
  {
    name: 'price',
    kind: 'range',
    fields: ['minPrice', 'maxPrice'],
    legend: 'Price per lb (USD)',
    labels: ['Min price', 'Max price'],
    limit: PRICE_FACET_MAX,
    unit: 'usd',
    step: '0.01',
    bands: PRICE_FACET_BANDS,
  },
  {
    name: 'thc',
    kind: 'range',
    fields: ['minThc', 'maxThc'],
    legend: 'THC %',
    labels: ['Min THC %', 'Max THC %'],
    limit: 100,
    unit: 'percent',
    step: 'any',
    bands: THC_FACET_BANDS,
  },
  {
    name: 'cbd',
    kind: 'range',
    fields: ['minCbd', 'maxCbd'],
    legend: 'CBD %',
    labels: ['Min CBD %', 'Max CBD %'],
    limit: 100,
    unit: 'percent',
    step: 'any',
  },
  {
    name: 'quantity',
    kind: 'range',
    fields: ['minQuantity'],
    legend: 'Quantity available',
    labels: ['At least (lbs)'],
    limit: QUANTITY_FACET_MAX,
    unit: 'lbs',
    step: 'any',
  },
  { name: 'tested', kind: 'flag', fields: ['tested'], label: 'Lab-tested only', countLabel: 'lab-tested' },
  {
    name: 'county',
    kind: 'choice',
    fields: ['county'],
    label: 'County',
    placeholder: 'All counties',
    values: CALIFORNIA_COUNTIES,
  },
  { name: 'seller', kind: 'id', fields: ['sellerId'] },
] as const satisfies readonly (ProductFacetSpec & { name: string })[];

type Facet = (typeof PRODUCT_FACETS)[number];
/** The registry's entries of one kind, with their literal fields and names. */
export type ProductFacetOfKind<K extends ProductFacetKind> = Extract<Facet, { kind: K }>;

export type ProductFacetName = Facet['fields'][number];
export type NumericFacetName = ProductFacetOfKind<'range'>['fields'][number];
export type FlagFacetName = ProductFacetOfKind<'flag'>['fields'][number];
export type ChoiceFacetName = ProductFacetOfKind<'choice'>['fields'][number];

/** The value a facet of each kind narrows by. */
type FacetValue<F extends Facet> = F extends { kind: 'range' }
  ? number
  : F extends { kind: 'flag' }
    ? true
    : F extends { kind: 'choice' }
      ? F['values'][number]
      : string;

/** The facets as read; each is absent (or undefined) when it does not narrow. */
export type ProductFacets = { [F in Facet as F['fields'][number]]?: FacetValue<F> };

/** The facets' fields in the order the address and a saved search write them. */
export const PRODUCT_FACET_NAMES: readonly ProductFacetName[] = PRODUCT_FACETS.flatMap(
  (facet) => facet.fields,
);

/** The registry's entries of one kind, in its order. */
export const productFacetsOfKind = <K extends ProductFacetKind>(kind: K): ProductFacetOfKind<K>[] =>
  PRODUCT_FACETS.filter((facet): facet is ProductFacetOfKind<K> => facet.kind === kind);

/**
 * The range a numeric facet accepts; a value outside it is no bound (not clamped). A function, not
 * a table built at import, so a bundle that does not ask leaves it out.
 */
export function numericFacetRange(name: NumericFacetName): readonly [min: number, max: number] {
  const facet = productFacetsOfKind('range').find(({ fields }) =>
    (fields as readonly string[]).includes(name),
  );
  return [0, facet?.limit ?? 0];
}

/** A numeric facet: a number in range, or nothing (a malformed or out-of-range value is ignored). */
export function readFacetNumber(value: unknown, [min, max]: readonly [number, number]): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(number) && number >= min && number <= max ? number : undefined;
}

/** Only `tested=true` narrows; any other value is no filter. */
export const readFacetFlag = (value: unknown): true | undefined =>
  value === 'true' || value === true ? true : undefined;

/**
 * The pattern zod's `z.string().uuid()` checks (RFC 9562, any version, plus the nil and max ids),
 * which the API's schema uses for the seller; the web app's reading needs it without zod.
 */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** One field's value as its facet reads it, or undefined when it does not narrow. */
function readFacetValue(facet: ProductFacetSpec, value: unknown): unknown {
  switch (facet.kind) {
    case 'range':
      return readFacetNumber(value, [0, facet.limit]);
    case 'flag':
      return readFacetFlag(value);
    case 'choice':
      return (facet.values as readonly unknown[]).includes(value) ? value : undefined;
    case 'id':
      return typeof value === 'string' && UUID.test(value) ? value : undefined;
    default: {
      // A new kind of facet fails the type check here until it is read.
      const unread: never = facet;
      return unread;
    }
  }
}

/**
 * The facets among raw query values (a string each, as an address carries them), with only those
 * that narrow: the same reading as the API's `productFacets`, without the schema library.
 */
export function readProductFacets(raw: Partial<Record<ProductFacetName, unknown>>): ProductFacets {
  const facets: Record<string, unknown> = {};
  for (const facet of PRODUCT_FACETS) {
    for (const field of facet.fields) {
      const value = readFacetValue(facet, raw[field]);
      if (value !== undefined) facets[field] = value;
    }
  }
  return facets as ProductFacets;
}
