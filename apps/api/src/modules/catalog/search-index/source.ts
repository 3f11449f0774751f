import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { PUBLIC_LISTING } from '../../../db/schema/index.ts';
import type { ListingDoc } from './docs.ts';

// How the index reads listings from the database, the source of truth: the whole public catalog at
// start, then what changed since it last looked (decision 254). Visibility is read only through
// PUBLIC_LISTING, so a term added to it applies here too.

/**
 * The listings columns the index reads, directly or through a generated column (search, name_key,
 * listed_price) or PUBLIC_LISTING. Migration 0040's trigger marks a row changed when any of them
 * changes; a test changes each (and each column PUBLIC_LISTING names) and expects the mark to move.
 */
export const INDEXED_COLUMNS = [
  'is_active',
  'seller_verified',
  'quantity_lbs',
  'title',
  'strain',
  'description',
  'seller_business_name',
  'category',
  'seller_id',
  'seller_county',
  'tested',
  'make_offer',
  'asking_price',
  'thc_content',
  'cbd_content',
  'created_at',
  // A lot private to a buyer group leaves the public catalog (decision 240).
  'group_only',
] as const;

/** Table pages read per batch: about 8,000 listings. */
const LOAD_PAGES = 1_000;

interface Row {
  id: string;
  visible: boolean;
  category: string;
  seller_id: string;
  seller_county: string;
  tested: boolean;
  price: number | string | null;
  thc: number | string | null;
  cbd: number | string | null;
  quantity: number | string;
  created_us: number | string;
  name_key: string;
  lexemes: string[];
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

const toDoc = (row: Row): ListingDoc => ({
  id: row.id,
  visible: row.visible,
  category: row.category,
  sellerId: row.seller_id,
  county: row.seller_county,
  tested: row.tested,
  price: numberOrNull(row.price),
  thc: numberOrNull(row.thc),
  cbd: numberOrNull(row.cbd),
  quantity: Number(row.quantity),
  createdUs: Number(row.created_us),
  nameKey: row.name_key,
  lexemes: row.lexemes,
});

/** Both drivers answer a raw query with `rows`; the Db type cannot say so. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const selectDocs = (where: SQL, tail: SQL = sql``) =>
  sql`SELECT "id"::text AS "id", (${PUBLIC_LISTING}) AS "visible", "category"::text AS "category",
    "seller_id"::text AS "seller_id", "seller_county", "tested", "listed_price"::float8 AS "price",
    "thc_content"::float8 AS "thc", "cbd_content"::float8 AS "cbd", "quantity_lbs"::float8 AS "quantity",
    (extract(epoch FROM "created_at") * 1000000)::float8 AS "created_us", "name_key",
    to_json(tsvector_to_array("search")) AS "lexemes"
    FROM "listings" WHERE ${where} ${tail}`;

/**
 * The oldest transaction still running (or the next to start): every change committed later has
 * an id at or past it, so reading from it next time misses nothing (decision 254).
 */
export async function oldestRunning(db: Db): Promise<number> {
  const [row] = await rowsOf<{ xmin: string }>(
    db,
    sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS "xmin"`,
  );
  return Number(row?.xmin ?? 0);
}

/**
 * Every public listing, in batches of the table's pages (a TID range scan reads them in disk order,
 * no index, no sort). A row that moves page during the read, or lands past its end, was changed
 * after the start mark, so the first catch-up reads it (a row read twice is applied twice, the
 * same). Batches by id read the table's rows in id order, a page per row, or sorted every public
 * row per batch: 0.6–1.3 s a batch at 100k.
 */
export async function* publicListings(db: Db): AsyncGenerator<ListingDoc[]> {
  const [size] = await rowsOf<{ pages: number | string }>(
    db,
    sql`SELECT pg_relation_size('listings') / current_setting('block_size')::int AS "pages"`,
  );
  const pages = Number(size?.pages ?? 0);
  for (let from = 0; from < pages; from += LOAD_PAGES) {
    const range = sql`"ctid" >= ${`(${from},0)`}::tid AND "ctid" < ${`(${from + LOAD_PAGES},0)`}::tid`;
    yield (await rowsOf<Row>(db, selectDocs(sql`${range} AND ${PUBLIC_LISTING}`))).map(toDoc);
  }
}

export interface Changes {
  listings: ListingDoc[];
  removed: string[];
  /** The table was emptied since (TRUNCATE): everything is read again. */
  emptied: boolean;
  /** Where the next read starts: the oldest transaction running when this one read. */
  next: number;
}

/**
 * Listings changed and removed by transactions at or past `since`, in one statement: its snapshot's
 * oldest running transaction is where the next read starts, since everything committed before that
 * snapshot is in this answer and everything committed after it has an id at or past that mark.
 */
export async function changesSince(db: Db, since: number): Promise<Changes> {
  const [answer] = await rowsOf<{
    next: string;
    listings: Row[] | string;
    removed: (string | null)[] | string;
  }>(
    db,
    sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS "next",
      (SELECT coalesce(json_agg("changed"), '[]'::json) FROM (${selectDocs(sql`"search_xid" >= ${since}`)}) "changed") AS "listings",
      (SELECT coalesce(json_agg("listing_id"), '[]'::json) FROM "catalog_listing_removals" WHERE "xid" >= ${since}) AS "removed"`,
  );
  // Both drivers parse json columns; parsed again only if one hands back text.
  const parsed = <T>(value: T | string | undefined, none: T): T =>
    value === undefined ? none : typeof value === 'string' ? (JSON.parse(value) as T) : value;
  const removed = parsed(answer?.removed, []);
  return {
    listings: parsed(answer?.listings, []).map(toDoc),
    removed: removed.flatMap((id) => (id ? [id] : [])),
    emptied: removed.includes(null),
    next: Number(answer?.next ?? since),
  };
}

/** The slots' ids the database finds for words the index cannot evaluate (phrase, negation). */
export async function idsMatching(db: Db, words: SQL): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT "id"::text AS "id" FROM "listings" WHERE ${PUBLIC_LISTING} AND "search" @@ ${words}`,
  );
  return rows.map((row) => row.id);
}

/** Removal marks older than this are dropped: an instance away longer reads everything again. */
export async function forgetOldRemovals(db: Db): Promise<void> {
  await db.execute(
    sql`DELETE FROM "catalog_listing_removals" WHERE "removed_at" < now() - interval '7 days'`,
  );
}
