import {
  CALIFORNIA_COUNTIES,
  PRICE_FACET_BANDS,
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  type ProductSort,
  THC_FACET_BANDS,
} from '@canopy/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandOf, DIMS } from './cells.ts';
import { compareCodePoints } from './columns.ts';
import type { ListingDoc } from './docs.ts';
import type { ListQuery } from './facets.ts';
import { type IndexQuery, SearchIndex } from './store.ts';
import type { WordTree } from './words.ts';

// The index against a plain reading of its listings, at a size the SQL property test cannot reach
// in a test's time (catalog-search-index.property.test.ts compares with PostgreSQL over 160): more
// listings than cells, so the scan counts per cell; words and strains whose listings sit together
// in the name order, so page walks give up and select; edits between searches, so the per-cell
// totals and the orders move as listings change.

const LISTINGS = 40_000;
const RUNS = Number(process.env.FAST_CHECK_RUNS ?? 80);
const STRAINS = ['blue dream', 'gelato', 'kush mints', 'og kush', 'runtz', 'zkittlez'];
const COUNTIES = CALIFORNIA_COUNTIES.slice(0, 6);

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function makeDoc(i: number, rand: () => number): ListingDoc {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  // A skewed strain: most listings are of the first two, so their names cluster in the name order.
  const strain = STRAINS[Math.min(STRAINS.length - 1, Math.floor(rand() ** 2 * STRAINS.length))] as string;
  const cents = (max: number) => Math.round(rand() * max * 100) / 100;
  const category = pick(PRODUCT_CATEGORIES);
  return {
    id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
    visible: rand() < 0.9,
    category,
    sellerId: `seller-${Math.floor(rand() * 40)}`,
    county: pick(COUNTIES),
    tested: rand() < 0.4,
    price: rand() < 0.85 ? cents(6000) : null,
    thc: rand() < 0.8 ? cents(40) : null,
    cbd: rand() < 0.3 ? cents(5) : null,
    quantity: cents(50),
    createdUs: Math.floor(rand() * 1e6) * 1000,
    // Grouped by strain, then category, in the name order, as "strain, type, grade" titles are.
    nameKey: `${strain} ${category} ${Math.floor(rand() * 100)}`,
    lexemes: [...strain.split(' '), pick(['flower', 'vape', 'gummi']), `lot${i % 97}`],
  };
}

interface Query extends ListQuery {
  words: WordTree | null;
}

/** A listing of the reference meets the query but, possibly, one facet's filter. */
function meets(doc: ListingDoc, q: Query, leave?: string): boolean {
  const within = (value: number | null, min?: number, max?: number) =>
    (min === undefined && max === undefined) ||
    (value !== null &&
      value >= (min ?? Number.NEGATIVE_INFINITY) &&
      value <= (max ?? Number.POSITIVE_INFINITY));
  const has = (tree: WordTree): boolean => {
    if (tree.kind === 'term')
      return doc.lexemes.some((lexeme) =>
        tree.prefix ? lexeme.startsWith(tree.lexeme) : lexeme === tree.lexeme,
      );
    if (tree.kind === 'and') return tree.parts.every(has);
    if (tree.kind === 'or') return tree.parts.some(has);
    return false;
  };
  return (
    doc.visible &&
    (!q.words || has(q.words)) &&
    (leave === 'category' || !q.category || doc.category === q.category) &&
    (leave === 'county' || !q.county || doc.county === q.county) &&
    (leave === 'tested' || !q.tested || doc.tested) &&
    (leave === 'price' || within(doc.price, q.minPrice, q.maxPrice)) &&
    (leave === 'thc' || within(doc.thc, q.minThc, q.maxThc)) &&
    within(doc.cbd, q.minCbd, q.maxCbd) &&
    within(doc.quantity, q.minQuantity) &&
    (!q.sellerId || doc.sellerId === q.sellerId)
  );
}

function compare(sort: ProductSort): (a: ListingDoc, b: ListingDoc) => number {
  const byId = (a: ListingDoc, b: ListingDoc) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const byPrice = (a: ListingDoc, b: ListingDoc) =>
    a.price === null || b.price === null
      ? (a.price === null ? 1 : 0) - (b.price === null ? 1 : 0)
      : a.price - b.price;
  switch (sort) {
    case 'oldest':
      return (a, b) => a.createdUs - b.createdUs || byId(a, b);
    case 'newest':
      return (a, b) => b.createdUs - a.createdUs || byId(b, a);
    case 'name_asc':
      return (a, b) => compareCodePoints(a.nameKey, b.nameKey) || byId(a, b);
    case 'name_desc':
      return (a, b) => compareCodePoints(b.nameKey, a.nameKey) || byId(b, a);
    case 'price_asc':
      return (a, b) => byPrice(a, b) || byId(a, b);
    default:
      return (a, b) =>
        a.price === null || b.price === null ? byPrice(a, b) || byId(b, a) : b.price - a.price || byId(b, a);
  }
}

/** The counts per dimension value, as the index reports them. */
function referenceCounts(docs: readonly ListingDoc[], q: Query): number[][] {
  const counts = DIMS.map((dim) =>
    new Array<number>(
      dim === 'category'
        ? PRODUCT_CATEGORIES.length
        : dim === 'county'
          ? CALIFORNIA_COUNTIES.length + 1
          : dim === 'tested'
            ? 2
            : (dim === 'price' ? PRICE_FACET_BANDS : THC_FACET_BANDS).length + 1,
    ).fill(0),
  );
  const dimValueOf = (doc: ListingDoc, dim: (typeof DIMS)[number]) =>
    dim === 'category'
      ? PRODUCT_CATEGORIES.indexOf(doc.category as never)
      : dim === 'county'
        ? CALIFORNIA_COUNTIES.indexOf(doc.county as never) + 1
        : dim === 'tested'
          ? Number(doc.tested)
          : bandOf(
              (dim === 'price' ? doc.price : doc.thc) ?? Number.NaN,
              dim === 'price' ? PRICE_FACET_BANDS : THC_FACET_BANDS,
            );
  DIMS.forEach((dim, d) => {
    for (const doc of docs) {
      const of = counts[d] as number[];
      const value = dimValueOf(doc, dim);
      if (meets(doc, q, dim)) of[value] = (of[value] as number) + 1;
    }
  });
  return counts;
}

/** Present in about one query in four, so that most queries still match listings. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary, weight: 1 });
const term = (lexeme: string, prefix = false): WordTree => ({ kind: 'term', lexeme, prefix });
const queryArbitrary = fc.record({
  words: fc.oneof(
    { arbitrary: fc.constant(null), weight: 1 },
    {
      // 'lot' is a prefix of every listing's lexemes: more candidates than cells, which are
      // tallied per cell.
      arbitrary: fc.constantFrom<WordTree>(
        term('blue'),
        term('kush'),
        term('lot1', true),
        term('lot', true),
        term('g', true),
        { kind: 'and', parts: [term('og'), term('flower')] },
      ),
      weight: 1,
    },
  ),
  category: sometimes(fc.constantFrom(...PRODUCT_CATEGORIES)),
  county: sometimes(fc.constantFrom(...COUNTIES)),
  tested: sometimes(fc.constant(true as const)),
  // Whole bands (0, 500, 999.99, 1999.99) and bounds that cut one (1234.5, 2600).
  minPrice: sometimes(fc.constantFrom(0, 500, 1234.5, 2000)),
  maxPrice: sometimes(fc.constantFrom(999.99, 1999.99, 2600, 4500)),
  minThc: sometimes(fc.constantFrom(15, 22, 25)),
  maxThc: sometimes(fc.constantFrom(24.99, 31)),
  minCbd: sometimes(fc.constant(1)),
  minQuantity: sometimes(fc.constant(10)),
  sellerId: sometimes(fc.constantFrom('seller-3', 'seller-17', 'nobody')),
  sort: fc.constantFrom(...PRODUCT_SORTS),
  page: fc.integer({ min: 1, max: 40 }),
});

/**
 * A price range, a THC range or both (never whole bands, so they are tested per listing), without
 * words or a seller: the lists counted from the range orders' steps (decision 263), which edits keep.
 */
const rangeArbitrary = fc
  .record({
    words: fc.constant(null),
    category: sometimes(fc.constantFrom(...PRODUCT_CATEGORIES)),
    county: sometimes(fc.constantFrom(...COUNTIES)),
    tested: sometimes(fc.constant(true as const)),
    range: fc.oneof(
      fc.record({
        minPrice: fc.constantFrom(0, 250, 1234.5, 3000),
        maxPrice: fc.constantFrom(800, 2600, 5999),
      }),
      fc.record({ minPrice: fc.constantFrom(10, 1234.5) }),
      fc.record({ maxPrice: fc.constantFrom(750, 4100) }),
      fc.record({ minThc: fc.constantFrom(3, 22, 27.5), maxThc: fc.constantFrom(31, 38) }),
      fc.record({ minThc: fc.constantFrom(12, 22) }),
      // Both: one is split by its bands, its cut parts read and its whole bands counted from the
      // other's steps; either may be the one split, and a range may lie within one band.
      fc.record({
        minPrice: fc.constantFrom(250, 1234.5, 2000),
        maxPrice: fc.constantFrom(800, 1500, 5999),
        minThc: fc.constantFrom(3, 15, 22, 27.5),
        maxThc: sometimes(fc.constantFrom(18, 31)),
      }),
    ),
    sort: fc.constantFrom(...PRODUCT_SORTS),
    page: fc.integer({ min: 1, max: 40 }),
  })
  .map(({ range, ...rest }) => ({ ...rest, ...range }));

describe('the catalog index at scale', () => {
  it('finds, pages and counts as a plain reading of its listings does, as listings change', () => {
    matchesReference(queryArbitrary, 259);
  });

  it('counts price and THC ranges from their orders, kept as listings change', () => {
    matchesReference(rangeArbitrary, 263);
  });
});

/** Runs queries against the index and a plain reading of the same listings, editing between them. */
function matchesReference(
  queries: fc.Arbitrary<{ sort: ProductSort; page: number } & Record<string, unknown>>,
  seed: number,
): void {
  const rand = seeded(26);
  const docs = Array.from({ length: LISTINGS }, (_, i) => makeDoc(i, rand));
  // Small steps: a catalog of this size has dozens, which every edit must keep right.
  const index = new SearchIndex({ spanStep: 997 });
  for (let from = 0; from < docs.length; from += 5_000) index.apply(docs.slice(from, from + 5_000), true);
  index.loaded();
  let next = LISTINGS;
  let shown = 0;
  fc.assert(
    fc.property(queries, fc.nat(), ({ sort, page, ...filters }, editSeed) => {
      // Now and then some listings change: edited in place, moved, with a new text, or new.
      const edit = seeded(editSeed + 1);
      if (edit() < 0.4) {
        // Often one listing alone, else up to 30 at once.
        const batch = edit() < 0.5 ? 1 : 1 + Math.floor(edit() * 30);
        const changed = Array.from({ length: batch }, () => {
          const at = Math.floor(edit() * docs.length);
          const kind = edit();
          if (kind < 0.4) {
            // Edited in place (the same text, seller and category keep its slot): a new price or
            // THC, at times none, now and then a new name or listing time. It moves in those orders.
            const old = docs[at] as ListingDoc;
            const cents = (max: number) => Math.round(edit() * max * 100) / 100;
            const edited = {
              ...old,
              // Price and THC each change alone at times, so the other's order keeps its place
              // and only its cell changes; so does a lab test or leaving and rejoining the catalog.
              price: edit() < 0.3 ? old.price : edit() < 0.1 ? null : cents(6000),
              thc: edit() < 0.3 ? old.thc : edit() < 0.1 ? null : cents(40),
              tested: edit() < 0.15 ? !old.tested : old.tested,
              visible: edit() < 0.1 ? !old.visible : old.visible,
              nameKey:
                edit() < 0.2
                  ? `${old.nameKey.replace(/ \d+$/, '')} ${Math.floor(edit() * 100)}`
                  : old.nameKey,
              createdUs: edit() < 0.1 ? Math.floor(edit() * 1e6) * 1000 : old.createdUs,
            };
            docs[at] = edited;
            return edited;
          }
          if (kind < 0.6) {
            // Moved to another category, its text and seller unchanged.
            const moved = {
              ...(docs[at] as ListingDoc),
              category: PRODUCT_CATEGORIES[Math.floor(edit() * 8)] as string,
            };
            docs[at] = moved;
            return moved;
          }
          const fresh = makeDoc(edit() < 0.2 ? next++ : at, edit);
          const doc = {
            ...fresh,
            id: fresh.id,
            nameKey: edit() < 0.5 ? (docs[at] as ListingDoc).nameKey : fresh.nameKey,
          };
          if (doc.id === (docs[at] as ListingDoc).id) docs[at] = doc;
          else docs.push(doc);
          return doc;
        });
        index.apply(changed);
      }
      const q = Object.fromEntries(
        Object.entries(filters).filter(([, value]) => value !== undefined),
      ) as unknown as Query;
      const limit = 12;
      const offset = (page - 1) * limit;
      const matching = docs.filter((doc) => meets(doc, q)).sort(compare(sort));
      const key = JSON.stringify(q);
      if (matching.length > offset) shown++;
      const found = index.find(q as IndexQuery, key, sort, offset, limit);
      expect(found.total).toBe(matching.length);
      expect(found.ids).toEqual(matching.slice(offset, offset + limit).map((doc) => doc.id));
      const counts = referenceCounts(docs, q);
      expect(found.counts.map((of) => Array.from(of))).toEqual(counts);
      // The whole list at once: every match, none missing (each path's list is whole).
      if (matching.length <= 6_000) {
        const whole = index.find(q as IndexQuery, key, sort, 0, matching.length);
        expect(whole.ids).toEqual(matching.map((doc) => doc.id));
      }
      // The kept lists answer the next page alike, with the same total and counts.
      const again = index.find(q as IndexQuery, key, sort, offset + limit, limit);
      expect(again.ids).toEqual(matching.slice(offset + limit, offset + 2 * limit).map((doc) => doc.id));
      expect(again.total).toBe(matching.length);
      expect(again.counts.map((of) => Array.from(of))).toEqual(counts);
    }),
    { numRuns: RUNS, seed: Number(process.env.FAST_CHECK_SEED ?? seed) },
  );
  // Most runs must show a page: an empty answer compares little.
  expect(shown).toBeGreaterThan(RUNS / 2);
}
