import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { listingDailyStats, listings, listingViews, type UserRow } from '../src/db/schema/index.ts';
import { DAILY_VIEWS_KEPT_DAYS, ViewCounter } from '../src/modules/catalog/view-counter.ts';
import { insertListing } from '../src/seed/factories.ts';
import { createTestApp, type TestApp, userWithToken } from './support/test-app.ts';

// Product views are noted in memory and written in batches (decision 160). These tests call
// flush() or close the app instead of waiting for the timer: nothing here depends on timing.

let test: TestApp;
let seller: { user: UserRow; token: string };

beforeAll(async () => {
  test = await createTestApp();
  seller = await userWithToken(test, { role: 'seller' });
});
afterAll(() => test.close());

const view = (app: TestApp['app'], id: string, remoteAddress = '10.1.0.1') =>
  app.inject({ method: 'GET', url: `/api/products/${id}`, remoteAddress });

async function viewsOf(id: string) {
  const [row] = await test.db
    .select({ views: listings.viewsCount })
    .from(listings)
    .where(eq(listings.id, id));
  return row?.views;
}

async function dailyViewsOf(id: string) {
  return test.db
    .select({ day: listingDailyStats.day, views: listingDailyStats.views })
    .from(listingDailyStats)
    .where(eq(listingDailyStats.listingId, id));
}

const pacificToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());

/** A logger that keeps what it is told, for the failure and overflow reports. */
function keptLog() {
  const lines: { level: string; fields: unknown; message: string }[] = [];
  const keep = (level: string) => (fields: unknown, message: string) =>
    lines.push({ level, fields, message });
  return { lines, log: { error: keep('error'), warn: keep('warn') } as unknown as FastifyBaseLogger };
}

describe('product views, batched', () => {
  it('counts each viewer once per hour, within a batch and across batches', async () => {
    const listing = await insertListing(test.db, seller.user, { title: 'Batched lot' });
    await view(test.app, listing.id, '10.1.0.1');
    await view(test.app, listing.id, '10.1.0.1');
    await view(test.app, listing.id, '10.1.0.2');

    await test.app.viewCounter.flush();
    expect(await viewsOf(listing.id)).toBe(2);
    expect(await dailyViewsOf(listing.id)).toEqual([{ day: pacificToday(), views: 2 }]);

    // The same viewers in a later batch of the same hour are not new.
    await view(test.app, listing.id, '10.1.0.1');
    await view(test.app, listing.id, '10.1.0.3');
    await test.app.viewCounter.flush();
    expect(await viewsOf(listing.id)).toBe(3);
    expect(await dailyViewsOf(listing.id)).toEqual([{ day: pacificToday(), views: 3 }]);
  });

  it(`forgets a listing's daily views older than ${DAILY_VIEWS_KEPT_DAYS} days when it is viewed again`, async () => {
    const listing = await insertListing(test.db, seller.user, { title: 'Long-lived lot' });
    const daysAgo = (days: number) => {
      const day = new Date(`${pacificToday()}T12:00:00Z`);
      day.setUTCDate(day.getUTCDate() - days);
      return day.toISOString().slice(0, 10);
    };
    const kept = daysAgo(DAILY_VIEWS_KEPT_DAYS);
    await test.db.insert(listingDailyStats).values([
      { listingId: listing.id, day: daysAgo(DAILY_VIEWS_KEPT_DAYS + 1), views: 4 },
      { listingId: listing.id, day: kept, views: 5 },
    ]);
    await view(test.app, listing.id);
    await test.app.viewCounter.flush();
    const days = (await dailyViewsOf(listing.id)).sort((a, b) => a.day.localeCompare(b.day));
    expect(days).toEqual([
      { day: kept, views: 5 },
      { day: pacificToday(), views: 1 },
    ]);
  });

  it('keeps the once-per-hour rule across instances; an instance that closes writes what it holds', async () => {
    const listing = await insertListing(test.db, seller.user, { title: 'Two instances lot' });
    const other = await buildApp({
      config: test.ctx.config,
      database: test.ctx.database,
      rateLimitScale: 1000,
    });
    await other.ready();
    await view(test.app, listing.id, '10.2.0.1');
    await test.app.viewCounter.flush();
    // The same viewer reaching the other instance is not a new view; a new one is.
    await view(other, listing.id, '10.2.0.1');
    await view(other, listing.id, '10.2.0.2');
    await other.close();
    expect(await viewsOf(listing.id)).toBe(2);
    expect(await dailyViewsOf(listing.id)).toEqual([{ day: pacificToday(), views: 2 }]);
  });

  it("leaves out a deleted listing's views without failing the rest of the batch", async () => {
    const kept = await insertListing(test.db, seller.user, { title: 'Kept lot' });
    const deleted = await insertListing(test.db, seller.user, { title: 'Deleted lot' });
    await view(test.app, kept.id);
    await view(test.app, deleted.id);
    await test.db.delete(listings).where(eq(listings.id, deleted.id));
    await test.app.viewCounter.flush();
    expect(await viewsOf(kept.id)).toBe(1);
    expect(await test.db.select().from(listingViews).where(eq(listingViews.listingId, deleted.id))).toEqual(
      [],
    );
  });

  it('writes what it holds when stopped, without a timer having run', async () => {
    const listing = await insertListing(test.db, seller.user, { title: 'Closing lot' });
    const counter = new ViewCounter(test.db, keptLog().log);
    counter.record(listing.id, 'anon:closing');
    expect(counter.size).toBe(1);
    await counter.stop();
    expect(counter.size).toBe(0);
    expect(await viewsOf(listing.id)).toBe(1);
  });

  it('holds a bounded number of views: past it a view is dropped, counted and reported', async () => {
    const listing = await insertListing(test.db, seller.user, { title: 'Crowded lot' });
    const { lines, log } = keptLog();
    const counter = new ViewCounter(test.db, log, 2);
    counter.record(listing.id, 'anon:a');
    counter.record(listing.id, 'anon:a');
    counter.record(listing.id, 'anon:b');
    counter.record(listing.id, 'anon:c');
    expect(counter.size).toBe(2);
    expect(counter.dropped).toBe(1);
    await counter.flush();
    expect(await viewsOf(listing.id)).toBe(2);
    expect(lines).toEqual([
      { level: 'warn', fields: { dropped: 1 }, message: 'product views: dropped, buffer full' },
    ]);
    // Reported once, not again with every later batch.
    await counter.flush();
    expect(lines).toHaveLength(1);
  });

  it('logs a batch the database refuses and never throws it at the caller', async () => {
    const { lines, log } = keptLog();
    const failing = { execute: () => Promise.reject(new Error('database unavailable')) } as unknown as Db;
    const counter = new ViewCounter(failing, log);
    counter.record('0196f000-0000-7000-8000-000000000001', 'anon:a');
    await expect(counter.flush()).resolves.toBeUndefined();
    expect(lines.map((line) => [line.level, line.message])).toEqual([
      ['error', 'product views: a batch could not be written'],
    ]);
    expect(counter.size).toBe(0);
  });
});
