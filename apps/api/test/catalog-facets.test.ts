import {
  type CatalogPaginationDto,
  PRICE_FACET_MAX,
  PRODUCTS,
  type ProductDto,
  type ProductFacetCountsDto,
  QUANTITY_FACET_MAX,
} from '@canopy/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListingRow, type UserRow, users } from '../src/db/schema/index.ts';
import { insertListing, insertUser } from '../src/seed/factories.ts';
import { PUBLIC_PRODUCT_KEYS } from './support/listings.ts';
import { bearer, createTestApp, json, type TestApp, userWithToken } from './support/test-app.ts';

// The catalog's facets and price sorts (issue 15 item 1, decision 140): each facet alone, with the
// others, with words and a category; price sorts with unpriced lots last; the seller's county and
// never their address.

let test: TestApp;
let humboldt: { user: UserRow; token: string };
let mendocino: UserRow;
let pendingHumboldt: UserRow;

/** Lots named by what a test looks for; every lot of this file is one of them. */
const lots: Record<string, ListingRow> = {};

beforeAll(async () => {
  test = await createTestApp();
  humboldt = await userWithToken(test, {
    role: 'seller',
    businessName: 'Redwood Coast Growers',
    county: 'Humboldt',
    city: 'Arcata',
  });
  mendocino = await insertUser(test.db, {
    role: 'seller',
    businessName: 'Ukiah Valley Farms',
    county: 'Mendocino',
    city: 'Ukiah',
  });
  pendingHumboldt = await insertUser(test.db, {
    role: 'seller',
    status: 'pending',
    businessName: 'Not Yet Verified Farm',
    county: 'Humboldt',
  });
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  const add = async (seller: UserRow, seed: Parameters<typeof insertListing>[2] & { title: string }) => {
    lots[seed.title] = await insertListing(test.db, seller, seed);
  };
  // Prices 800, 1200 (twice: the id breaks the tie), 2500; two unpriced lots, one of them with a
  // stored price the buyer never sees.
  await add(humboldt.user, {
    title: 'Alder flower',
    askingPrice: 1200,
    thcContent: 24.5,
    cbdContent: 0.5,
    quantityLbs: 50,
    tested: true,
    productType: 'Flower - Indoor',
    createdAt: day(1),
  });
  await add(humboldt.user, {
    title: 'Birch flower',
    askingPrice: 800,
    thcContent: 18,
    cbdContent: 1,
    quantityLbs: 5,
    tested: false,
    productType: 'Flower - Indoor',
    createdAt: day(2),
  });
  await add(mendocino, {
    title: 'Cedar balm',
    askingPrice: 2500,
    thcContent: 2,
    cbdContent: 15,
    quantityLbs: 100,
    tested: true,
    productType: 'Topicals',
    createdAt: day(3),
  });
  await add(mendocino, {
    title: 'Dogwood flower',
    askingPrice: 1200,
    thcContent: null,
    cbdContent: null,
    quantityLbs: 20,
    tested: true,
    productType: 'Flower - Indoor',
    createdAt: day(4),
  });
  await add(humboldt.user, {
    title: 'Elm offer lot',
    makeOffer: true,
    thcContent: 30,
    quantityLbs: 200,
    tested: true,
    productType: 'Flower - Indoor',
    createdAt: day(5),
  });
  await add(mendocino, {
    title: 'Fir offer lot',
    makeOffer: true,
    askingPrice: 100,
    thcContent: 22,
    quantityLbs: 10,
    productType: 'Flower - Indoor',
    createdAt: day(6),
  });
  // Never public: the seller is not verified, however well it matches.
  await add(pendingHumboldt, {
    title: 'Ghost pending lot',
    askingPrice: 900,
    tested: true,
    productType: 'Flower - Indoor',
    createdAt: day(7),
  });
});
afterAll(() => test.close());

interface ProductList {
  data: ProductDto[];
  pagination: CatalogPaginationDto;
  facets: ProductFacetCountsDto;
}

async function products(query: string): Promise<ProductList> {
  const response = await test.app.inject({ method: 'GET', url: `/api/products${query}` });
  expect(response.statusCode).toBe(200);
  return json<ProductList>(response);
}

const names = async (query: string) => (await products(query)).data.map((product) => product.name);

/** Lots with equal prices come in id order: ascending for price_asc, descending for price_desc. */
const byId = (...titles: string[]) =>
  titles.sort((a, b) => ((lots[a]?.id ?? '') < (lots[b]?.id ?? '') ? -1 : 1));

describe('catalog facets', () => {
  it('narrows by a price range, bounds included; lots without a shown price are left out', async () => {
    expect(await names('?minPrice=1000&sort=oldest')).toEqual([
      'Alder flower',
      'Cedar balm',
      'Dogwood flower',
    ]);
    expect(await names('?maxPrice=1200&sort=oldest')).toEqual([
      'Alder flower',
      'Birch flower',
      'Dogwood flower',
    ]);
    expect(await names('?minPrice=800&maxPrice=800')).toEqual(['Birch flower']);
    // "Fir offer lot" stores 100 but shows "Make an offer": no price bound finds it.
    expect(await names('?maxPrice=500')).toEqual([]);
    expect(await names('?minPrice=2000&maxPrice=1000')).toEqual([]);
  });

  it('narrows by THC and CBD ranges; a lot that states none is left out', async () => {
    expect(await names('?minThc=20&sort=oldest')).toEqual(['Alder flower', 'Elm offer lot', 'Fir offer lot']);
    expect(await names('?maxThc=18&sort=oldest')).toEqual(['Birch flower', 'Cedar balm']);
    expect(await names('?minThc=18&maxThc=24.5&sort=oldest')).toEqual([
      'Alder flower',
      'Birch flower',
      'Fir offer lot',
    ]);
    expect(await names('?minCbd=10')).toEqual(['Cedar balm']);
    expect(await names('?maxCbd=0.5')).toEqual(['Alder flower']);
  });

  it('narrows by the quantity available, at least N lbs', async () => {
    expect(await names('?minQuantity=50&sort=oldest')).toEqual([
      'Alder flower',
      'Cedar balm',
      'Elm offer lot',
    ]);
    expect(await names('?minQuantity=200')).toEqual(['Elm offer lot']);
  });

  it('narrows to lab-tested lots with tested=true only; any other value is no filter', async () => {
    expect(await names('?tested=true&sort=oldest')).toEqual([
      'Alder flower',
      'Cedar balm',
      'Dogwood flower',
      'Elm offer lot',
    ]);
    expect(await names('?tested=false')).toHaveLength(6);
    expect(await names('?tested=yes')).toHaveLength(6);
  });

  it("narrows by the seller's premises county and by seller", async () => {
    expect(await names('?county=Humboldt&sort=oldest')).toEqual([
      'Alder flower',
      'Birch flower',
      'Elm offer lot',
    ]);
    expect(await names('?county=Mendocino&sort=oldest')).toEqual([
      'Cedar balm',
      'Dogwood flower',
      'Fir offer lot',
    ]);
    expect(await names('?county=Alpine')).toEqual([]);
    expect(await names(`?sellerId=${mendocino.id}&sort=oldest`)).toEqual([
      'Cedar balm',
      'Dogwood flower',
      'Fir offer lot',
    ]);
    // A verified seller's lots only, even when asked for by seller.
    expect(await names(`?sellerId=${pendingHumboldt.id}`)).toEqual([]);
  });

  it('refuses a malformed or out-of-range number with a 400 naming the parameter (issue 27 item 9)', async () => {
    const refusals: [string, string][] = [
      ['?minPrice=abc', PRODUCTS.numberOutOfRange('minPrice', 0, PRICE_FACET_MAX)],
      ['?maxPrice=12abc', PRODUCTS.numberOutOfRange('maxPrice', 0, PRICE_FACET_MAX)],
      ['?minThc=150', PRODUCTS.numberOutOfRange('minThc', 0, 100)],
      ['?maxThc=NaN', PRODUCTS.numberOutOfRange('maxThc', 0, 100)],
      ['?minCbd=-1', PRODUCTS.numberOutOfRange('minCbd', 0, 100)],
      ['?maxCbd=Infinity', PRODUCTS.numberOutOfRange('maxCbd', 0, 100)],
      ['?minQuantity=ten', PRODUCTS.numberOutOfRange('minQuantity', 0, QUANTITY_FACET_MAX)],
      ['?page=abc', PRODUCTS.numberInvalid('page')],
      ['?limit=twelve&minPrice=10', PRODUCTS.numberInvalid('limit')],
    ];
    for (const [query, error] of refusals) {
      const response = await test.app.inject({ method: 'GET', url: `/api/products${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(json<{ success: boolean; error: string }>(response)).toMatchObject({ success: false, error });
    }
  });

  it('still ignores an empty number and a facet it cannot read that is not a number', async () => {
    expect(await names('?minPrice=&maxThc=%20&county=Atlantis&sellerId=42&tested=maybe')).toHaveLength(6);
  });

  it('combines facets with each other, with words and with a category, and counts exactly', async () => {
    const combined = await products('?county=Humboldt&tested=true&minThc=20');
    expect(combined.data.map((product) => product.name)).toEqual(['Elm offer lot', 'Alder flower']);
    expect(combined.pagination).toEqual({ page: 1, limit: 12, total: 2, pages: 1, estimated: false });
    expect(await names('?category=flower&minPrice=1000&sort=oldest')).toEqual([
      'Alder flower',
      'Dogwood flower',
    ]);
    expect(await names('?category=topical&minPrice=1000')).toEqual(['Cedar balm']);
    expect(await names('?query=flower&tested=true&sort=oldest')).toEqual(['Alder flower', 'Dogwood flower']);
    expect(await names('?query=flower&county=Mendocino')).toEqual(['Dogwood flower']);
    expect(await names('?query=offer&maxPrice=5000')).toEqual([]);
    const paged = await products('?tested=true&limit=3&page=2&sort=oldest');
    expect(paged.data.map((product) => product.name)).toEqual(['Elm offer lot']);
    expect(paged.pagination).toEqual({ page: 2, limit: 3, total: 4, pages: 2, estimated: false });
  });

  it('sorts by price both ways, unpriced lots last in both, ties broken by id', async () => {
    const tie = byId('Alder flower', 'Dogwood flower');
    const unpriced = byId('Elm offer lot', 'Fir offer lot');
    expect(await names('?sort=price_asc')).toEqual(['Birch flower', ...tie, 'Cedar balm', ...unpriced]);
    expect(await names('?sort=price_desc')).toEqual([
      'Cedar balm',
      ...[...tie].reverse(),
      'Birch flower',
      ...[...unpriced].reverse(),
    ]);
    // Pages cut the same order: page 2 of 4 per page ends on the unpriced lots.
    expect(await names('?sort=price_asc&limit=4&page=2')).toEqual(unpriced);
    expect(await names('?sort=price_desc&category=flower&limit=2&page=2')).toEqual([
      'Birch flower',
      unpriced[1],
    ]);
    // With words and facets too.
    expect(await names('?query=flower&sort=price_desc')).toEqual([...[...tie].reverse(), 'Birch flower']);
    expect(await names('?tested=true&sort=price_asc')).toEqual([...tie, 'Cedar balm', 'Elm offer lot']);
  });

  it('shows the county facet nothing of the address: the product is the same whitelist', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/products?county=Humboldt' });
    const body = json<ProductList>(response);
    expect(body.data).toHaveLength(3);
    for (const product of body.data) {
      expect(Object.keys(product).sort()).toEqual(PUBLIC_PRODUCT_KEYS);
      expect(Object.keys(product.seller).sort()).toEqual([
        'businessName',
        'isVerified',
        // B&P §26151 (decision 213).
        'licenseNumber',
        'licenseType',
        'sellerId',
      ]);
    }
    // The products: the county is the facet's (counted beside it), never part of a product.
    const products = JSON.stringify(body.data);
    expect(response.body).not.toContain('100 Main Street');
    expect(response.body).not.toContain('Arcata');
    expect(products).not.toContain('Humboldt');
    expect(body.facets.county).toEqual([
      { value: 'Humboldt', count: 3 },
      { value: 'Mendocino', count: 3 },
    ]);
  });

  it("follows a seller's move to another county", async () => {
    const saved = await test.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(humboldt.token),
      payload: {
        email: humboldt.user.email,
        profile: {
          businessName: humboldt.user.businessName,
          licenseNumber: humboldt.user.licenseNumber,
          licenseType: humboldt.user.licenseType,
          contactName: 'Casey Redwood',
          phone: '',
          address: {
            street: '9 Harbor Way',
            city: 'Crescent City',
            county: 'Del Norte',
            state: 'CA',
            zipCode: '95531',
          },
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(await names('?county=Humboldt')).toEqual([]);
    expect(await names('?county=Del%20Norte&sort=oldest')).toEqual([
      'Alder flower',
      'Birch flower',
      'Elm offer lot',
    ]);
    // A lot listed after the move carries the new county from the start.
    const listed = await insertListing(test.db, (await userRow(humboldt.user.id)) ?? humboldt.user, {
      title: 'Hazel flower',
      createdAt: new Date(Date.UTC(2026, 0, 8)),
    });
    expect(listed.sellerCounty).toBe('Del Norte');
    expect(await names('?county=Del%20Norte')).toContain('Hazel flower');
    await test.db.execute(sql`DELETE FROM listings WHERE id = ${listed.id}`);
  });

  it('counts a faceted total of thousands exactly (decision 252: no estimates)', async () => {
    const many = 6000;
    await test.db.execute(sql`
      INSERT INTO listings (id, seller_id, title, description, product_type_id, category, zip_code, quantity_lbs,
        asking_price, tested, seller_business_name, seller_verified, seller_county, created_at)
      SELECT gen_random_uuid(), ${mendocino.id}, 'Bulk lot ' || n, 'A lot for the facet estimate, number ' || n,
        product_types.id, product_types.category, '95482', 1, 500 + n % 100, n % 2 = 0, 'Ukiah Valley Farms', true,
        'Mendocino', timestamptz '2025-01-01' + n * interval '1 minute'
      FROM generate_series(1, ${many * 2}) AS n, product_types WHERE product_types.name = 'Trim'`);
    const tested = await products('?tested=true&category=other&sort=price_asc');
    expect(tested.pagination).toEqual({ page: 1, limit: 12, total: many, pages: 500, estimated: false });
    expect(tested.data.map((product) => product.priceRange)).toEqual(Array(12).fill('$500.00 / lb'));
    // A narrow band of the same lots stays under the limit: counted exactly.
    const band = await products('?tested=true&category=other&minPrice=598&maxPrice=598');
    expect(band.pagination).toEqual({ page: 1, limit: 12, total: 120, pages: 10, estimated: false });
    await test.db.execute(sql`DELETE FROM listings WHERE title LIKE 'Bulk lot %'`);
  });
});

async function userRow(id: string): Promise<UserRow | undefined> {
  const [row] = await test.db.select().from(users).where(eq(users.id, id));
  return row;
}
