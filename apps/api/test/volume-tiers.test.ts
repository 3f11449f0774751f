import {
  DEALS,
  type ListingDto,
  type OrderDto,
  PRICE_TIERS,
  type PriceTier,
  type ProductDto,
} from '@canopy/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, orderLines } from '../src/db/schema/index.ts';
import { insertListing } from '../src/seed/factories.ts';
import { accept, type Deal, makeOffer, send } from './deals-helpers.ts';
import { type Person, person } from './messages-helpers.ts';
import { formBody, postListing } from './support/listings.ts';
import { bearer, createTestApp, json, type TestApp } from './support/test-app.ts';

// Volume tiers (issue 25 item 2, decision 233): the listing form's `price_tiers`, what the seller
// and the public read, the lot version a tier change moves, and the price source acceptance
// writes on the order line.

let test: TestApp;
let seller: Person;
let buyer: Person;
beforeAll(async () => {
  test = await createTestApp();
  seller = await person(test, { role: 'seller' });
  buyer = await person(test, { role: 'buyer' });
});
afterAll(() => test.close());

const TIERS: PriceTier[] = [
  { fromLbs: 10, pricePerLb: 1100 },
  { fromLbs: 25.5, pricePerLb: 999.99 },
];
/** The lot every test starts from: 100 lbs at $1,200/lb with two tiers. */
const LOT = {
  title: 'Sonoma Sour Diesel greenhouse',
  quantity_lbs: '100',
  asking_price: '1200',
  price_tiers: JSON.stringify(TIERS),
};

const errorOf = (response: { json(): unknown }) => (response.json() as { error: string }).error;

async function saveListing(method: 'POST' | 'PUT', fields: Record<string, string | undefined>, id?: string) {
  const body = await formBody({ fields: { ...LOT, ...fields } });
  return test.app.inject({
    method,
    url: id ? `/api/listings/${id}` : '/api/listings',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(seller.token) },
  });
}

async function lotVersions(id: string) {
  const [row] = await test.db
    .select({ version: listings.version, lotVersion: listings.lotVersion, priceTiers: listings.priceTiers })
    .from(listings)
    .where(eq(listings.id, id));
  if (!row) throw new Error('listing vanished');
  return row;
}

async function listingCount(): Promise<number> {
  const [row] = await test.db
    .select({ n: count() })
    .from(listings)
    .where(eq(listings.sellerId, seller.user.id));
  return row?.n ?? 0;
}

const lotDeal = async (id: string): Promise<Deal> => ({ seller, buyer, listingId: id });

describe('price_tiers on the listing form', () => {
  it('is answered as priceTiers to the seller, on the public product and in the catalog list', async () => {
    const created = await saveListing('POST', {});
    expect(created.statusCode).toBe(201);
    const listing = json<{ data: ListingDto }>(created).data;
    expect(listing.priceTiers).toEqual(TIERS);

    const mine = json<{ data: { listings: ListingDto[] } }>(
      await test.app.inject({
        method: 'GET',
        url: '/api/listings/my/listings',
        headers: bearer(seller.token),
      }),
    ).data.listings.find((row) => row._id === listing._id);
    expect(mine?.priceTiers).toEqual(TIERS);

    const product = await test.app.inject({ method: 'GET', url: `/api/products/${listing._id}` });
    expect(json<{ product: ProductDto }>(product).product.priceTiers).toEqual(TIERS);
    const page = await test.app.inject({ method: 'GET', url: `/api/products?sellerId=${seller.user.id}` });
    const card = json<{ data: ProductDto[] }>(page).data.find((row) => row._id === listing._id);
    expect(card?.priceTiers).toEqual(TIERS);

    // A lot without tiers answers an empty table, and a copy keeps the table with the price.
    const plain = await saveListing('POST', { price_tiers: undefined });
    expect(json<{ data: ListingDto }>(plain).data.priceTiers).toEqual([]);
    const copy = await test.app.inject({
      method: 'POST',
      url: `/api/listings/${listing._id}/duplicate`,
      headers: bearer(seller.token),
    });
    expect(json<{ data: ListingDto }>(copy).data.priceTiers).toEqual(TIERS);
  });

  it('refuses a bad table with its text and writes nothing, on create and on update', async () => {
    const refusals: [Record<string, string>, string][] = [
      [{ price_tiers: '[{"fromLbs":10' }, PRICE_TIERS.invalid],
      [{ make_offer: 'true', asking_price: '' }, PRICE_TIERS.makeOffer],
      [{ price_tiers: '[{"fromLbs":0.01,"pricePerLb":1100}]' }, PRICE_TIERS.fromAboveMinimum],
      [
        { price_tiers: '[{"fromLbs":20,"pricePerLb":1100},{"fromLbs":10,"pricePerLb":1000}]' },
        PRICE_TIERS.fromIncreasing,
      ],
      [
        { price_tiers: '[{"fromLbs":10,"pricePerLb":1000},{"fromLbs":20,"pricePerLb":1000}]' },
        PRICE_TIERS.priceDecreasing,
      ],
      [{ price_tiers: '[{"fromLbs":10,"pricePerLb":1200}]' }, PRICE_TIERS.priceBelowAsking],
      [{ price_tiers: '[{"fromLbs":10,"pricePerLb":1099.999}]' }, PRICE_TIERS.priceStep],
      [{ price_tiers: '[{"fromLbs":10,"pricePerLb":-5}]' }, PRICE_TIERS.pricePositive],
      [
        {
          price_tiers: JSON.stringify(
            [2, 3, 4, 5, 6, 7].map((fromLbs, index) => ({ fromLbs, pricePerLb: 1100 - index })),
          ),
        },
        PRICE_TIERS.tooMany,
      ],
    ];
    const id = await postListing(test.app, seller.token, { fields: LOT });
    const before = await lotVersions(id);
    const listed = await listingCount();
    for (const [fields, text] of refusals) {
      for (const [method, target] of [
        ['POST', undefined],
        ['PUT', id],
      ] as const) {
        const refused = await saveListing(method, fields, target);
        expect({ fields, status: refused.statusCode, error: errorOf(refused) }).toEqual({
          fields,
          status: 400,
          error: text,
        });
      }
    }
    expect(await listingCount()).toBe(listed);
    expect(await lotVersions(id)).toEqual(before);
  });
});

describe('a tier change is a change of terms', () => {
  it('moves the lot version, so an offer made on the old table is refused', async () => {
    const id = await postListing(test.app, seller.token, { fields: LOT });
    const deal = await lotDeal(id);
    const offer = await makeOffer(test, deal, { quantityLbs: 12, pricePerLb: 1100 });
    const before = await lotVersions(id);

    // The same form again moves the edit version (every save does) but not what is sold.
    expect((await saveListing('PUT', {}, id)).statusCode).toBe(200);
    const resaved = await lotVersions(id);
    expect(resaved.version).toBe(before.version + 1);
    expect(resaved.lotVersion).toBe(before.lotVersion);

    const cheaper = [{ fromLbs: 10, pricePerLb: 1050 }];
    const changed = await saveListing('PUT', { price_tiers: JSON.stringify(cheaper) }, id);
    expect(changed.statusCode).toBe(200);
    const after = await lotVersions(id);
    expect(after).toEqual({
      version: resaved.version + 1,
      lotVersion: before.lotVersion + 1,
      priceTiers: cheaper,
    });

    const refused = await send(test, seller, 'POST', `/api/offers/${offer._id}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe(DEALS.lotChanged);

    // Left out of the form, the tiers go: the form replaces the lot's terms whole.
    expect((await saveListing('PUT', { price_tiers: undefined }, id)).statusCode).toBe(200);
    expect((await lotVersions(id)).priceTiers).toEqual([]);
  });
});

describe('the order line names the price it paid', () => {
  it('is tier, asking or negotiated by the lot’s table for the quantity', async () => {
    const id = await postListing(test.app, seller.token, { fields: LOT });
    const deal = await lotDeal(id);
    const cases: [number, number, { priceSource: string; tierFromLbs: number | null }][] = [
      [12, 1100, { priceSource: 'tier', tierFromLbs: 10 }],
      [25.5, 999.99, { priceSource: 'tier', tierFromLbs: 25.5 }],
      [9.99, 1200, { priceSource: 'asking', tierFromLbs: null }],
      [30, 1050, { priceSource: 'negotiated', tierFromLbs: null }],
      // The asking price for a quantity a tier covers is not the price that applied.
      [12, 1200, { priceSource: 'negotiated', tierFromLbs: null }],
    ];
    for (const [quantityLbs, pricePerLb, source] of cases) {
      const offer = await makeOffer(test, deal, { quantityLbs, pricePerLb });
      const { order } = await accept(test, seller, offer._id);
      expect(order.lines).toEqual([
        {
          listingId: id,
          listingTitle: LOT.title,
          quantityLbs,
          pricePerLb,
          // The database's own rounding of quantity × price, as the offer's.
          total: offer.total,
          ...source,
          // Only a sample's line has grams (decision 243).
          sampleGrams: null,
        },
      ]);
      const read = await send(test, buyer, 'GET', `/api/orders/${order._id}`);
      expect(json<{ data: OrderDto }>(read).data.lines).toEqual(order.lines);
      const [line] = await test.db.select().from(orderLines).where(eq(orderLines.orderId, order._id));
      expect({ priceSource: line?.priceSource, tierFromLbs: line?.tierFromLbs }).toEqual(source);
    }
  });

  it('is negotiated on a lot that takes offers', async () => {
    const lot = await insertListing(test.db, seller.user, { makeOffer: true, quantityLbs: 50 });
    const offer = await makeOffer(test, await lotDeal(lot.id), { quantityLbs: 5, pricePerLb: 1000 });
    const { order } = await accept(test, seller, offer._id);
    expect(order.lines[0]).toMatchObject({ priceSource: 'negotiated', tierFromLbs: null });
  });
});
