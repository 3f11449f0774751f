import { eq, getTableColumns, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, PUBLIC_LISTING, type UserRow } from '../src/db/schema/index.ts';
import { INDEXED_COLUMNS } from '../src/modules/catalog/search-index/source.ts';
import { insertListing, insertUser } from '../src/seed/factories.ts';
import { createTestApp, json, type TestApp } from './support/test-app.ts';

// How the search index stays current (decision 254): migration 0040's trigger must mark a listing
// changed whenever anything the index reads of it changes, and an instance must see every committed
// change, even one committed late by a transaction older than changes it already read, and even
// while its notifications are lost.

let test: TestApp;
let seller: UserRow;
let other: UserRow;

beforeAll(async () => {
  test = await createTestApp();
  seller = await insertUser(test.db, { role: 'seller', businessName: 'Ridge Farms', county: 'Humboldt' });
  other = await insertUser(test.db, { role: 'seller', businessName: 'Valley Farms', county: 'Trinity' });
});
afterAll(() => test.close());

async function titles(query: string): Promise<string[]> {
  const response = await test.app.inject({ method: 'GET', url: `/api/products?query=${query}` });
  expect(response.statusCode).toBe(200);
  return json<{ data: { name: string }[] }>(response).data.map((product) => product.name);
}

/** A change to one column of a listing that keeps every check of the table. */
const CHANGES: Record<string, string> = {
  is_active: 'NOT "is_active"',
  seller_verified: 'NOT "seller_verified"',
  quantity_lbs: '"quantity_lbs" + 1',
  title: `"title" || ' changed'`,
  strain: `coalesce("strain", '') || 'x'`,
  description: `"description" || ' changed'`,
  seller_business_name: `"seller_business_name" || ' changed'`,
  category: `CASE WHEN "category" = 'other' THEN 'flower'::product_category ELSE 'other'::product_category END`,
  seller_id: 'OTHER_SELLER',
  seller_county: `'Trinity'`,
  tested: 'NOT "tested"',
  make_offer: 'NOT "make_offer"',
  asking_price: '"asking_price" + 1',
  thc_content: 'coalesce("thc_content", 0) + 1',
  cbd_content: 'coalesce("cbd_content", 0) + 1',
  created_at: `"created_at" + interval '1 second'`,
  group_only: 'NOT "group_only"',
};

describe('the change mark of migration 0040', () => {
  /** Every listings column that PUBLIC_LISTING names: a term added to it must be watched too. */
  const publicColumns = Object.values(getTableColumns(listings))
    .map((column) => column.name)
    .filter((name) => new RegExp(`\\b${name}\\b`).test(JSON.stringify(PUBLIC_LISTING.queryChunks)));

  it('names the public predicate’s columns among those the index reads', () => {
    expect(publicColumns.length).toBeGreaterThan(0);
    expect(INDEXED_COLUMNS).toEqual(expect.arrayContaining(publicColumns));
  });

  it.each([...new Set([...INDEXED_COLUMNS, ...publicColumns])])(
    'moves when %s changes, and not on a view',
    async (column) => {
      const listing = await insertListing(test.db, seller, { thcContent: 20, cbdContent: 1 });
      const mark = async () =>
        (
          await test.db.select({ xid: listings.searchXid }).from(listings).where(eq(listings.id, listing.id))
        )[0]?.xid;
      const before = await mark();
      await test.db.execute(sql`UPDATE listings SET views_count = views_count + 1 WHERE id = ${listing.id}`);
      expect(await mark()).toBe(before);
      const change = CHANGES[column];
      // A column with no change written here fails: the index reads it, so its change must be tested.
      expect(change, `no test change for ${column}`).toBeDefined();
      const set = (change as string).replace('OTHER_SELLER', `'${other.id}'::uuid`);
      await test.db.execute(sql.raw(`UPDATE listings SET "${column}" = ${set} WHERE id = '${listing.id}'`));
      expect(await mark()).not.toBe(before);
    },
  );
});

describe('an instance keeping its index current', () => {
  it('finds a listing inserted or removed a moment ago, without waiting for a notification', async () => {
    const listing = await insertListing(test.db, seller, { title: 'Okapi flower' });
    expect(await titles('okapi')).toEqual(['Okapi flower']);
    await test.db.delete(listings).where(eq(listings.id, listing.id));
    expect(await titles('okapi')).toEqual([]);
  });

  it('reads everything again after the table is emptied', async () => {
    await insertListing(test.db, seller, { title: 'Tapir flower' });
    expect(await titles('tapir')).toEqual(['Tapir flower']);
    await test.db.execute(sql`TRUNCATE listings CASCADE`);
    expect(await titles('tapir')).toEqual([]);
    await insertListing(test.db, seller, { title: 'Tapir trim' });
    expect(await titles('tapir')).toEqual(['Tapir trim']);
  });

  const postgres = process.env.TEST_DATABASE_URL ? it : it.skip;

  postgres('sees a change committed late by a transaction older than those it already read', async () => {
    const { pool } = test.ctx.database;
    const late = await (pool as pg.Pool).connect();
    try {
      await late.query('BEGIN');
      // The older transaction takes its id first, then writes after a younger one commits.
      await late.query('SELECT pg_current_xact_id()');
      await insertListing(test.db, seller, { title: 'Gerenuk early' });
      expect(await titles('gerenuk')).toEqual(['Gerenuk early']);
      await late.query(
        `INSERT INTO listings (id, seller_id, title, description, product_type_id, category, zip_code,
           quantity_lbs, asking_price, seller_business_name, seller_verified, seller_county)
         SELECT gen_random_uuid(), $1, 'Gerenuk late', 'A late lot', id, category, '95501', 1, 100,
           'Ridge Farms', true, 'Humboldt' FROM product_types WHERE name = 'Other'`,
        [seller.id],
      );
      await late.query('COMMIT');
    } finally {
      late.release();
    }
    expect((await titles('gerenuk')).sort()).toEqual(['Gerenuk early', 'Gerenuk late']);
  });

  postgres('answers every change while its listening connection is lost', async () => {
    const ended = (await test.db.execute(
      sql`SELECT pg_terminate_backend(pid) AS "ended" FROM pg_stat_activity
        WHERE application_name = 'canopy-catalog-search-listener' AND datname = current_database()`,
    )) as unknown as { rows: { ended: boolean }[] };
    expect(ended.rows.map((row) => row.ended)).toEqual([true]);
    await insertListing(test.db, seller, { title: 'Serow flower' });
    expect(await titles('serow')).toEqual(['Serow flower']);
  });
});
