import {
  IDEMPOTENCY,
  LISTING_EXPORT_COLUMNS,
  LISTINGS,
  type ListingExportRow,
  QUANTITY_SYNC,
  roleForbids,
} from '@canopy/shared';
import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, listings, messages, offers, orderEvents } from '../src/db/schema/index.ts';
import { sweepExpiredIdempotencyKeys } from '../src/http/idempotency.ts';
import { insertListing, insertMember } from '../src/seed/factories.ts';
import { accept, dealParties, makeOffer } from './deals-helpers.ts';
import { type Person, person, sellerWithListing } from './messages-helpers.ts';
import { bearer, createTestApp, json, signIn, type TestApp } from './support/test-app.ts';

// Idempotency-Key on the four calls a retry must not repeat (issue 24 item 5, decision 223): the
// same key and body from the same company within 24 hours acts once and answers the same; the key
// with another body is a 422; a request still running makes a duplicate a 409. Then the quantity
// sync's own rules and the listing export (decision 225).

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

let keys = 0;
const newKey = () => {
  keys += 1;
  return `retry-${keys}-${Date.now()}`;
};

const keyed = (who: Person, method: 'POST' | 'PATCH', url: string, payload: object, key?: string) =>
  test.app.inject({
    method,
    url,
    headers: { ...bearer(who.token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as Record<string, unknown>,
  });

const rows = async (table: typeof messages | typeof offers | typeof orderEvents) =>
  (await test.db.select({ n: count() }).from(table))[0]?.n ?? 0;

/** The second answer is the first one replayed, and says so. */
function expectReplay(first: LightMyRequestResponse, second: LightMyRequestResponse) {
  expect(second.statusCode).toBe(first.statusCode);
  expect(second.json()).toEqual(first.json());
  expect(second.headers['idempotent-replayed']).toBe('true');
  expect(first.headers['idempotent-replayed']).toBeUndefined();
}

function expectOtherRequest(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(422);
  expect(response.json()).toMatchObject({
    success: false,
    error: IDEMPOTENCY.keyReused,
    code: 'idempotency_key_other_request',
  });
}

const quantityOf = async (id: string) =>
  (await test.db.select().from(listings).where(eq(listings.id, id)))[0]?.quantityLbs;

describe('the same key and body act once and answer the same; another body is a 422', () => {
  it('PATCH /api/listings/{id}/quantity', async () => {
    const { seller, listing } = await sellerWithListing(test, {}, { quantityLbs: 50 });
    const key = newKey();
    const url = `/api/listings/${listing.id}/quantity`;
    const first = await keyed(seller, 'PATCH', url, { quantityLbs: 35 }, key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: QUANTITY_SYNC.updated, data: { quantityLbs: 35 } });
    // Someone sets another figure meanwhile; the retry must not put 35 back.
    await keyed(seller, 'PATCH', url, { quantityLbs: 20 });
    expectReplay(first, await keyed(seller, 'PATCH', url, { quantityLbs: 35 }, key));
    expect(await quantityOf(listing.id)).toBe(20);
    expectOtherRequest(await keyed(seller, 'PATCH', url, { quantityLbs: 36 }, key));
    expect(await quantityOf(listing.id)).toBe(20);
  });

  it('POST /api/messages', async () => {
    const buyer = await person(test, { role: 'buyer' });
    const { listing } = await sellerWithListing(test);
    const key = newKey();
    const form = {
      receiverId: listing.sellerId,
      listingId: listing.id,
      subject: 'Lot',
      content: 'Still there?',
    };
    const before = await rows(messages);
    const first = await keyed(buyer, 'POST', '/api/messages', form, key);
    expect(first.statusCode).toBe(201);
    expectReplay(first, await keyed(buyer, 'POST', '/api/messages', form, key));
    expect(await rows(messages)).toBe(before + 1);
    expectOtherRequest(await keyed(buyer, 'POST', '/api/messages', { ...form, content: 'Other words' }, key));
    expect(await rows(messages)).toBe(before + 1);
  });

  it('POST /api/offers', async () => {
    const deal = await dealParties(test);
    const key = newKey();
    const terms = { listingId: deal.listingId, quantityLbs: 5, pricePerLb: 1100 };
    const before = await rows(offers);
    const first = await keyed(deal.buyer, 'POST', '/api/offers', terms, key);
    expect(first.statusCode).toBe(201);
    expectReplay(first, await keyed(deal.buyer, 'POST', '/api/offers', terms, key));
    // The same body spelled in another order is the same request.
    const reordered = { pricePerLb: 1100, quantityLbs: 5, listingId: deal.listingId };
    expectReplay(first, await keyed(deal.buyer, 'POST', '/api/offers', reordered, key));
    expect(await rows(offers)).toBe(before + 1);
    expectOtherRequest(await keyed(deal.buyer, 'POST', '/api/offers', { ...terms, pricePerLb: 1000 }, key));
    expect(await rows(offers)).toBe(before + 1);
  });

  it('POST /api/orders/{id}/status', async () => {
    const deal = await dealParties(test);
    const { order } = await accept(test, deal.seller, (await makeOffer(test, deal))._id);
    const key = newKey();
    const url = `/api/orders/${order._id}/status`;
    const before = await rows(orderEvents);
    const first = await keyed(deal.seller, 'POST', url, { status: 'fulfilled' }, key);
    expect(first.statusCode).toBe(200);
    expectReplay(first, await keyed(deal.seller, 'POST', url, { status: 'fulfilled' }, key));
    expect(await rows(orderEvents)).toBe(before + 1);
    expectOtherRequest(await keyed(deal.seller, 'POST', url, { status: 'cancelled', reason: 'Oops' }, key));
    expect(await rows(orderEvents)).toBe(before + 1);
  });
});

describe('what a key is kept for, and how long', () => {
  it('belongs to one company: another company may use the same key for its own request', async () => {
    const a = await sellerWithListing(test, {}, { quantityLbs: 10 });
    const b = await sellerWithListing(test, {}, { quantityLbs: 10 });
    const key = newKey();
    const body = { quantityLbs: 7 };
    expect(
      (await keyed(a.seller, 'PATCH', `/api/listings/${a.listing.id}/quantity`, body, key)).statusCode,
    ).toBe(200);
    const other = await keyed(b.seller, 'PATCH', `/api/listings/${b.listing.id}/quantity`, body, key);
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await quantityOf(b.listing.id)).toBe(7);
  });

  it('is given back when the request fails, so the retry of a fixed request runs', async () => {
    const { seller, listing } = await sellerWithListing(test, {}, { quantityLbs: 10 });
    const stranger = await sellerWithListing(test);
    const key = newKey();
    const refused = await keyed(
      seller,
      'PATCH',
      `/api/listings/${stranger.listing.id}/quantity`,
      { quantityLbs: 1 },
      key,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: LISTINGS.notFound });
    const fixed = await keyed(
      seller,
      'PATCH',
      `/api/listings/${listing.id}/quantity`,
      { quantityLbs: 1 },
      key,
    );
    expect(fixed.statusCode).toBe(200);
    expect(await quantityOf(listing.id)).toBe(1);
  });

  it('answers 409 while the first request still runs, and is free again (and swept) after 24 hours', async () => {
    const { seller, listing } = await sellerWithListing(test, {}, { quantityLbs: 10 });
    const key = newKey();
    const url = `/api/listings/${listing.id}/quantity`;
    const first = await keyed(seller, 'PATCH', url, { quantityLbs: 9 }, key);
    expect(first.statusCode).toBe(200);
    // As if the first were still running: its row has no answer yet.
    await test.db
      .update(idempotencyKeys)
      .set({ statusCode: null, response: null })
      .where(eq(idempotencyKeys.key, key));
    const running = await keyed(seller, 'PATCH', url, { quantityLbs: 9 }, key);
    expect(running.statusCode).toBe(409);
    expect(running.json()).toMatchObject({
      error: IDEMPOTENCY.inProgress,
      code: 'idempotency_key_in_progress',
    });
    await test.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    const later = await keyed(seller, 'PATCH', url, { quantityLbs: 8 }, key);
    expect(later.statusCode).toBe(200);
    expect(await quantityOf(listing.id)).toBe(8);
    // The hourly sweep deletes what is past the window, and nothing newer.
    await test.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    const kept = (await test.db.select({ n: count() }).from(idempotencyKeys))[0]?.n ?? 0;
    expect(await sweepExpiredIdempotencyKeys(test.db)).toBe(1);
    expect((await test.db.select({ n: count() }).from(idempotencyKeys))[0]?.n).toBe(kept - 1);
  });

  it('must be 8 to 100 letters, digits, hyphens or underscores', async () => {
    const { seller, listing } = await sellerWithListing(test);
    const response = await keyed(
      seller,
      'PATCH',
      `/api/listings/${listing.id}/quantity`,
      { quantityLbs: 3 },
      'bad key',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: IDEMPOTENCY.keyInvalid });
  });
});

describe("the quantity sync's rules", () => {
  it('takes 0 (sold out) and two decimals, refuses a negative figure, and moves stock_version once per change', async () => {
    const { seller, listing } = await sellerWithListing(test, {}, { quantityLbs: 12 });
    const url = `/api/listings/${listing.id}/quantity`;
    const [before] = await test.db.select().from(listings).where(eq(listings.id, listing.id));
    expect((await keyed(seller, 'PATCH', url, { quantityLbs: 0 })).statusCode).toBe(200);
    expect((await keyed(seller, 'PATCH', url, { quantityLbs: 0 })).statusCode).toBe(200);
    const [after] = await test.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(after?.quantityLbs).toBe(0);
    expect(after?.stockVersion).toBe((before?.stockVersion ?? 0) + 1);
    expect(after?.lotVersion).toBe(before?.lotVersion);
    const negative = await keyed(seller, 'PATCH', url, { quantityLbs: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({ error: QUANTITY_SYNC.quantityMin });
    expect((await keyed(seller, 'PATCH', url, { quantityLbs: 1.234 })).statusCode).toBe(400);
  });

  it("is the lot's seller's with listings:write: a viewer is refused", async () => {
    const { seller, listing } = await sellerWithListing(test);
    const viewer = await insertMember(test.db, seller.user.id, 'viewer');
    const response = await keyed(
      { user: viewer, token: await signIn(test.app, viewer.email) },
      'PATCH',
      `/api/listings/${listing.id}/quantity`,
      { quantityLbs: 3 },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: roleForbids('viewer', 'listings:write') });
  });
});

describe('the listing export', () => {
  it('writes the documented columns as CSV, defusing cells a spreadsheet would run', async () => {
    const { seller, listing } = await sellerWithListing(
      test,
      {},
      { title: '=HYPERLINK("http://evil.test")', quantityLbs: 12.5, askingPrice: 900, makeOffer: false },
    );
    const other = await sellerWithListing(test, {}, { title: 'Not mine' });
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/listings/export.csv',
      headers: bearer(seller.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="lots.csv"');
    const [header, row, end] = response.body.split('\r\n');
    expect(header).toBe(LISTING_EXPORT_COLUMNS.join(','));
    expect(header).toBe(
      'id,external_sku,title,description,product_type,zip_code,quantity_lbs,make_offer,asking_price,negotiable,tested,test_link,batch_number,package_uids,status,updated_at',
    );
    expect(row).toContain(`"${listing.id}","","'=HYPERLINK(""http://evil.test"")"`);
    expect(row).toContain('"12.5","false","900"');
    expect(end).toBe('');
    expect(response.body).not.toContain(other.listing.id);
  });

  it('pages the same rows as JSON after a cursor', async () => {
    const seller = await person(test, { role: 'seller' });
    const made = [];
    for (const title of ['First lot', 'Second lot', 'Third lot']) {
      made.push(await insertListing(test.db, seller.user, { title, makeOffer: true }));
    }
    const page = async (query: string) =>
      json<{ data: ListingExportRow[]; nextCursor: string | null }>(
        await test.app.inject({
          method: 'GET',
          url: `/api/listings/export${query}`,
          headers: bearer(seller.token),
        }),
      );
    const first = await page('?limit=2');
    expect(first.data.map((row) => row.title)).toEqual(['First lot', 'Second lot']);
    expect(Object.keys(first.data[0] ?? {})).toEqual([...LISTING_EXPORT_COLUMNS]);
    expect(first.data[0]).toMatchObject({
      id: made[0]?.id,
      make_offer: true,
      asking_price: null,
      status: 'active',
    });
    expect(first.nextCursor).toBe(made[1]?.id);
    const second = await page(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.data.map((row) => row.title)).toEqual(['Third lot']);
    expect(second.nextCursor).toBeNull();
  });
});
