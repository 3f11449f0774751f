import { eq, getTableColumns, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, type UserRow } from '../src/db/schema/index.ts';
import { UNMARKED_COLUMNS } from '../src/modules/catalog/search-index/source.ts';
import { insertListing, insertUser } from '../src/seed/factories.ts';
import { createTestApp, json, type TestApp } from './support/test-app.ts';

// How the search index stays current (decision 254): the trigger of migrations 0040 and 0042 must
// mark a listing changed whenever anything but its view count changes (decision 264), and an
// instance must see every committed change, even one committed late by a transaction older than
// changes it already read, and even while its notifications are lost.

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

/**
 * A change to one column of a listing that keeps every check of the table, for the listing `base`
 * makes: inactive, with a moderation reason and a whole COA, so that hiding it, making it a draft
 * or failing its COA is each a valid change of one column.
 */
const CHANGES: Record<string, string> = {
  id: 'gen_random_uuid()',
  seller_id: 'OTHER_SELLER',
  ships_from_license_id: '(SELECT "id" FROM "company_licenses" ORDER BY "id" LIMIT 1)',
  title: `"title" || ' changed'`,
  description: `"description" || ' changed'`,
  product_type_id: '(SELECT "id" FROM "product_types" WHERE "id" <> "listings"."product_type_id" LIMIT 1)',
  category: `CASE WHEN "category" = 'other' THEN 'flower'::product_category ELSE 'other'::product_category END`,
  strain: `coalesce("strain", '') || 'x'`,
  thc_content: 'coalesce("thc_content", 0) + 1',
  cbd_content: 'coalesce("cbd_content", 0) + 1',
  zip_code: `CASE WHEN "zip_code" = '95501' THEN '95502' ELSE '95501' END`,
  quantity_lbs: '"quantity_lbs" + 1',
  make_offer: 'NOT "make_offer"',
  asking_price: '"asking_price" + 1',
  negotiable: 'NOT "negotiable"',
  tested: 'NOT "tested"',
  test_link: `coalesce("test_link", 'https://lab.example/') || 'x'`,
  test_upload_key: `coalesce("test_upload_key", 'coa') || 'x'`,
  test_upload_type: `coalesce("test_upload_type", 'application/pdf') || 'x'`,
  test_upload_name: `coalesce("test_upload_name", 'coa.pdf') || 'x'`,
  is_active: 'NOT "is_active"',
  seller_business_name: `"seller_business_name" || ' changed'`,
  seller_verified: 'NOT "seller_verified"',
  created_at: `"created_at" + interval '1 second'`,
  updated_at: `"updated_at" + interval '1 second'`,
  moderation: `'hidden'::listing_moderation`,
  moderation_reason: `"moderation_reason" || ' again'`,
  moderated_at: `coalesce("moderated_at", now()) + interval '1 second'`,
  seller_county: `'Trinity'`,
  first_public_at: `coalesce("first_public_at", now()) + interval '1 second'`,
  is_draft: 'NOT "is_draft"',
  version: '"version" + 1',
  lot_version: '"lot_version" + 1',
  stock_version: '"stock_version" + 1',
  client_key: `coalesce("client_key", 'key') || 'x'`,
  client_key_digest: `coalesce("client_key_digest", 'digest') || 'x'`,
  batch_number: `coalesce("batch_number", 'B1') || 'x'`,
  package_uids: `array_append("package_uids", '1A4000000000000000000099')`,
  coa_lab_name: `"coa_lab_name" || ' Labs'`,
  coa_lab_license: `"coa_lab_license" || '9'`,
  coa_tested_at: `"coa_tested_at" - 1`,
  coa_result: `'fail'`,
  coa_withheld: 'NOT "coa_withheld"',
  external_sku: `coalesce("external_sku", 'SKU') || 'x'`,
  price_tiers: `'[{"minLbs": 20, "pricePerLb": 900}]'::jsonb`,
  group_only: 'NOT "group_only"',
};

describe('the change mark of migrations 0040 and 0042', () => {
  /** Every listings column the database does not compute and the mark does not ignore. */
  const marked = Object.values(getTableColumns(listings))
    .filter((column) => !column.generated)
    .map((column) => column.name)
    .filter((name) => !(UNMARKED_COLUMNS as readonly string[]).includes(name));

  beforeAll(async () => {
    await test.db.execute(sql`INSERT INTO "company_licenses" ("id", "company_id", "license_number",
      "license_type", "street", "city", "county", "state", "zip_code", "document_key", "document_type")
      VALUES (gen_random_uuid(), ${seller.id}, 'CCL-0001', 'Cultivator', '1 Main St', 'Arcata',
        'Humboldt', 'CA', '95501', 'licenses/one.pdf', 'application/pdf')`);
  });

  it('ignores only the view count and the columns the database computes', () => {
    const generated = Object.values(getTableColumns(listings))
      .filter((column) => column.generated)
      .map((column) => column.name);
    expect([...UNMARKED_COLUMNS].sort()).toEqual(['search_xid', 'views_count', ...generated].sort());
  });

  it.each(marked)('moves when %s changes, and not on a view', async (column) => {
    const listing = await insertListing(test.db, seller, { thcContent: 20, cbdContent: 1, isActive: false });
    await test.db.execute(sql`UPDATE listings SET "moderation_reason" = 'noted', "coa_lab_name" = 'Sonoma',
      "coa_lab_license" = 'C8-1', "coa_tested_at" = current_date - 30, "coa_result" = 'pass'
      WHERE id = ${listing.id}`);
    let id = listing.id;
    const mark = async () =>
      (await test.db.select({ xid: listings.searchXid }).from(listings).where(eq(listings.id, id)))[0]?.xid;
    const before = await mark();
    await test.db.execute(sql`UPDATE listings SET views_count = views_count + 1 WHERE id = ${id}`);
    expect(await mark()).toBe(before);
    const change = CHANGES[column];
    // A column with no change written here fails: a product may show it, so its change must be tested.
    expect(change, `no test change for ${column}`).toBeDefined();
    const set = (change as string).replace('OTHER_SELLER', `'${other.id}'::uuid`);
    const [changed] = (
      (await test.db.execute(
        sql.raw(`UPDATE listings SET "${column}" = ${set} WHERE id = '${id}' RETURNING "id"::text AS "id"`),
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    id = changed?.id ?? id;
    expect(await mark()).not.toBe(before);
  });
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
