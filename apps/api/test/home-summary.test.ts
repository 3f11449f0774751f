import { homeSummaryResponse } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../src/db/schema/index.ts';
import { insertListing, insertUser } from '../src/seed/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The home hero's numbers (issue 15): verified buyers and sellers, and the lots anyone can find.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

async function summary() {
  const response = await test.app.inject({ method: 'GET', url: '/api/home/summary' });
  expect(response.statusCode).toBe(200);
  return homeSummaryResponse.parse(response.json()).summary;
}

describe('GET /api/home/summary', () => {
  it('counts verified buyers and sellers only, and public listings only', async () => {
    const before = await summary();

    const seller = await insertUser(test.db, { role: 'seller' });
    await insertUser(test.db, { role: 'buyer' });
    // Not operators, or not verified: none of these is counted.
    await insertUser(test.db, { role: 'admin' });
    const pending = await insertUser(test.db, { role: 'seller', status: 'pending' });
    await insertUser(test.db, { role: 'buyer', status: 'rejected' });
    await insertUser(test.db, { role: 'seller', status: 'suspended' });

    await insertListing(test.db, seller, { title: 'Public lot one' });
    await insertListing(test.db, seller, { title: 'Public lot two' });
    // Not public: archived, hidden by an administrator, sold out, a pending seller's.
    await insertListing(test.db, seller, { isActive: false });
    const hidden = await insertListing(test.db, seller, { title: 'Hidden lot' });
    await test.db
      .update(listings)
      .set({ isActive: false, moderation: 'hidden', moderationReason: 'Duplicate listing' })
      .where(eq(listings.id, hidden.id));
    await insertListing(test.db, seller, { quantityLbs: 0 });
    await insertListing(test.db, pending, { title: 'Unapproved lot' });

    expect(await summary()).toEqual({
      verifiedOperators: before.verifiedOperators + 2,
      liveLots: before.liveLots + 2,
    });
  });

  it('answers anyone, signed in or not, without a session', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/home/summary' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
  });
});

describe('homeSummary with caching on', () => {
  it('reuses one count for a few seconds, then counts again', async () => {
    const cached = await createTestApp({ CATALOG_CACHE_ENTRIES: '100' });
    try {
      const first = await cached.app.homeSummary(1_000);
      await insertUser(cached.db, { role: 'buyer' });
      expect(await cached.app.homeSummary(2_000)).toEqual(first);
      expect(await cached.app.homeSummary(10_000)).toEqual({
        ...first,
        verifiedOperators: first.verifiedOperators + 1,
      });
    } finally {
      await cached.close();
    }
  });
});
