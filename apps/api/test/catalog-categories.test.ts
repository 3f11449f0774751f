import { categoryCountsResponse, PRODUCT_CATEGORIES, type ProductCategory } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../src/db/schema/index.ts';
import { insertListing, insertUser } from '../src/seed/factories.ts';
import { eventually } from './support/scratch-servers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Public listings per category, for the catalog's category choice (issue 15: counts where cheap).

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

async function counts(app: TestApp = test): Promise<Record<ProductCategory, number>> {
  const response = await app.app.inject({ method: 'GET', url: '/api/products/categories' });
  expect(response.statusCode).toBe(200);
  const { categories } = categoryCountsResponse.parse(response.json());
  expect(categories.map((entry) => entry.category)).toEqual([...PRODUCT_CATEGORIES]);
  return Object.fromEntries(categories.map((entry) => [entry.category, entry.count])) as Record<
    ProductCategory,
    number
  >;
}

describe('GET /api/products/categories', () => {
  it('counts the public listings of each category, and lists every category', async () => {
    const before = await counts();
    const seller = await insertUser(test.db, { role: 'seller' });
    const pending = await insertUser(test.db, { role: 'seller', status: 'pending' });
    await insertListing(test.db, seller, { productType: 'Flower - Indoor' });
    await insertListing(test.db, seller, { productType: 'Flower - Indoor' });
    await insertListing(test.db, seller, { productType: 'Topicals' });
    // Not public: archived, hidden by an administrator, sold out, a draft, a pending seller's.
    await insertListing(test.db, seller, { productType: 'Topicals', isActive: false });
    const hidden = await insertListing(test.db, seller, { productType: 'Topicals' });
    await test.db
      .update(listings)
      .set({ isActive: false, moderation: 'hidden', moderationReason: 'Duplicate listing' })
      .where(eq(listings.id, hidden.id));
    await insertListing(test.db, seller, { productType: 'Topicals', quantityLbs: 0 });
    const draft = await insertListing(test.db, seller, { productType: 'Topicals', isActive: false });
    await test.db.update(listings).set({ isDraft: true }).where(eq(listings.id, draft.id));
    await insertListing(test.db, pending, { productType: 'Flower - Indoor' });

    expect(await counts()).toEqual({ ...before, flower: before.flower + 2, topical: before.topical + 1 });
  });

  it('with the page cache on, a listing that joins the catalog is counted once its change is heard', async () => {
    const cached = await createTestApp({ CATALOG_CACHE_ENTRIES: '100' });
    try {
      const seller = await insertUser(cached.db, { role: 'seller' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = await counts(cached);
      await insertListing(cached.db, seller, { productType: 'Topicals' });
      await eventually(async () => (await counts(cached)).topical === before.topical + 1);
    } finally {
      await cached.close();
    }
  });
});
