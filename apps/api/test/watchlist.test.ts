import { AUTH, WATCHLIST, WATCHLIST_MAX, type WatchItemDto, type WatchlistResponse } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, users, watchlistItems } from '../src/db/schema/index.ts';
import { insertListing } from '../src/seed/factories.ts';
import { accept, dealParties, makeOffer } from './deals-helpers.ts';
import { type Person, person, sellerWithListing } from './messages-helpers.ts';
import { bearer, createTestApp, json, type TestApp } from './support/test-app.ts';

// Issue 15, item 3: the watchlist API (decision 155): adding and removing are idempotent, only lots
// the buyer can see are watched, and each lot says what moved since the buyer last looked.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const call = (who: Person | null, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string) =>
  test.app.inject({ method, url, headers: who ? bearer(who.token) : {} });

const watch = (who: Person, listingId: string) => call(who, 'PUT', `/api/watchlist/${listingId}`);

async function watchlistOf(who: Person): Promise<WatchlistResponse> {
  const response = await call(who, 'GET', '/api/watchlist');
  expect(response.statusCode).toBe(200);
  return json<WatchlistResponse>(response);
}

async function summaryOf(who: Person) {
  const response = await call(who, 'GET', '/api/watchlist/summary');
  expect(response.statusCode).toBe(200);
  return json<{ listingIds: string[]; changed: number }>(response);
}

const seen = (who: Person) => call(who, 'POST', '/api/watchlist/seen');

const itemOf = (list: WatchlistResponse, listingId: string): WatchItemDto => {
  const item = list.data.find((entry) => entry.listingId === listingId);
  if (!item) throw new Error(`${listingId} is not on the watchlist`);
  return item;
};

const noChanges = { price: null, quantity: null, soldOut: false, noLongerAvailable: false };

describe('adding and removing', () => {
  it('adds once however often the heart is pressed, lists the card fields, and removes idempotently', async () => {
    const { listing } = await sellerWithListing(test, {}, { title: 'Gelato 41 indoor', askingPrice: 1450 });
    const buyer = await person(test, { role: 'buyer' });

    const first = await watch(buyer, listing.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: WATCHLIST.added, watching: true });
    expect((await watch(buyer, listing.id)).statusCode).toBe(200);

    const list = await watchlistOf(buyer);
    expect(list.data).toHaveLength(1);
    expect(list.changed).toBe(0);
    const item = itemOf(list, listing.id);
    expect(item).toMatchObject({ name: 'Gelato 41 indoor', available: true, changes: noChanges, notes: [] });
    expect(item.product).toMatchObject({
      _id: listing.id,
      name: 'Gelato 41 indoor',
      priceRange: '$1,450.00 / lb',
      availableQuantity: '10 lbs',
    });
    expect(await summaryOf(buyer)).toEqual({ success: true, listingIds: [listing.id], changed: 0 });

    const removed = await call(buyer, 'DELETE', `/api/watchlist/${listing.id}`);
    expect(removed.json()).toEqual({ success: true, message: WATCHLIST.removed, watching: false });
    expect((await call(buyer, 'DELETE', `/api/watchlist/${listing.id}`)).statusCode).toBe(200);
    expect((await watchlistOf(buyer)).data).toEqual([]);
  });

  it('keeps each buyer’s list to themselves', async () => {
    const { listing } = await sellerWithListing(test);
    const one = await person(test, { role: 'buyer' });
    const other = await person(test, { role: 'buyer' });
    await watch(one, listing.id);
    expect((await watchlistOf(other)).data).toEqual([]);
  });

  it('is for verified buyers: anonymous 401, sellers and pending buyers 403', async () => {
    const { listing } = await sellerWithListing(test);
    expect((await call(null, 'PUT', `/api/watchlist/${listing.id}`)).statusCode).toBe(401);
    const seller = await person(test, { role: 'seller' });
    const refused = await watch(seller, listing.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(AUTH.forbidden);
    const pending = await person(test, { role: 'buyer', status: 'pending' });
    expect((await watch(pending, listing.id)).statusCode).toBe(403);
  });

  it('watches only lots the buyer can see: archived, hidden-seller, missing and malformed ids are not found', async () => {
    const buyer = await person(test, { role: 'buyer' });
    const { listing: archived } = await sellerWithListing(test, {}, { isActive: false });
    const pendingSeller = await person(test, { role: 'seller', status: 'pending' });
    const unverified = await insertListing(test.db, pendingSeller.user);
    for (const id of [archived.id, unverified.id, '0190a1b2-0000-7000-8000-000000000000', 'not-an-id']) {
      const response = await watch(buyer, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(WATCHLIST.notFound);
    }
  });

  it(`holds at most ${WATCHLIST_MAX} lots`, async () => {
    const buyer = await person(test, { role: 'buyer' });
    const { seller, listing } = await sellerWithListing(test);
    const many = await Promise.all(
      Array.from({ length: WATCHLIST_MAX }, () => insertListing(test.db, seller.user)),
    );
    await test.db.insert(watchlistItems).values(
      many.map((row) => ({
        userId: buyer.user.id,
        listingId: row.id,
        watchedTitle: row.title,
        watchedPrice: row.askingPrice,
        watchedQuantityLbs: row.quantityLbs,
        seenPrice: row.askingPrice,
        seenQuantityLbs: row.quantityLbs,
      })),
    );
    const full = await watch(buyer, listing.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe(WATCHLIST.full);
    // Watching one already on the list is still fine.
    expect((await watch(buyer, many[0]?.id ?? '')).statusCode).toBe(200);
  });
});

describe('what changed since the buyer last looked', () => {
  it('notes a price change and a quantity change, counts them in the summary, and starts again once seen', async () => {
    const { listing } = await sellerWithListing(test, {}, { askingPrice: 1200, quantityLbs: 25 });
    const buyer = await person(test, { role: 'buyer' });
    await watch(buyer, listing.id);

    await test.db
      .update(listings)
      .set({ askingPrice: 1100, quantityLbs: 20.5 })
      .where(eq(listings.id, listing.id));
    const changed = itemOf(await watchlistOf(buyer), listing.id);
    expect(changed.changes).toEqual({
      price: { from: 1200, to: 1100 },
      quantity: { from: 25, to: 20.5 },
      soldOut: false,
      noLongerAvailable: false,
    });
    expect(changed.notes).toEqual([
      'Price changed from $1,200.00 / lb to $1,100.00 / lb',
      'Quantity changed from 25 lbs to 20.5 lbs',
    ]);
    expect((await summaryOf(buyer)).changed).toBe(1);

    expect((await seen(buyer)).statusCode).toBe(200);
    expect(itemOf(await watchlistOf(buyer), listing.id).notes).toEqual([]);
    expect((await summaryOf(buyer)).changed).toBe(0);

    // Switching to offers only reads as a price change to "Make an offer".
    await test.db
      .update(listings)
      .set({ makeOffer: true, askingPrice: null })
      .where(eq(listings.id, listing.id));
    expect(itemOf(await watchlistOf(buyer), listing.id).notes).toEqual([
      'Price changed from $1,100.00 / lb to Make an offer',
    ]);
  });

  it('notes "Sold out" when accepted orders take the whole lot, and "Back in stock" when the seller adds more', async () => {
    const deal = await dealParties(test, { quantityLbs: 40, askingPrice: 1000 });
    const watcher = await person(test, { role: 'buyer' });
    await watch(watcher, deal.listingId);

    const offer = await makeOffer(test, deal, { quantityLbs: 40, pricePerLb: 1000 });
    await accept(test, deal.seller, offer._id);

    const soldOut = itemOf(await watchlistOf(watcher), deal.listingId);
    expect(soldOut.available).toBe(true);
    expect(soldOut.product?.availableQuantity).toBe('Sold out');
    expect(soldOut.changes).toEqual({ ...noChanges, quantity: { from: 40, to: 0 }, soldOut: true });
    expect(soldOut.notes).toEqual(['Sold out']);

    await seen(watcher);
    await test.db.update(listings).set({ quantityLbs: 15 }).where(eq(listings.id, deal.listingId));
    expect(itemOf(await watchlistOf(watcher), deal.listingId).notes).toEqual(['Back in stock: 15 lbs']);
  });

  it('shows an archived or hidden lot as "No longer available" under the name it was watched by, without its product', async () => {
    const { listing } = await sellerWithListing(test, {}, { title: 'Sour Diesel smalls' });
    const buyer = await person(test, { role: 'buyer' });
    await watch(buyer, listing.id);
    await test.db
      .update(listings)
      .set({ isActive: false, moderation: 'hidden', moderationReason: 'Wrong category', title: 'Renamed' })
      .where(eq(listings.id, listing.id));

    const gone = itemOf(await watchlistOf(buyer), listing.id);
    expect(gone).toMatchObject({
      name: 'Sour Diesel smalls',
      product: null,
      available: false,
      changes: { ...noChanges, noLongerAvailable: true },
      notes: [WATCHLIST.noLongerAvailable],
    });
    expect((await summaryOf(buyer)).changed).toBe(1);

    // Once seen it is no longer news, but still not available.
    await seen(buyer);
    const later = itemOf(await watchlistOf(buyer), listing.id);
    expect(later).toMatchObject({ available: false, notes: [] });
    expect((await summaryOf(buyer)).changed).toBe(0);

    // A seller who loses verification takes their lots out of sight as well.
    const { listing: other } = await sellerWithListing(test);
    await watch(buyer, other.id);
    await test.db.update(users).set({ status: 'suspended' }).where(eq(users.id, other.sellerId));
    await test.db.update(listings).set({ sellerVerified: false }).where(eq(listings.id, other.id));
    expect(itemOf(await watchlistOf(buyer), other.id).notes).toEqual([WATCHLIST.noLongerAvailable]);
  });
});
