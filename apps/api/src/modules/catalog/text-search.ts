import type { ProductListQuery } from '@canopy/shared';
import { and, asc, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema/index.ts';
import type { Facet } from './facets.ts';

// A text search over up to millions of public listings (decision 011, revised by decision 110),
// and a faceted page with or without words (decision 140): both are "the public rows that match a
// condition, in the sort's order", and the condition's share of the catalog decides the path.
//
// PostgreSQL's guess of how many rows match a word (worse still a prefix) can be wrong by orders
// of magnitude, and the plan it then picks can read a million rows: walking the sort order for a
// word nobody uses, or fetching every listing that says "kush" to sort them. So the search
// measures instead of guessing, and tells the planner which access path to use:
// - the results are all the matches in the chosen sort (time or name), every page of them
//   reachable up to the catalog's deepest page;
// - a page is first looked for by walking the sort's own index and testing each row, for up to
//   WALK_ROWS rows: enough for common words;
// - when that is not enough, the words' share of a random sample of the table decides between
//   reading every match through the GIN index (a bitmap scan) and sorting them, or walking on;
// - the total is exact when the search saw every match or counting stays under
//   EXACT_COUNT_LIMIT; above that it is the sample's estimate, and the answer says so. With
//   facets, a count is also left to the sample when it would read more than COUNT_READ_ROWS rows
//   (facets that are broad alone but narrow together: decision 140).

/** Above this many matches a search's total is estimated, not counted (and marked as such). */
export const EXACT_COUNT_LIMIT = 5_000;
/** Rows of the sort order a search walks before it measures how common its words are. */
const WALK_ROWS = 1_000;
/** Rows sampled to measure how common a search's words are. */
const SAMPLE_ROWS = 1_500;
/**
 * A sample reads at most this many times the pages a sample of the whole catalog would. The rows
 * of a small category are spread thinly over the table: 1,500 of the 36,000 tinctures among 1M
 * listings were on 5,000 pages (14 ms); it is sampled more thinly instead (about 500 rows).
 */
const SAMPLE_SPREAD = 8;
// What the ways of finding matches cost, in rows walked in time order over the whole catalog (about
// 1.3 µs each at 1M listings): listings sit on disk in the order they were listed, so such a walk
// reads a page for every eight rows or so.
/**
 * A row walked in any other order (by price, by name, or in time within a category, county or
 * seller) is on a page of its own: about 6.5 µs at 1M listings.
 */
const SCATTERED_ROW_COST = 5;
/** A row read through a bitmap: a page of its own. */
const BITMAP_ROW_COST = 8;
/**
 * A listing the search index finds for a word: the index lists every listing with the word, in
 * every category, before any facet narrows them ("dream" at 1M listings: 160,000 of them, 80 ms,
 * before a single row is read).
 */
const WORD_INDEX_ROW_COST = 0.4;
/** Most matches sorted after a bitmap scan; a word commoner than its sample said is walked instead. */
const BITMAP_MATCHES = 20_000;
/**
 * Most a count may cost, in walked rows: as much as reading twice EXACT_COUNT_LIMIT rows through a
 * bitmap, counting what the search index lists for a word too. "kush" and a price band match 3,800
 * listings together but 160,000 and 120,000 alone: counting them read 78,000 pages (9 s on the
 * loaded machine), for a total the sample estimates; "dream" in a category's price band reads only
 * 4,500, but its 160,000 entries in the search index cost more than the page (decision 183).
 */
const COUNT_COST = 2 * EXACT_COUNT_LIMIT * BITMAP_ROW_COST;

/** How many listings a list holds. */
export interface ListTotal {
  total: number;
  /** The total is the sampled estimate of a search with many matches, not a count. */
  estimated: boolean;
}

export interface PageIds extends ListTotal {
  ids: string[];
}

/** Public listings under a list's category filter, and in the whole catalog. */
export interface PublicCounts {
  visible: number;
  catalog: number;
}

type SortColumns = { id: SQLWrapper; createdAt: SQLWrapper; nameKey: SQLWrapper; listedPrice: SQLWrapper };

/**
 * The listings' order for a sort, matching the partial indexes. Names compare in byte order of
 * the lower-cased title, the same on every server whatever its locale; the id breaks ties. Both
 * price orders put listings without a shown price (make an offer) last (decision 140). `collate`
 * false: the name column given is already in byte order.
 */
export function ordering(
  sort: ProductListQuery['sort'],
  columns: SortColumns = listings,
  collate = true,
): SQL[] {
  const name = collate ? sql`${columns.nameKey} COLLATE "C"` : sql`${columns.nameKey}`;
  if (sort === 'name_asc') return [asc(name), asc(columns.id)];
  if (sort === 'name_desc') return [desc(name), desc(columns.id)];
  if (sort === 'price_asc') return [sql`${columns.listedPrice} ASC NULLS LAST`, asc(columns.id)];
  if (sort === 'price_desc') return [sql`${columns.listedPrice} DESC NULLS LAST`, desc(columns.id)];
  if (sort === 'oldest') return [asc(columns.createdAt), asc(columns.id)];
  return [desc(columns.createdAt), desc(columns.id)];
}

/**
 * Restricts the planner, for the rest of the transaction, to the access path chosen. JIT
 * compilation and parallel workers are off too: both cost more than these short queries (a walk
 * the planner wrongly thinks long would otherwise spend 30 ms compiling).
 */
async function usePlan(tx: Db, plan: 'walk' | 'bitmap' | 'planner') {
  // 'planner': any index path, the planner's choice (facets without words, which its statistics
  // describe well), such as an index-only scan of a covering index.
  // (PostgreSQL 15 prices an index-only scan as disabled while enable_indexscan is off.)
  const index = plan === 'bitmap' ? 'off' : 'on';
  const bitmap = plan === 'walk' ? 'off' : 'on';
  // A bitmap of 100,000+ matches fits in 64MB exactly; in the default 4MB it goes lossy and every
  // row of its pages is tested again.
  await tx.execute(sql`SELECT set_config('work_mem', ${plan === 'walk' ? '4MB' : '64MB'}, true),
    set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', ${index}, true),
    set_config('enable_indexonlyscan', ${index}, true), set_config('enable_bitmapscan', ${bitmap}, true),
    set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`);
}

interface SearchArgs {
  filters: SQL[];
  /** The filters, and the price bounds when the sort is by price: where a walk of the sort starts. */
  walkFilters: SQL[];
  /** A public row matches the words and the facets. */
  match: SQL;
  /** The parts of the match an index finds (the words, most facets). */
  indexed: SQL[];
  /** Words are part of the match: their matches cluster in name order (see searchPage). */
  byWords: boolean;
  q: ProductListQuery;
  offset: number;
  /** Public rows under the filters (from the counters). */
  visible: number;
  /** Public rows in the whole catalog: a word's entries in the search index span every category. */
  catalog: number;
}

/** A page, and every match when the way it was found saw them all (else null). */
interface Found {
  ids: string[];
  matches: number | null;
}

/**
 * Tests the rows of the sort's order one by one, up to WALK_ROWS of them, and stops as soon as the
 * page is full; null when those rows hold too few matches for the page. The outer query orders by
 * the subquery's own sort columns, which PostgreSQL knows arrive sorted, so it reads only as many
 * rows as the page needs (a page of a common facet: a hundred rows, not a thousand).
 */
async function walkStart(
  tx: Db,
  { walkFilters, match, q, offset, visible }: SearchArgs,
): Promise<Found | null> {
  await usePlan(tx, 'walk');
  const walked = tx
    .select({
      id: listings.id,
      createdAt: listings.createdAt,
      // Already in byte order, so the outer ORDER BY is the subquery's own and needs no sort.
      nameKey: sql<string>`${listings.nameKey} COLLATE "C"`.as('name_key'),
      listedPrice: listings.listedPrice,
      hit: sql<boolean>`${match}`.as('hit'),
    })
    .from(listings)
    .where(and(...walkFilters))
    .orderBy(...ordering(q.sort))
    .limit(WALK_ROWS)
    .as('walked');
  const found = await tx
    .select({ id: walked.id })
    .from(walked)
    .where(sql`${walked.hit}`)
    .orderBy(...ordering(q.sort, walked, false))
    .limit(offset + q.limit);
  const page = found.slice(offset).map((row) => row.id);
  if (found.length === offset + q.limit) return { ids: page, matches: null };
  // The walk saw every public row: every match is known.
  return visible <= WALK_ROWS ? { ids: page, matches: found.length } : null;
}

interface Sample {
  /** The share of public rows (under the filters) that match. */
  density: number;
  /** The smallest share of one indexed part of the match (1 without any): what a bitmap reads. */
  cheapest: number;
  /** The share that has the words (0 without words): what the search index lists for them. */
  words: number;
}

/**
 * The share of public rows that match, from about SAMPLE_ROWS rows (fewer in a small category, see
 * SAMPLE_SPREAD) on pages drawn at random, the same pages every time: every page of one search then
 * shows the same estimate.
 */
async function sampled(
  tx: Db,
  { filters, match, indexed, byWords, visible, catalog }: SearchArgs,
): Promise<Sample> {
  const share = Math.min(
    SAMPLE_ROWS / Math.max(visible, 1),
    (SAMPLE_SPREAD * SAMPLE_ROWS) / Math.max(catalog, 1),
  );
  const percent = Math.min(100, share * 100);
  const parts = Object.fromEntries(
    indexed.map((condition, i) => [
      `part${i}`,
      sql<number>`count(*) FILTER (WHERE ${condition})`.mapWith(Number),
    ]),
  );
  const [row] = await tx
    .select({
      hits: sql<number>`count(*) FILTER (WHERE ${match})`.mapWith(Number),
      seen: sql<number>`count(*)`.mapWith(Number),
      ...parts,
    })
    .from(sql`${listings} TABLESAMPLE SYSTEM (${percent}) REPEATABLE (0)`)
    .where(and(...filters));
  if (!row || row.seen === 0) return { density: 0, cheapest: indexed.length > 0 ? 0 : 1, words: 0 };
  const seen = row.seen;
  const shares = indexed.map((_, i) => Number((row as Record<string, number>)[`part${i}`] ?? 0) / seen);
  // The words, when there are any, are the first indexed part.
  return {
    density: row.hits / seen,
    cheapest: Math.min(1, ...shares),
    words: byWords ? (shares[0] ?? 0) : 0,
  };
}

/**
 * What reading the matches through bitmaps costs, in walked rows: the rows read (those of the most
 * selective indexed part, or the matches themselves), and the words' listings in the search index.
 */
function bitmapCost(sample: Sample, { visible, catalog }: SearchArgs): number {
  const readRows = Math.max(sample.density, sample.cheapest) * visible;
  return readRows * BITMAP_ROW_COST + sample.words * catalog * WORD_INDEX_ROW_COST;
}

/**
 * The page from every match of the GIN index, sorted, and how many there are. With a `bound`, at
 * most bound + 1 are read (more than the bound: the caller walks instead); a name sort reads all.
 */
async function bitmapPage(
  tx: Db,
  { filters, match, q, offset }: SearchArgs,
  bound: number | null,
): Promise<{ ids: string[]; matches: number }> {
  await usePlan(tx, 'bitmap');
  const read = tx
    .select({
      id: listings.id,
      createdAt: listings.createdAt,
      nameKey: listings.nameKey,
      listedPrice: listings.listedPrice,
    })
    .from(listings)
    .where(and(...filters, match));
  const candidates = (bound === null ? read : read.limit(bound + 1)).as('candidates');
  const sorted = await tx
    .select({ id: candidates.id, matches: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(candidates)
    .orderBy(...ordering(q.sort, candidates))
    .limit(q.limit)
    .offset(offset);
  let matches = sorted[0]?.matches;
  if (matches === undefined) {
    // Past the last match: the count alone says how many there are.
    const [counted] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(candidates);
    matches = counted?.n ?? 0;
  }
  return { ids: sorted.map((row) => row.id), matches };
}

/** Walks the sort's index, testing each row, to the page (or reads it the planner's way). */
async function walkPage(
  tx: Db,
  { filters, match, q, offset }: SearchArgs,
  plan: 'walk' | 'planner' = 'walk',
): Promise<Found> {
  await usePlan(tx, plan);
  const rows = await tx
    .select({ id: listings.id })
    .from(listings)
    .where(and(...filters, match))
    .orderBy(...ordering(q.sort))
    .limit(q.limit)
    .offset(offset);
  // A short page that is not empty ends the matches; an empty one past the end says nothing.
  const ends = rows.length < q.limit && (rows.length > 0 || offset === 0);
  return { ids: rows.map((row) => row.id), matches: ends ? offset + rows.length : null };
}

/** Counts the matches through their indexes, stopping past EXACT_COUNT_LIMIT. */
async function countUpToLimit(tx: Db, { filters, match, byWords }: SearchArgs): Promise<number> {
  await usePlan(tx, byWords ? 'bitmap' : 'planner');
  const counted = tx
    .select({ id: listings.id })
    .from(listings)
    .where(and(...filters, match))
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('counted');
  const [row] = await tx.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(counted);
  return row?.total ?? 0;
}

/**
 * PostgreSQL's own estimate of the rows that match, read from the plan of a query it does not run.
 * Used for facets without words only: its statistics describe those columns well (a price band, a
 * category, lab-tested), while a word's share it can misjudge by orders of magnitude.
 */
async function plannedMatches(tx: Db, { filters, match }: SearchArgs): Promise<number> {
  // Both drivers answer a raw query with `rows`, and parse the json plan; the Db type cannot say so.
  const explained = (await tx.execute(
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${listings} WHERE ${and(...filters, match)}`,
  )) as { rows: { 'QUERY PLAN': unknown }[] };
  const plan = explained.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as {
    Plan?: { 'Plan Rows'?: number };
  }[];
  return Math.max(0, Math.round(parsed[0]?.Plan?.['Plan Rows'] ?? 0));
}

/**
 * "About 160,000": two significant figures, so the estimate does not pass for a count; never less
 * than what is known (more than EXACT_COUNT_LIMIT once a count passed it).
 */
export function roundEstimate(estimate: number, atLeast = EXACT_COUNT_LIMIT + 1): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(estimate, 1))) - 1);
  return Math.max(atLeast, Math.round(estimate / unit) * unit);
}

/**
 * Whether a list's matches are counted: counting stops past the limit, so it is done unless the
 * sample says it would surely pass it, or that reaching the matches would cost too much (too many
 * rows that are not matches, or a word so common that listing it from the search index costs more
 * than the page).
 */
const countable = (estimate: number, cost: number) => estimate < 2 * EXACT_COUNT_LIMIT && cost <= COUNT_COST;

/**
 * One page of a text search or a faceted page: the ids in order, and the total (exact, or marked
 * as estimated). `words` is the tsquery of the words, if any; `facets` the facets' conditions.
 * `known`: the list's total, found by another page or sort of it; then only the page is looked for.
 */
export async function searchPage(
  db: Db,
  filters: SQL[],
  words: SQL | null,
  facets: Facet[],
  q: ProductListQuery,
  { visible, catalog }: PublicCounts,
  known: ListTotal | null,
): Promise<PageIds> {
  const wordMatch = words ? [sql`${listings.search} @@ ${words}`] : [];
  const conditions = [...wordMatch, ...facets.map((facet) => facet.condition)];
  const byPrice = q.sort === 'price_asc' || q.sort === 'price_desc';
  // In a category, the words' bitmap and the price band's are ANDed (migration 0019, decision 183):
  // a bitmap read is then of the listings with both, which the sample measures as one part.
  const band = facets.find((facet) => facet.price);
  const wordsInBand =
    words && q.category && band ? [sql`(${listings.search} @@ ${words} AND ${band.condition})`] : [];
  const args: SearchArgs = {
    filters,
    walkFilters: [
      ...filters,
      ...facets.filter((facet) => byPrice && facet.price).map((facet) => facet.condition),
    ],
    match: sql`(${sql.join(conditions, sql` AND `)})`,
    indexed: [
      ...wordMatch,
      ...wordsInBand,
      ...facets.filter((facet) => facet.indexed).map((facet) => facet.condition),
    ],
    byWords: words !== null,
    q,
    offset: (q.page - 1) * q.limit,
    visible,
    catalog,
  };
  // Past the last of a counted list: nothing to look for.
  if (known && !known.estimated && args.offset >= known.total) return { ids: [], ...known };
  return db.transaction(async (tx) => {
    let found = await walkStart(tx, args);
    let sample: Sample | null = null;
    // Facets without words and too few matches in the first rows: PostgreSQL's statistics know
    // these columns, so its own plan is trusted (decision 175).
    if (!found && !args.byWords) found = await walkPage(tx, args, 'planner');
    if (!found) {
      // Too few in the first rows. How common the words are, measured on a sample of the whole
      // table (the first rows of one order alone can mislead), decides: read every match from the
      // GIN index when that reads less than walking on (a walked row shares its disk page with
      // its neighbours in time; a bitmap-read row is a page of its own).
      sample = await sampled(tx, args);
      const { density } = sample;
      const estimate = density * visible;
      const walkRows = density > 0 ? (args.offset + q.limit) / density : Number.POSITIVE_INFINITY;
      const inTimeOrder =
        (q.sort === 'newest' || q.sort === 'oldest') && !q.category && !q.county && !q.sellerId;
      const walkCost = walkRows * (inTimeOrder ? 1 : SCATTERED_ROW_COST);
      if (args.byWords && (q.sort === 'name_asc' || q.sort === 'name_desc')) {
        // Matches of a word sit together in name order ("Blue Dream …"), so how far a walk must go
        // cannot be told from their share; reading them all costs in proportion to their number.
        // (A facet alone, a price or a county, says nothing about the name: it is walked or read
        // like any other sort.)
        found = await bitmapPage(tx, args, null);
      } else {
        const cost = bitmapCost(sample, args);
        // Reading every match also counts them: when the total is to be counted anyway, one read
        // of the search index does both, where a walk and then a count would read it again.
        const counting = known === null && countable(estimate, cost);
        const read =
          estimate <= BITMAP_MATCHES && (cost <= walkCost || counting)
            ? await bitmapPage(tx, args, BITMAP_MATCHES)
            : null;
        found = read && read.matches <= BITMAP_MATCHES ? read : await walkPage(tx, args);
      }
    }
    if (found.matches !== null) return { ids: found.ids, total: found.matches, estimated: false };
    if (known) return { ids: found.ids, ...known };
    if (!args.byWords && sample === null) {
      // Facets alone, and the page came from the first rows: the planner's estimate costs a plan
      // where the sample reads a thousand pages (decision 175). A small one is counted.
      const planned = Math.min(visible, await plannedMatches(tx, args));
      if (planned < 2 * EXACT_COUNT_LIMIT) {
        const counted = await countUpToLimit(tx, args);
        if (counted <= EXACT_COUNT_LIMIT) return { ids: found.ids, total: counted, estimated: false };
      }
      return { ids: found.ids, total: roundEstimate(planned), estimated: true };
    }
    sample ??= await sampled(tx, args);
    const estimate = sample.density * visible;
    if (countable(estimate, bitmapCost(sample, args))) {
      const counted = await countUpToLimit(tx, args);
      if (counted <= EXACT_COUNT_LIMIT) return { ids: found.ids, total: counted, estimated: false };
      return { ids: found.ids, total: roundEstimate(estimate), estimated: true };
    }
    // Not counted: the sample's word, but never fewer than the matches this page shows.
    const seen = args.offset + found.ids.length;
    return { ids: found.ids, total: roundEstimate(estimate, Math.max(seen, 1)), estimated: true };
  });
}
