import { insightDay, type SellerInsightsResponse } from '@canopy/shared';
import { asc, count, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  licenses,
  listingDailyStats,
  listingMedia,
  listings,
  productTypes,
  users,
} from '../src/db/schema/index.ts';
import { verifyPassword } from '../src/lib/passwords.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { DEMO_PASSWORD } from '../src/seed/fixtures/accounts.ts';
import { bearer, createTestApp, json, signIn, type TestApp } from './support/test-app.ts';

// The demo that `npm start` seeds into an empty database (README's accounts table). The listings
// are compared with a snapshot file, so a change to the demo data shows up in review.

let test: TestApp;
let seeded: boolean;
beforeAll(async () => {
  test = await createTestApp();
  seeded = await seedDemoData(test.ctx);
}, 120_000);
afterAll(() => test.close());

describe('the demo seed', () => {
  it('creates the README demo accounts, all with the published password', async () => {
    expect(seeded).toBe(true);
    const rows = await test.db.select().from(users).orderBy(asc(users.email));
    expect(rows.map((row) => [row.email, row.role, row.status, row.businessName])).toEqual([
      ['admin@example.com', 'admin', 'verified', 'Canopy Operations'],
      ['buyer@example.com', 'buyer', 'verified', 'Golden Coast Dispensary'],
      ['pending@example.com', 'seller', 'pending', 'Sierra Sun Growers'],
      ['seller2@example.com', 'seller', 'verified', 'Golden State Extracts'],
      ['seller3@example.com', 'seller', 'verified', 'Mendocino Heritage Co-op'],
      ['seller@example.com', 'seller', 'verified', 'Emerald Ridge Farms'],
    ]);
    for (const row of rows) expect(await verifyPassword(row.passwordHash, DEMO_PASSWORD)).toBe(true);
    const documents = rows.filter((row) => row.licenseDocumentKey !== null).length;
    expect(documents).toBe(5);
  });

  it('lists the demo listings with pictures, videos and lab results', async () => {
    const rows = await test.db
      .select({ listing: listings, seller: users.email, type: productTypes.name })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.sellerId))
      .innerJoin(productTypes, eq(productTypes.id, listings.productTypeId))
      .orderBy(asc(listings.title));
    const media = await test.db.select().from(listingMedia).orderBy(asc(listingMedia.position));
    const now = Date.now();
    const lines = rows.map(({ listing, seller, type }) => {
      const mine = media.filter((item) => item.listingId === listing.id);
      const kinds = mine.map((item) => item.kind).join('+');
      const days = Math.round((now - listing.createdAt.getTime()) / 86_400_000);
      const price = listing.makeOffer
        ? 'offer'
        : `$${listing.askingPrice}${listing.negotiable ? ' neg' : ''}`;
      const lab = listing.testUploadKey ? `coa ${listing.testLink}` : 'no coa';
      return [
        listing.title,
        seller,
        type,
        `${listing.strain ?? '-'} thc ${listing.thcContent ?? '-'} cbd ${listing.cbdContent ?? '-'}`,
        `${listing.quantityLbs} lb ${price} zip ${listing.zipCode}`,
        `${listing.isActive ? 'active' : 'archived'} ${days}d ago ${listing.viewsCount} views`,
        `${kinds} ${lab}`,
      ].join(' | ');
    });
    expect(rows.length).toBeGreaterThanOrEqual(35);
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('__snapshots__/demo-listings.txt');
  });

  it('loads the sample license registry and shows the public listings in the catalog', async () => {
    const [registry] = await test.db.select({ total: count() }).from(licenses);
    expect(registry?.total).toBeGreaterThan(0);
    const token = await signIn(test.app, 'buyer@example.com', DEMO_PASSWORD);
    const response = await test.app.inject({
      url: '/api/products?limit=100',
      headers: { authorization: `Bearer ${token}` },
    });
    const [active] = await test.db
      .select({ total: count() })
      .from(listings)
      .where(eq(listings.isActive, true));
    expect(json<{ pagination: { total: number } }>(response).pagination.total).toBe(active?.total);
  });

  it("gives every listing a daily view history that adds up to its views, so the seller's chart starts full", async () => {
    const rows = await test.db
      .select({
        id: listings.id,
        views: listings.viewsCount,
        daily: sum(listingDailyStats.views).mapWith(Number),
      })
      .from(listings)
      .leftJoin(listingDailyStats, eq(listingDailyStats.listingId, listings.id))
      .groupBy(listings.id);
    for (const row of rows) expect(row.daily, row.id).toBe(row.views);

    const token = await signIn(test.app, 'seller@example.com', DEMO_PASSWORD);
    const response = await test.app.inject({ url: '/api/listings/my/insights', headers: bearer(token) });
    const { insights } = json<SellerInsightsResponse>(response);
    const own = await test.db
      .select({ id: listings.id, views: listings.viewsCount, createdAt: listings.createdAt })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.sellerId))
      .where(eq(users.email, 'seller@example.com'));
    expect(insights.listings).toHaveLength(own.length);
    for (const listing of own) {
      const chart = insights.listings.find((entry) => entry.listingId === listing.id);
      const listedDay = insightDay(listing.createdAt);
      // Nothing before the listing existed; all of a recent listing's views fall inside the window.
      expect(
        chart?.views.filter((_, index) => (insights.days[index] ?? '') < listedDay).every((v) => v === 0),
      ).toBe(true);
      if (listedDay >= (insights.days[0] ?? '')) expect(chart?.totals.views).toBe(listing.views);
      else expect(chart?.totals.views).toBeGreaterThan(0);
    }
    expect(insights.totals.views).toBeGreaterThan(0);
  });

  it('does nothing when the database already has a user', async () => {
    expect(await seedDemoData(test.ctx)).toBe(false);
  });
});
