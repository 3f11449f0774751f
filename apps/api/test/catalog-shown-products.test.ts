import type { ProductDto } from '@canopy/shared';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingMedia, listings, productTypes, type UserRow, users } from '../src/db/schema/index.ts';
import { insertListing, insertListingMedia, insertUser } from '../src/seed/factories.ts';
import { createTestApp, json, type TestApp } from './support/test-app.ts';

// The catalog's lists keep the products they showed (decision 264); whatever a product shows must
// be new in the very next list after the change commits, whether it is written on the listing's
// row, on its pictures, on its seller or on its product type, with the page cache off as here.

let test: TestApp;
let seller: UserRow;
let listingId: string;

beforeAll(async () => {
  test = await createTestApp();
  seller = await insertUser(test.db, { role: 'seller', businessName: 'Ridge Farms', county: 'Humboldt' });
  const listing = await insertListing(test.db, seller, {
    title: 'Quokka flower',
    description: 'First words.',
  });
  listingId = listing.id;
  await insertListingMedia(test.db, listing.id, [
    {
      kind: 'image',
      fileKey: 'listings/quokka.jpg',
      thumbnailKey: 'listings/quokka-thumb.jpg',
      mediumKey: 'listings/quokka-medium.jpg',
      contentType: 'image/jpeg',
      sizeBytes: 1000,
    },
  ]);
});
afterAll(() => test.close());

async function shown(): Promise<ProductDto> {
  const response = await test.app.inject({ method: 'GET', url: '/api/products?query=quokka' });
  expect(response.statusCode).toBe(200);
  const { data } = json<{ data: ProductDto[] }>(response);
  expect(data).toHaveLength(1);
  return data[0] as ProductDto;
}

describe('a product kept by the catalog lists', () => {
  it('shows an edit to a column that no search reads', async () => {
    expect((await shown()).description).toBe('First words.');
    await test.db.update(listings).set({ description: 'Second words.' }).where(eq(listings.id, listingId));
    expect((await shown()).description).toBe('Second words.');
    await test.db.update(listings).set({ batchNumber: 'B-77' }).where(eq(listings.id, listingId));
    expect((await shown()).batchNumber).toBe('B-77');
  });

  it('shows its pictures as they are now', async () => {
    expect((await shown()).media).toHaveLength(1);
    await insertListingMedia(test.db, listingId, [
      {
        kind: 'image',
        fileKey: 'listings/quokka-2.jpg',
        thumbnailKey: 'listings/quokka-2-thumb.jpg',
        contentType: 'image/jpeg',
        sizeBytes: 1000,
      },
    ]);
    expect((await shown()).media).toHaveLength(2);
    await test.db.delete(listingMedia).where(eq(listingMedia.listingId, listingId));
    expect((await shown()).media).toEqual([]);
  });

  it('shows its seller’s license and name as they are now', async () => {
    await shown();
    await test.db
      .update(users)
      .set({ licenseNumber: 'CCL21-0009999', businessName: 'Ridge Farms Co' })
      .where(eq(users.id, seller.id));
    const { seller: shownSeller } = await shown();
    expect(shownSeller.licenseNumber).toBe('CCL21-0009999');
    expect(shownSeller.businessName).toBe('Ridge Farms Co');
  });

  it('shows its product type’s name as it is now', async () => {
    const { productType } = await shown();
    await test.db
      .update(productTypes)
      .set({ name: `${productType} (renamed)` })
      .where(eq(productTypes.name, productType));
    expect((await shown()).productType).toBe(`${productType} (renamed)`);
    await test.db
      .update(productTypes)
      .set({ name: productType })
      .where(eq(productTypes.name, `${productType} (renamed)`));
  });

  /** A write no writer can make (the trigger is part of the table): it shows whether a list read the row. */
  async function describeUnseen(words: string) {
    await test.db.execute(sql`ALTER TABLE "listings" DISABLE TRIGGER "zz_listings_search_changed"`);
    try {
      await test.db.update(listings).set({ description: words }).where(eq(listings.id, listingId));
    } finally {
      await test.db.execute(sql`ALTER TABLE "listings" ENABLE TRIGGER "zz_listings_search_changed"`);
    }
  }

  it('is kept between lists: a write the change mark does not see stays unseen', async () => {
    await shown();
    await describeUnseen('Unseen words.');
    expect((await shown()).description).toBe('Second words.');
  });

  const postgres = process.env.TEST_DATABASE_URL ? it : it.skip;

  postgres('is kept while a long transaction holds the change mark back', async () => {
    const { pool } = test.ctx.database;
    const long = await (pool as pg.Pool).connect();
    try {
      await long.query('BEGIN');
      await long.query('SELECT pg_current_xact_id()');
      // A change to everything, read once; each later list reads from before it again.
      await test.db.update(productTypes).set({ sortOrder: sql`"sort_order" + 1` }).where(sql`true`);
      await test.db.update(listings).set({ description: 'Third words.' }).where(eq(listings.id, listingId));
      expect((await shown()).description).toBe('Third words.');
      await describeUnseen('Unseen again.');
      expect((await shown()).description).toBe('Third words.');
    } finally {
      await long.query('ROLLBACK');
      long.release();
    }
  });
});
