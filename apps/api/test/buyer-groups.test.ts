import {
  BUYER_GROUPS,
  type BuyerGroupDto,
  DEALS,
  type OfferDto,
  type OrderDto,
  PRODUCTS,
  type ProductListResponse,
  type ProductViewDto,
} from '@canopy/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyerGroups,
  catalogCounts,
  listings,
  PUBLIC_LISTING,
  userCategoryInterest,
} from '../src/db/schema/index.ts';
import { publicListingsMatching } from '../src/modules/catalog/index.ts';
import { digestContent } from '../src/modules/digest/weekly-digest.ts';
import { insertListing } from '../src/seed/factories.ts';
import { send } from './deals-helpers.ts';
import { type Person, person } from './messages-helpers.ts';
import { bearer, createTestApp, json, type TestApp } from './support/test-app.ts';
import { writeWebBuild } from './support/web-build.ts';

// Buyer groups and their prices (issue 25 item 1, decisions 240 to 242): the seller's calls refuse
// bad input whole, and a group's price or private lot never reaches a buyer outside the group or
// anyone signed out, on any public surface.

let test: TestApp;
let seller: Person;
let otherSeller: Person;
let member: Person;
let outsider: Person;
let publicLot: string;
let privateLot: string;
let foreignLot: string;
let offerLot: string;
let group: BuyerGroupDto;

beforeAll(async () => {
  test = await createTestApp({}, 1000, { webDistDir: await writeWebBuild() });
  seller = await person(test, { role: 'seller', businessName: 'Emerald Ridge Farms' });
  otherSeller = await person(test, { role: 'seller', businessName: 'Other Farms' });
  member = await person(test, { role: 'buyer', businessName: 'Preferred Dispensary' });
  outsider = await person(test, { role: 'buyer', businessName: 'Walk-in Retail' });
  publicLot = (
    await insertListing(test.db, seller.user, { title: 'Ridge Kush', askingPrice: 1000, quantityLbs: 50 })
  ).id;
  privateLot = (
    await insertListing(test.db, seller.user, { title: 'Reserve Gelato', askingPrice: 1000, quantityLbs: 50 })
  ).id;
  offerLot = (await insertListing(test.db, seller.user, { title: 'Make Me An Offer', makeOffer: true })).id;
  foreignLot = (await insertListing(test.db, otherSeller.user, { title: 'Not Yours' })).id;
  await test.db
    .update(listings)
    .set({ priceTiers: [{ fromLbs: 10, pricePerLb: 800 }] })
    .where(eq(listings.id, publicLot));
});
afterAll(() => test.close());

const as = (who: Person | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  test.app.inject({ method, url, headers: who ? bearer(who.token) : {}, payload: payload as object });

const errorOf = (response: { json(): unknown }) => (response.json() as { error: string }).error;
const groupCount = async () => (await test.db.select({ n: count() }).from(buyerGroups))[0]?.n ?? 0;

/**
 * A body with its ids and timestamps blanked: a group price must not show in what is left, and a
 * random id or a time's milliseconds may hold the same digits (`…-850…`, `…:12.850Z`).
 */
const withoutIdsOrTimes = (body: string) =>
  body
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\d{4}-\d{2}-\d{2}[T ][\d:.]+(?:Z|[+-]\d{2}(?::?\d{2})?)?/g, '<time>');

it('blanks ids and times only, so a price still shows', () => {
  const body = '{"_id":"01a22d0e-8500-7abc-9850-00000000a850","at":"2026-11-28T17:40:12.850Z","price":850}';
  expect(body).toContain('850');
  expect(withoutIdsOrTimes(body)).toBe('{"_id":"<id>","at":"<time>","price":850}');
});

describe('POST /api/buyer-groups', () => {
  it('creates a group of verified buyer companies with a minimum order and payment terms', async () => {
    const response = await as(seller, 'POST', '/api/buyer-groups', {
      name: 'Preferred retailers',
      buyerCompanyIds: [member.user.id],
      minimumOrderLbs: 5,
      paymentTerms: 'net30',
    });
    expect(response.statusCode).toBe(201);
    const body = json<{ message: string; data: BuyerGroupDto }>(response);
    expect(body.message).toBe(BUYER_GROUPS.created);
    group = body.data;
    expect(group).toEqual({
      _id: expect.any(String),
      name: 'Preferred retailers',
      minimumOrderLbs: 5,
      paymentTerms: 'net30',
      // No cap of its own: members get Canopy's default number of samples a month.
      monthlySampleCap: null,
      buyers: [{ companyId: member.user.id, businessName: 'Preferred Dispensary' }],
      prices: [],
      privateListingIds: [],
    });
  });

  it('refuses bad members, a taken name and a buyer already in another group, writing nothing', async () => {
    const before = await groupCount();
    const cases: [unknown, number, string][] = [
      [{ name: 'X', buyerCompanyIds: [otherSeller.user.id] }, 400, BUYER_GROUPS.buyerUnknown],
      [{ name: 'X', buyerCompanyIds: ['not-an-id'] }, 400, BUYER_GROUPS.buyerUnknown],
      [{ name: ' ', buyerCompanyIds: [] }, 400, BUYER_GROUPS.nameRequired],
      [{ name: 'X', buyerCompanyIds: [], minimumOrderLbs: 0 }, 400, BUYER_GROUPS.minimumInvalid],
      // Kept to the cent: a positive number too small to be a cent is none (the check would refuse it).
      [{ name: 'X', buyerCompanyIds: [], minimumOrderLbs: 2.4e-94 }, 400, BUYER_GROUPS.minimumInvalid],
      [{ name: 'X', buyerCompanyIds: [], minimumOrderLbs: 0.004 }, 400, BUYER_GROUPS.minimumInvalid],
      [{ name: 'preferred RETAILERS', buyerCompanyIds: [] }, 409, BUYER_GROUPS.nameTaken],
      [
        { name: 'Second', buyerCompanyIds: [outsider.user.id, member.user.id] },
        409,
        BUYER_GROUPS.buyerInOtherGroup('Preferred Dispensary', 'Preferred retailers'),
      ],
    ];
    for (const [payload, status, text] of cases) {
      const response = await as(seller, 'POST', '/api/buyer-groups', payload);
      expect([response.statusCode, errorOf(response)]).toEqual([status, text]);
    }
    expect(await groupCount()).toBe(before);
  });

  it('is the seller side only: a buyer is refused, another seller does not see the group', async () => {
    expect(
      (await as(member, 'POST', '/api/buyer-groups', { name: 'Mine', buyerCompanyIds: [] })).statusCode,
    ).toBe(403);
    const listed = await as(otherSeller, 'GET', '/api/buyer-groups');
    expect(json<{ data: BuyerGroupDto[] }>(listed).data).toEqual([]);
    const update = await as(otherSeller, 'PUT', `/api/buyer-groups/${group._id}`, {
      name: 'Taken',
      buyerCompanyIds: [],
    });
    expect([update.statusCode, errorOf(update)]).toEqual([404, BUYER_GROUPS.notFound]);
    const prices = await as(otherSeller, 'PUT', `/api/buyer-groups/${group._id}/prices`, { prices: [] });
    expect([prices.statusCode, errorOf(prices)]).toEqual([404, BUYER_GROUPS.notFound]);
  });
});

describe('PUT /api/buyer-groups/:id/prices', () => {
  it('refuses a lot that is not the seller’s, a bad price or percentage, and changes nothing', async () => {
    const url = `/api/buyer-groups/${group._id}/prices`;
    const cases: [unknown, string][] = [
      [{ prices: [{ listingId: foreignLot, pricePerLb: 10 }] }, BUYER_GROUPS.notOwnListing],
      [{ prices: [], privateListingIds: [foreignLot] }, BUYER_GROUPS.notOwnListing],
      [{ prices: [{ listingId: publicLot, percentOff: 100 }] }, BUYER_GROUPS.percentRange],
      [{ prices: [{ listingId: publicLot, percentOff: 0 }] }, BUYER_GROUPS.percentRange],
      [{ prices: [{ listingId: publicLot, percentOff: 99.999999999 }] }, BUYER_GROUPS.percentRange],
      [{ prices: [{ listingId: publicLot, percentOff: 1e-12 }] }, BUYER_GROUPS.percentRange],
      [{ prices: [{ listingId: publicLot, pricePerLb: 0 }] }, BUYER_GROUPS.pricePositive],
      [{ prices: [{ listingId: publicLot, pricePerLb: 5e-324 }] }, BUYER_GROUPS.pricePositive],
      [{ prices: [{ listingId: publicLot, pricePerLb: 10, percentOff: 5 }] }, BUYER_GROUPS.priceOrPercent],
      [{ prices: [{ listingId: publicLot }] }, BUYER_GROUPS.priceNeeded],
      [{ prices: [{ listingId: offerLot, percentOff: 5 }] }, BUYER_GROUPS.percentNeedsAsking],
      [
        {
          prices: [
            { listingId: publicLot, pricePerLb: 10 },
            { listingId: publicLot, pricePerLb: 11 },
          ],
        },
        BUYER_GROUPS.listingTwice,
      ],
    ];
    for (const [payload, text] of cases) {
      const response = await as(seller, 'PUT', url, payload);
      expect([response.statusCode, errorOf(response)]).toEqual([400, text]);
    }
    const [lot] = await test.db
      .select({ groupOnly: listings.groupOnly })
      .from(listings)
      .where(eq(listings.id, privateLot));
    expect(lot?.groupOnly).toBe(false);
  });

  it('keeps the catalog page cache honest: a lot made private leaves cached lists at once', async () => {
    // Cached while public, for anyone.
    const before = json<ProductListResponse>(await as(null, 'GET', '/api/products?limit=50'));
    expect(before.data.map((product) => product.name)).toContain('Reserve Gelato');
    const response = await as(seller, 'PUT', `/api/buyer-groups/${group._id}/prices`, {
      prices: [
        { listingId: publicLot, pricePerLb: 850 },
        { listingId: privateLot, percentOff: 10 },
      ],
      privateListingIds: [privateLot],
    });
    expect(response.statusCode).toBe(200);
    const saved = json<{ data: BuyerGroupDto }>(response).data;
    expect(saved.prices).toEqual([
      { listingId: privateLot, listingTitle: 'Reserve Gelato', pricePerLb: null, percentOff: 10 },
      { listingId: publicLot, listingTitle: 'Ridge Kush', pricePerLb: 850, percentOff: null },
    ]);
    expect(saved.privateListingIds).toEqual([privateLot]);
    await expect
      .poll(async () =>
        json<ProductListResponse>(await as(null, 'GET', '/api/products?limit=50')).data.map((p) => p.name),
      )
      .not.toContain('Reserve Gelato');
  });
});

describe('what each buyer sees', () => {
  const product = (who: Person | null, id: string) => as(who, 'GET', `/api/products/${id}`);

  it('shows the group member their own price, and nobody else any group price', async () => {
    const own = json<{ product: ProductViewDto }>(await product(member, publicLot)).product;
    expect(own.yourPrice).toEqual({ pricePerLb: 850, source: 'group' });
    expect(own.yourGroup).toEqual({ minimumOrderLbs: 5, paymentTerms: 'net30' });
    for (const who of [outsider, null, otherSeller]) {
      const response = await product(who, publicLot);
      expect(response.statusCode).toBe(200);
      expect(json<{ product: ProductViewDto }>(response).product).not.toHaveProperty('yourPrice');
      expect(json<{ product: ProductViewDto }>(response).product).not.toHaveProperty('yourGroup');
      expect(withoutIdsOrTimes(response.body)).not.toContain('850');
    }
    const prices = (who: Person) => as(who, 'GET', `/api/buyer-prices?listingIds=${publicLot},${privateLot}`);
    expect(json<{ data: unknown[] }>(await prices(member)).data).toEqual([
      { listingId: publicLot, pricePerLb: 850, source: 'group' },
      { listingId: privateLot, pricePerLb: 900, source: 'group' },
    ]);
    expect(json<{ data: unknown[] }>(await prices(outsider)).data).toEqual([]);
    expect((await as(null, 'GET', `/api/buyer-prices?listingIds=${publicLot}`)).statusCode).toBe(401);
  });

  it('opens the private lot to the group and its seller only', async () => {
    const own = await product(member, privateLot);
    expect(own.statusCode).toBe(200);
    expect(json<{ product: ProductViewDto }>(own).product.yourPrice).toEqual({
      pricePerLb: 900,
      source: 'group',
    });
    expect((await product(seller, privateLot)).statusCode).toBe(200);
    // The storefront's own section for the group, per request.
    const shelf = (who: Person | null) =>
      as(who, 'GET', `/api/buyer-prices/private-lots?sellerId=${seller.user.id}`);
    const lots = json<{ data: ProductViewDto[] }>(await shelf(member)).data;
    expect(lots.map((lot) => [lot.name, lot.yourPrice])).toEqual([
      ['Reserve Gelato', { pricePerLb: 900, source: 'group' }],
    ]);
    expect(json<{ data: unknown[] }>(await shelf(outsider)).data).toEqual([]);
    expect((await shelf(null)).statusCode).toBe(401);
    for (const who of [outsider, null, otherSeller]) {
      const response = await product(who, privateLot);
      expect([response.statusCode, errorOf(response)]).toEqual([404, PRODUCTS.notFound]);
    }
  });

  it('keeps the private lot out of the catalog, counts, storefront, sitemap and page data for everyone', async () => {
    for (const who of [member, outsider, null]) {
      const list = await as(who, 'GET', `/api/products?limit=50&sellerId=${seller.user.id}`);
      expect(
        json<ProductListResponse>(list)
          .data.map((p) => p.name)
          .sort(),
      ).toEqual(['Make Me An Offer', 'Ridge Kush']);
      expect(withoutIdsOrTimes(list.body)).not.toContain('850');
      const search = await as(who, 'GET', '/api/products?query=gelato');
      expect(json<ProductListResponse>(search).data).toEqual([]);
    }
    const storefront = await as(null, 'GET', `/api/sellers/${seller.user.id}`);
    expect(json<{ seller: { listingCount: number } }>(storefront).seller.listingCount).toBe(2);
    const counted = await test.db.select({ n: catalogCounts.visibleListings }).from(catalogCounts);
    // The kept counters count by the same rule as the lists: the private lot is not among them.
    const [publicRows] = await test.db.select({ n: count() }).from(listings).where(PUBLIC_LISTING);
    expect(counted.reduce((sum, row) => sum + Number(row.n), 0)).toBe(publicRows?.n);
    expect(publicRows?.n).toBe(3);
    const sitemap = await as(null, 'GET', '/sitemap.xml');
    expect(sitemap.body).toContain(publicLot);
    expect(sitemap.body).not.toContain(privateLot);
    const page = await as(null, 'GET', `/products/${privateLot}`);
    expect(page.body).not.toContain('Reserve Gelato');
    const publicPage = await as(member, 'GET', `/products/${publicLot}`);
    expect(publicPage.body).toContain('Ridge Kush');
    expect(publicPage.body).not.toContain('yourPrice');
    const home = await as(null, 'GET', '/products');
    expect(home.body).not.toContain('Reserve Gelato');
  });

  it('leaves the private lot and group prices out of every export but its own seller’s lot export', async () => {
    const own = await as(seller, 'GET', '/api/listings/export.csv');
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Reserve Gelato');
    const other = await as(otherSeller, 'GET', '/api/listings/export.csv');
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('Reserve Gelato');
    for (const who of [member, outsider]) {
      expect((await as(who, 'GET', '/api/listings/export.csv')).statusCode).toBe(403);
      const orders = await as(who, 'GET', '/api/orders/export.csv');
      expect(withoutIdsOrTimes(orders.body)).not.toContain('850');
    }
  });

  it('leaves the private lot out of saved-search alerts and the weekly digest', async () => {
    const matches = await publicListingsMatching(
      test.db,
      { sort: 'newest' },
      { after: new Date(0), until: new Date(Date.now() + 60_000), limit: 100 },
    );
    expect(matches.map((match) => match.id)).toContain(publicLot);
    expect(matches.map((match) => match.id)).not.toContain(privateLot);
    await test.db
      .insert(userCategoryInterest)
      .values({ userId: outsider.user.id, category: 'flower' })
      .onConflictDoNothing();
    const digest = await digestContent(test.db, outsider.user.id, new Date(Date.now() + 60_000));
    const titles = JSON.stringify(digest);
    expect(titles).toContain('Ridge Kush');
    expect(titles).not.toContain('Reserve Gelato');
  });
});

describe('offers from a group member', () => {
  it('holds them to the group minimum and gives them the group payment terms', async () => {
    const small = await send(test, member, 'POST', '/api/offers', {
      listingId: publicLot,
      quantityLbs: 4.99,
      pricePerLb: 850,
    });
    expect([small.statusCode, errorOf(small)]).toEqual([400, BUYER_GROUPS.belowMinimum(5)]);
    expect(json<{ code: string }>(small).code).toBe('below_group_minimum');
    const enough = await send(test, member, 'POST', '/api/offers', {
      listingId: privateLot,
      quantityLbs: 5,
      pricePerLb: 900,
    });
    expect(enough.statusCode).toBe(201);
    const made = json<{ data: OfferDto }>(enough).data;
    expect(made.paymentTerms).toBe('net30');
    // Accepted at the group's price (10% off $1,000), the order line says so.
    const accepted = await send(test, seller, 'POST', `/api/offers/${made._id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(json<{ data: { order: OrderDto } }>(accepted).data.order.lines).toMatchObject([
      { listingId: privateLot, pricePerLb: 900, priceSource: 'group', tierFromLbs: null },
    ]);
  });

  it('refuses an outsider’s offer on the private lot as an unavailable listing', async () => {
    const response = await send(test, outsider, 'POST', '/api/offers', {
      listingId: privateLot,
      quantityLbs: 5,
      pricePerLb: 900,
    });
    expect([response.statusCode, errorOf(response)]).toEqual([404, DEALS.listingUnavailable]);
    const outsiderOffer = await send(test, outsider, 'POST', '/api/offers', {
      listingId: publicLot,
      quantityLbs: 1,
      pricePerLb: 1000,
    });
    expect(json<{ data: OfferDto }>(outsiderOffer).data.paymentTerms).toBe('cod');
  });
});

describe('DELETE /api/buyer-groups/:id', () => {
  it('deletes the group and puts its private lot back in the public catalog', async () => {
    const response = await as(seller, 'DELETE', `/api/buyer-groups/${group._id}`);
    expect([response.statusCode, json<{ message: string }>(response).message]).toEqual([
      200,
      BUYER_GROUPS.removed,
    ]);
    await expect
      .poll(async () =>
        json<ProductListResponse>(await as(null, 'GET', '/api/products?limit=50')).data.map((p) => p.name),
      )
      .toContain('Reserve Gelato');
    expect((await as(outsider, 'GET', `/api/products/${privateLot}`)).statusCode).toBe(200);
  });
});
