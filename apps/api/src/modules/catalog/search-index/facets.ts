import {
  CALIFORNIA_COUNTIES,
  type FacetBand,
  PRICE_FACET_BANDS,
  PRODUCT_CATEGORIES,
  type ProductFacetCountsDto,
  type ProductListQuery,
  THC_FACET_BANDS,
} from '@canopy/shared';
import type { Docs } from './docs.ts';

// The catalog's filters as the index applies and counts them: one entry per filter, naming the
// query fields it reads, how a listing meets it, and (for those shown with counts) the values it
// counts a listing under. The SQL reference of the tests (facets.ts beside the service) states
// the same conditions; a filter added here and not there, or the other way round, fails them.
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

interface Counting {
  /** How many values a listing can be counted under. */
  values: number;
  /** The value a listing counts under, or -1 for none. */
  valueOf(docs: Docs, slot: number): number;
}

export interface IndexFacet {
  name: 'category' | 'price' | 'thc' | 'cbd' | 'quantity' | 'tested' | 'county' | 'seller';
  /** The query's fields this filter reads. */
  fields: readonly (keyof ListQuery)[];
  /** A test of one listing, when the query asks for this filter (else null). */
  filter(q: ListQuery, docs: Docs): ((slot: number) => boolean) | null;
  counting?: Counting;
}

/** Both bounds inclusive; either may be absent. */
function range(
  column: (docs: Docs) => Float64Array,
  min: number | undefined,
  max: number | undefined,
  docs: Docs,
): ((slot: number) => boolean) | null {
  if (min === undefined && max === undefined) return null;
  const values = column(docs);
  const lo = min ?? Number.NEGATIVE_INFINITY;
  const hi = max ?? Number.POSITIVE_INFINITY;
  return (slot) => {
    const value = values[slot] as number;
    return value >= lo && value <= hi;
  };
}

function bands(column: (docs: Docs) => Float64Array, list: readonly FacetBand[]): Counting {
  return {
    values: list.length,
    valueOf(docs, slot) {
      const value = column(docs)[slot] as number;
      if (Number.isNaN(value)) return -1;
      for (let i = 0; i < list.length; i++) {
        const [min, max] = list[i] as FacetBand;
        if (value >= min && (max === null || value <= max)) return i;
      }
      return -1;
    },
  };
}

export const INDEX_FACETS: readonly IndexFacet[] = [
  {
    name: 'category',
    fields: ['category'],
    filter: (q, docs) => {
      if (!q.category) return null;
      const wanted = PRODUCT_CATEGORIES.indexOf(q.category);
      return (slot) => docs.category[slot] === wanted;
    },
    counting: { values: PRODUCT_CATEGORIES.length, valueOf: (docs, slot) => docs.category[slot] as number },
  },
  {
    name: 'price',
    fields: ['minPrice', 'maxPrice'],
    filter: (q, docs) => range((d) => d.price, q.minPrice, q.maxPrice, docs),
    counting: bands((d) => d.price, PRICE_FACET_BANDS),
  },
  {
    name: 'thc',
    fields: ['minThc', 'maxThc'],
    filter: (q, docs) => range((d) => d.thc, q.minThc, q.maxThc, docs),
    counting: bands((d) => d.thc, THC_FACET_BANDS),
  },
  {
    name: 'cbd',
    fields: ['minCbd', 'maxCbd'],
    filter: (q, docs) => range((d) => d.cbd, q.minCbd, q.maxCbd, docs),
  },
  {
    name: 'quantity',
    fields: ['minQuantity'],
    filter: (q, docs) => range((d) => d.quantity, q.minQuantity, undefined, docs),
  },
  {
    name: 'tested',
    fields: ['tested'],
    filter: (q, docs) => (q.tested ? (slot) => docs.tested[slot] === 1 : null),
    counting: { values: 1, valueOf: (docs, slot) => (docs.tested[slot] === 1 ? 0 : -1) },
  },
  {
    name: 'county',
    fields: ['county'],
    filter: (q, docs) => {
      if (!q.county) return null;
      const wanted = CALIFORNIA_COUNTIES.indexOf(q.county) + 1;
      return (slot) => docs.county[slot] === wanted;
    },
    counting: {
      values: CALIFORNIA_COUNTIES.length + 1,
      valueOf: (docs, slot) => docs.county[slot] as number,
    },
  },
  {
    name: 'seller',
    fields: ['sellerId'],
    filter: (q, docs) => {
      if (!q.sellerId) return null;
      const wanted = docs.sellerNumber(q.sellerId);
      return (slot) => docs.seller[slot] === wanted;
    },
  },
];

/** The counts of the counted facets, per value, as the index gathers them. */
export type RawCounts = Map<IndexFacet['name'], Uint32Array>;

export function emptyCounts(): RawCounts {
  return new Map(
    INDEX_FACETS.flatMap((facet) =>
      facet.counting ? [[facet.name, new Uint32Array(facet.counting.values)] as const] : [],
    ),
  );
}

/** The counts as the response carries them. */
export function presentCounts(counts: RawCounts): ProductFacetCountsDto {
  const of = (name: IndexFacet['name']) => counts.get(name) ?? new Uint32Array(0);
  const banded = (name: IndexFacet['name'], list: readonly FacetBand[]) =>
    list.map(([min, max], i) => ({ min, max, count: of(name)[i] ?? 0 }));
  return {
    category: PRODUCT_CATEGORIES.map((value, i) => ({ value, count: of('category')[i] ?? 0 })),
    county: CALIFORNIA_COUNTIES.flatMap((value, i) => {
      const count = of('county')[i + 1] ?? 0;
      return count > 0 ? [{ value, count }] : [];
    }),
    tested: of('tested')[0] ?? 0,
    price: banded('price', PRICE_FACET_BANDS),
    thc: banded('thc', THC_FACET_BANDS),
  };
}
