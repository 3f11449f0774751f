import { and, asc, desc, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema/index.ts';
import type { ProductListQuery } from './query.ts';

// A text search over up to millions of public listings in milliseconds (decision 011).
//
// PostgreSQL's guess of how many rows match a word (worse still a prefix) can be wrong by orders
// of magnitude, and the plan it then picks can read a million rows: walking the sort order for a
// word nobody uses, or fetching every listing that says "kush" to sort them. So the search
// measures instead of guessing, and tells the planner which access path to use:
// - the results are the matches in time order (newest first, or oldest first for that sort), at
//   most SEARCH_WINDOW of them; a name sort orders that window by name;
// - the first matches are looked for by walking the time index and testing each row, for up to
//   WALK_ROWS rows: enough for common words, and cheap, because rows listed together sit
//   together on disk;
// - when that is not enough, the words' share of a random sample of the table decides between
//   reading every match through the GIN index (a bitmap scan) and sorting them, or walking on;
// - the total is exact below SEARCH_WINDOW and SEARCH_WINDOW above it: estimated when clearly
//   above, otherwise counted through the GIN index.

/** A text search shows at most this many results (20 pages of 12). */
export const SEARCH_WINDOW = 240;
export const EXACT_COUNT_LIMIT = 5_000;
/** Rows of the time order a search walks before it measures how common its words are. */
const WALK_ROWS = 1_000;
/** Rows sampled to measure how common a search's words are. */
const SAMPLE_ROWS = 1_500;
/** A row read through a bitmap costs about this many walked rows (a page of its own against a shared one). */
const BITMAP_ROW_COST = 8;
/** Most matches sorted after a bitmap scan; a word commoner than its sample said is walked instead. */
const BITMAP_MATCHES = 20_000;

export interface PageIds {
  ids: string[];
  total: number;
}

type TimeColumns = { id: SQLWrapper; createdAt: SQLWrapper };

/** Newest or oldest first, the id breaking ties between equal times. */
function timeOrdering(sort: 'newest' | 'oldest', columns: TimeColumns): SQL[] {
  return sort === 'oldest'
    ? [asc(columns.createdAt), asc(columns.id)]
    : [desc(columns.createdAt), desc(columns.id)];
}

/**
 * The listings' order for a sort, matching the partial indexes. Names compare in byte order of
 * the lower-cased title, the same on every server whatever its locale; the id breaks ties.
 */
export function ordering(sort: ProductListQuery['sort']): SQL[] {
  const name = sql`${listings.nameKey} COLLATE "C"`;
  if (sort === 'name_asc') return [asc(name), asc(listings.id)];
  if (sort === 'name_desc') return [desc(name), desc(listings.id)];
  return timeOrdering(sort, listings);
}

/**
 * Restricts the planner, for the rest of the transaction, to the access path chosen. JIT
 * compilation and parallel workers are off too: both cost more than these short queries (a walk
 * the planner wrongly thinks long would otherwise spend 30 ms compiling).
 */
async function usePlan(tx: Db, plan: 'walk' | 'bitmap') {
  const walk = plan === 'walk' ? 'on' : 'off';
  const bitmap = plan === 'bitmap' ? 'on' : 'off';
  await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', ${walk}, true),
    set_config('enable_indexonlyscan', ${walk}, true), set_config('enable_bitmapscan', ${bitmap}, true),
    set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`);
}

interface FirstMatches {
  /** The first matches in time order, at most as many as asked for. */
  ids: string[];
  /** Every match when known (the walk saw all rows, or the GIN index was read), else null. */
  matches: number | null;
  /** How many matches there are likely to be, when not known. */
  estimate: number;
}

async function firstMatches(
  tx: Db,
  filters: SQL[],
  query: SQL,
  q: ProductListQuery,
  wanted: number,
  visible: number,
): Promise<FirstMatches> {
  const timeSort = q.sort === 'oldest' ? 'oldest' : 'newest';
  const timeOrder = timeOrdering(timeSort, listings);
  const match = sql`${listings.search} @@ ${query}`;

  await usePlan(tx, 'walk');
  const walked = tx
    .select({
      id: listings.id,
      createdAt: listings.createdAt,
      search: listings.search,
      position: sql<number>`row_number() OVER (ORDER BY ${sql.join(timeOrder, sql`, `)})`.as('position'),
    })
    .from(listings)
    .where(and(...filters))
    .orderBy(...timeOrder)
    .limit(WALK_ROWS)
    .as('walked');
  const found = await tx
    .select({ id: walked.id, position: walked.position })
    .from(walked)
    .where(sql`${walked.search} @@ ${query}`)
    // The walk's own order, so the planner streams it and stops at the last match wanted.
    .orderBy(...timeOrdering(timeSort, walked))
    .limit(wanted);
  if (found.length === wanted) {
    const position = Number(found.at(-1)?.position);
    return { ids: found.map((row) => row.id), matches: null, estimate: (wanted / position) * visible };
  }
  if (visible <= WALK_ROWS) {
    return { ids: found.map((row) => row.id), matches: found.length, estimate: found.length };
  }

  // Too few in the first rows. How common the words are, measured on a sample of the whole table
  // (the newest rows alone can mislead), decides: read the matches from the GIN index when that
  // reads less than walking on (a walked row shares its disk page with its neighbours in time; a
  // bitmap-read row is a page of its own).
  const density = await sampledDensity(tx, filters, query, visible);
  const estimate = density * visible;
  const walkRows = density > 0 ? wanted / density : Number.POSITIVE_INFINITY;
  if (estimate <= BITMAP_MATCHES && estimate * BITMAP_ROW_COST <= walkRows) {
    const read = await bitmapMatches(tx, filters, match, timeSort, wanted);
    if (read) return read;
  }
  await usePlan(tx, 'walk');
  const rest = await tx
    .select({ id: listings.id })
    .from(listings)
    .where(and(...filters, match))
    .orderBy(...timeOrder)
    .limit(wanted);
  // A walk that ran out before `wanted` has seen every match.
  return {
    ids: rest.map((row) => row.id),
    matches: rest.length < wanted ? rest.length : null,
    estimate,
  };
}

/** The share of public rows that match, from about SAMPLE_ROWS rows on pages drawn at random. */
async function sampledDensity(tx: Db, filters: SQL[], query: SQL, visible: number): Promise<number> {
  const percent = Math.min(100, (SAMPLE_ROWS / Math.max(visible, 1)) * 100);
  const [sample] = await tx
    .select({
      hits: sql<number>`count(*) FILTER (WHERE ${listings.search} @@ ${query})`.mapWith(Number),
      seen: sql<number>`count(*)`.mapWith(Number),
    })
    .from(sql`${listings} TABLESAMPLE SYSTEM (${percent})`)
    .where(and(...filters));
  return sample && sample.seen > 0 ? sample.hits / sample.seen : 0;
}

/** Every match from the GIN index, sorted in time order; null when there are more than BITMAP_MATCHES. */
async function bitmapMatches(
  tx: Db,
  filters: SQL[],
  match: SQL,
  timeSort: 'newest' | 'oldest',
  wanted: number,
): Promise<FirstMatches | null> {
  await usePlan(tx, 'bitmap');
  const candidates = tx
    .select({ id: listings.id, createdAt: listings.createdAt })
    .from(listings)
    .where(and(...filters, match))
    .limit(BITMAP_MATCHES + 1)
    .as('candidates');
  const sorted = await tx
    .select({ id: candidates.id, matches: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(candidates)
    .orderBy(...timeOrdering(timeSort, candidates))
    .limit(wanted);
  const matches = sorted[0]?.matches ?? 0;
  return matches <= BITMAP_MATCHES ? { ids: sorted.map((row) => row.id), matches, estimate: matches } : null;
}

/** Exact below the window, the window above it: counted with the GIN index unless clearly above. */
async function searchTotal(tx: Db, filters: SQL[], query: SQL, first: FirstMatches) {
  if (first.matches !== null) return Math.min(first.matches, SEARCH_WINDOW);
  if (first.estimate >= 2 * SEARCH_WINDOW) return SEARCH_WINDOW;
  await usePlan(tx, 'bitmap');
  const counted = tx
    .select({ id: listings.id })
    .from(listings)
    .where(and(...filters, sql`${listings.search} @@ ${query}`))
    .limit(SEARCH_WINDOW + 1)
    .as('counted');
  const [row] = await tx.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(counted);
  return Math.min(row?.total ?? 0, SEARCH_WINDOW);
}

/** One page of a text search: the ids in order, and the total. `visible` counts the public rows under the filters. */
export async function searchPage(
  db: Db,
  filters: SQL[],
  query: SQL,
  q: ProductListQuery,
  visible: number,
): Promise<PageIds> {
  const offset = (q.page - 1) * q.limit;
  const end = Math.min(offset + q.limit, SEARCH_WINDOW);
  const byTime = q.sort === 'newest' || q.sort === 'oldest';
  // Past the window only the total is wanted, and one match is enough to learn it.
  const wanted = offset >= SEARCH_WINDOW ? 1 : byTime ? end : SEARCH_WINDOW;
  return db.transaction(async (tx) => {
    const first = await firstMatches(tx, filters, query, q, wanted, visible);
    const total = await searchTotal(tx, filters, query, first);
    if (offset >= SEARCH_WINDOW) return { ids: [], total };
    if (byTime) return { ids: first.ids.slice(offset, end), total };
    if (first.ids.length === 0) return { ids: [], total };
    await usePlan(tx, 'walk');
    const page = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(inArray(listings.id, first.ids))
      .orderBy(...ordering(q.sort))
      .limit(end - offset)
      .offset(offset);
    return { ids: page.map((row) => row.id), total };
  });
}
