import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { PUBLIC_LISTING } from '../../../db/schema/index.ts';
import type { ListingDoc } from './docs.ts';

// How the index reads listings from the database, the source of truth: the whole public catalog at
// start, then what changed since it last looked (decision 254). Visibility is read only through
// PUBLIC_LISTING, so a term added to it applies here too.

/**
 * The listings columns whose change leaves a listing's change mark (search_xid) as it was: its view
 * count, the mark itself, and the columns the database computes from the others. Migration 0042's
 * trigger moves the mark on a change to any other column (the index and the shown products both
 * read by it); a test changes each other column and expects the mark to move.
 */
export const UNMARKED_COLUMNS = ['views_count', 'search_xid', 'search', 'name_key', 'listed_price'] as const;

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

/** A row of catalog_shown_changes: a listing's pictures, a seller's details, or (neither) everything. */
interface ShownRow {
  listing: string | null;
  seller: string | null;
}

export interface Changes {
  listings: ListingDoc[];
  removed: string[];
  /** The table was emptied since (TRUNCATE): everything is read again. */
  emptied: boolean;
  /** What products show from beyond their listing rows changed (migration 0042). */
  shown: { listings: string[]; sellers: string[]; everything: boolean };
  /** The database's Pacific date, on which a COA's status depends. */
  today: string;
  /** Where the next read starts: the oldest transaction running when this one read. */
  next: number;
  /** This read's snapshot: the next leaves out what the transactions visible to it changed. */
  snapshot: string | null;
}

/**
 * Listings changed and removed by transactions at or past `since`, in one statement: its snapshot's
 * oldest running transaction is where the next read starts, since everything committed before that
 * snapshot is in this answer and everything committed after it has an id at or past that mark.
 */
export async function changesSince(db: Db, since: number, seen: string | null): Promise<Changes> {
  // A change a transaction visible to the last read's snapshot made was in that read: it is left
  // out, or a long transaction holding the mark back would have every read hand on the same changes.
  const unseen = (xid: SQL) =>
    seen === null ? sql`true` : sql`NOT pg_visible_in_snapshot(${xid}::text::xid8, ${seen}::pg_snapshot)`;
  const [answer] = await rowsOf<{
    next: string;
    snapshot: string;
    listings: Row[] | string;
    removed: (string | null)[] | string;
    shown: ShownRow[] | string;
    today: string;
  }>(
    db,
    sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS "next", pg_current_snapshot()::text AS "snapshot",
      (SELECT coalesce(json_agg("changed"), '[]'::json)
        FROM (${selectDocs(sql`"search_xid" >= ${since} AND ${unseen(sql`"search_xid"`)}`)}) "changed") AS "listings",
      (SELECT coalesce(json_agg("listing_id"), '[]'::json) FROM "catalog_listing_removals"
        WHERE "xid" >= ${since} AND ${unseen(sql`"xid"`)}) AS "removed",
      (SELECT coalesce(json_agg(json_build_object('listing', "listing_id", 'seller', "seller_id")), '[]'::json)
        FROM "catalog_shown_changes" WHERE "xid" >= ${since} AND ${unseen(sql`"xid"`)}) AS "shown",
      (now() AT TIME ZONE 'America/Los_Angeles')::date::text AS "today"`,
  );
  // Both drivers parse json columns; parsed again only if one hands back text.
  const parsed = <T>(value: T | string | undefined, none: T): T =>
    value === undefined ? none : typeof value === 'string' ? (JSON.parse(value) as T) : value;
  const removed = parsed(answer?.removed, []);
  const shown = parsed(answer?.shown, []);
  return {
    listings: parsed(answer?.listings, []).map(toDoc),
    removed: removed.flatMap((id) => (id ? [id] : [])),
    emptied: removed.includes(null),
    shown: {
      listings: shown.flatMap((row) => (row.listing ? [row.listing] : [])),
      sellers: shown.flatMap((row) => (row.seller ? [row.seller] : [])),
      everything: shown.some((row) => !row.listing && !row.seller),
    },
    today: answer?.today ?? '',
    next: Number(answer?.next ?? since),
    snapshot: answer?.snapshot ?? seen,
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

/** Removal and shown-change marks older than this are dropped. */
export async function forgetOldRemovals(db: Db): Promise<void> {
  await db.execute(
    sql`DELETE FROM "catalog_listing_removals" WHERE "removed_at" < now() - interval '7 days'`,
  );
  await db.execute(sql`DELETE FROM "catalog_shown_changes" WHERE "changed_at" < now() - interval '7 days'`);
}
