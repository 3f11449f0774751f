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
] as const;

const LOAD_BATCH = 5_000;

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
    tsvector_to_array("search") AS "lexemes"
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

/** Every public listing, in batches by id. */
export async function* publicListings(db: Db): AsyncGenerator<ListingDoc[]> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await rowsOf<Row>(
      db,
      selectDocs(
        sql`${PUBLIC_LISTING} AND "id" > ${after}::uuid`,
        sql`ORDER BY "id" LIMIT ${sql.raw(String(LOAD_BATCH))}`,
      ),
    );
    if (rows.length === 0) return;
    yield rows.map(toDoc);
    after = (rows[rows.length - 1] as Row).id;
    if (rows.length < LOAD_BATCH) return;
  }
}

export interface Changes {
  listings: ListingDoc[];
  removed: string[];
  /** The table was emptied since (TRUNCATE): everything is read again. */
  emptied: boolean;
}

/** Listings changed and removed by transactions at or past `since`. */
export async function changesSince(db: Db, since: number): Promise<Changes> {
  const removals = await rowsOf<{ id: string | null }>(
    db,
    sql`SELECT "listing_id"::text AS "id" FROM "catalog_listing_removals" WHERE "xid" >= ${since}`,
  );
  const rows = await rowsOf<Row>(db, selectDocs(sql`"search_xid" >= ${since}`));
  return {
    listings: rows.map(toDoc),
    removed: removals.flatMap((row) => (row.id ? [row.id] : [])),
    emptied: removals.some((row) => row.id === null),
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
