import {
  CALIFORNIA_COUNTIES,
  type FacetBand,
  PRICE_FACET_BANDS,
  PRODUCT_CATEGORIES,
  type ProductFacetCountsDto,
  type ProductListQuery,
  THC_FACET_BANDS,
} from '@canopy/shared';
import { DIMS, type Dim } from './cells.ts';
import type { Docs } from './docs.ts';

// The catalog's filters as the index applies and counts them: one entry per filter, naming the
// query fields it reads and how a listing meets it. The SQL reference of the tests (facets.ts
// beside the service) states the same conditions; a filter added here and not there, or the other
// way round, fails them. A filter is either a choice among a cell dimension's values (cells.ts), or
// a range over a column; a range with bands is counted in its band dimension, and one that keeps
// whole bands is applied to the cells as a choice (decision 259).
//
// A listing without the value a bound asks about does not meet it (a price bound leaves out
// make-offer listings, a THC or CBD bound those that state none): NaN fails every comparison.

export type ListQuery = Pick<
  ProductListQuery,
  | 'category'
  | 'minPrice'
  | 'maxPrice'
  | 'minThc'
  | 'maxThc'
  | 'minCbd'
  | 'maxCbd'
  | 'minQuantity'
  | 'tested'
  | 'county'
  | 'sellerId'
>;

type Column = 'price' | 'thc' | 'cbd' | 'quantity' | 'seller';

export type IndexFacet = {
  name: 'category' | 'price' | 'thc' | 'cbd' | 'quantity' | 'tested' | 'county' | 'seller';
  /** The query's fields this filter reads. */
  fields: readonly (keyof ListQuery)[];
} & (
  | {
      kind: 'choice';
      /** Counted in this cell dimension. */
      dim: Dim;
      /** The one dimension value the query asks for, or undefined when it does not filter. */
      wanted(q: ListQuery): number | undefined;
    }
  | {
      kind: 'range';
      column: Column;
      /** Both bounds inclusive, or null when the query does not filter on it. */
      bounds(q: ListQuery, docs: Docs): readonly [lo: number, hi: number] | null;
      /** Counted in this band dimension. */
      banded?: { dim: Dim; bands: readonly FacetBand[] };
    }
);

const between = (min: number | undefined, max: number | undefined) =>
  min === undefined && max === undefined
    ? null
    : ([min ?? Number.NEGATIVE_INFINITY, max ?? Number.POSITIVE_INFINITY] as const);

export const INDEX_FACETS: readonly IndexFacet[] = [
  {
    name: 'category',
    fields: ['category'],
    kind: 'choice',
    dim: 'category',
    wanted: (q) => (q.category ? PRODUCT_CATEGORIES.indexOf(q.category) : undefined),
  },
  {
    name: 'price',
    fields: ['minPrice', 'maxPrice'],
    kind: 'range',
    column: 'price',
    bounds: (q) => between(q.minPrice, q.maxPrice),
    banded: { dim: 'price', bands: PRICE_FACET_BANDS },
  },
  {
    name: 'thc',
    fields: ['minThc', 'maxThc'],
    kind: 'range',
    column: 'thc',
    bounds: (q) => between(q.minThc, q.maxThc),
    banded: { dim: 'thc', bands: THC_FACET_BANDS },
  },
  {
    name: 'cbd',
    fields: ['minCbd', 'maxCbd'],
    kind: 'range',
    column: 'cbd',
    bounds: (q) => between(q.minCbd, q.maxCbd),
  },
  {
    name: 'quantity',
    fields: ['minQuantity'],
    kind: 'range',
    column: 'quantity',
    bounds: (q) => between(q.minQuantity, undefined),
  },
  {
    name: 'tested',
    fields: ['tested'],
    kind: 'choice',
    dim: 'tested',
    wanted: (q) => (q.tested ? 1 : undefined),
  },
  {
    name: 'county',
    fields: ['county'],
    kind: 'choice',
    dim: 'county',
    wanted: (q) => (q.county ? CALIFORNIA_COUNTIES.indexOf(q.county) + 1 : undefined),
  },
  {
    name: 'seller',
    fields: ['sellerId'],
    kind: 'range',
    column: 'seller',
    // A seller no listing names has a number no slot holds.
    bounds: (q, docs) => {
      if (!q.sellerId) return null;
      const wanted = docs.sellerNumber(q.sellerId);
      return [wanted, wanted];
    },
  },
];

/** Per cell dimension, how many listings count under each of its values. */
export type RawCounts = Uint32Array[];

/** The counts as the response carries them (a band dimension's value 0, none, is not shown). */
export function presentCounts(counts: RawCounts): ProductFacetCountsDto {
  const of = (dim: Dim) => counts[DIMS.indexOf(dim)] as Uint32Array;
  const banded = (dim: Dim, list: readonly FacetBand[]) =>
    list.map(([min, max], i) => ({ min, max, count: of(dim)[i + 1] ?? 0 }));
  return {
    category: PRODUCT_CATEGORIES.map((value, i) => ({ value, count: of('category')[i] ?? 0 })),
    county: CALIFORNIA_COUNTIES.flatMap((value, i) => {
      const count = of('county')[i + 1] ?? 0;
      return count > 0 ? [{ value, count }] : [];
    }),
    tested: of('tested')[1] ?? 0,
    price: banded('price', PRICE_FACET_BANDS),
    thc: banded('thc', THC_FACET_BANDS),
  };
}
