import { type CatalogPaginationDto, PRODUCTS, type ProductDto } from '@canopy/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogCounts,
  listings,
  listingViews,
  PUBLIC_LISTING,
  type UserRow,
} from '../src/db/schema/index.ts';
import { searchTerms, tsQuery } from '../src/modules/catalog/search.ts';
import { insertListing, insertUser } from '../src/seed/factories.ts';
import { formBody, PUBLIC_PRODUCT_KEYS, sampleJpeg } from './support/listings.ts';
import { bearer, createTestApp, json, type TestApp, userWithToken } from './support/test-app.ts';

let test: TestApp;
let seller: { user: UserRow; token: string };
let admin: { user: UserRow; token: string };

beforeAll(async () => {
  test = await createTestApp();
  seller = await userWithToken(test, {
    role: 'seller',
    businessName: 'Emerald Ridge Farms',
    licenseType: 'Adult-Use Cultivation',
  });
  admin = await userWithToken(test, { role: 'admin' });
});
afterAll(() => test.close());

interface ProductList {
  success: boolean;
  data: ProductDto[];
  pagination: CatalogPaginationDto;
}

async function products(query = '', headers: Record<string, string> = {}): Promise<ProductList> {
  const response = await test.app.inject({ method: 'GET', url: `/api/products${query}`, headers });
  expect(response.statusCode).toBe(200);
  return json<ProductList>(response);
}

const names = (list: ProductList) => list.data.map((product) => product.name);

async function detail(id: string, headers: Record<string, string> = {}) {
  return test.app.inject({ method: 'GET', url: `/api/products/${id}`, headers });
}

/** The listing's count once the views noted so far are written (they are batched, decision 160). */
async function viewsOf(id: string) {
  await test.app.viewCounter.flush();
  const [row] = await test.db
    .select({ views: listings.viewsCount })
    .from(listings)
    .where(eq(listings.id, id));
  return row?.views;
}

describe('GET /api/products', () => {
  it("presents an active listing of a verified seller as SPEC's public product", async () => {
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/listings',
      ...(await (async () => {
        const body = await formBody({
          fields: {
            title: 'Zkittlez shape check',
            strain: 'Zkittlez',
            quantity_lbs: '25.5',
            asking_price: '1200',
            negotiable: 'true',
            tested: 'true',
            test_link: 'https://lab.example.com/coa/55',
          },
          images: [await sampleJpeg(3)],
        });
        return { payload: body.payload, headers: { ...body.headers, ...bearer(seller.token) } };
      })()),
    });
    expect(created.statusCode).toBe(201);
    const list = await products('?query=zkittlez');
    expect(list.success).toBe(true);
    expect(list.data).toHaveLength(1);
    const [product] = list.data;
    expect(Object.keys(product ?? {}).sort()).toEqual(PUBLIC_PRODUCT_KEYS);
    expect(product).toMatchObject({
      name: 'Zkittlez shape check',
      category: 'flower',
      productType: 'Flower - Indoor',
      strain: 'Zkittlez',
      thcContent: 22.5,
      cbdContent: 0.4,
      priceRange: '$1,200.00 / lb (negotiable)',
      availableQuantity: '25.5 lbs',
      zipCode: '95501',
      tested: true,
      testLink: 'https://lab.example.com/coa/55',
      seller: {
        sellerId: seller.user.id,
        businessName: 'Emerald Ridge Farms',
        isVerified: true,
        licenseType: 'Adult-Use Cultivation',
        licenseNumber: seller.user.licenseNumber,
      },
    });
    expect(product?.images).toEqual([product?.media[0]?.variants?.medium]);
    expect(product?.media[0]).toMatchObject({ type: 'image', duration: null, size: expect.any(Number) });
    expect(product?.media[0]?.thumbnail).toMatch(/^\/uploads\//);
  });

  it('reads "Make an offer", a price without "(negotiable)" and whole pounds', async () => {
    await insertListing(test.db, seller.user, { title: 'Quokka offer lot', makeOffer: true, quantityLbs: 1 });
    await insertListing(test.db, seller.user, {
      title: 'Quokka fixed lot',
      askingPrice: 950.5,
      negotiable: false,
      quantityLbs: 1250,
    });
    const list = await products('?query=quokka&sort=name_asc');
    expect(list.data.map((p) => [p.name, p.priceRange, p.availableQuantity])).toEqual([
      ['Quokka fixed lot', '$950.50 / lb', '1,250 lbs'],
      ['Quokka offer lot', 'Make an offer', '1 lb'],
    ]);
  });

  it('shows only active listings of verified sellers', async () => {
    const pendingSeller = await insertUser(test.db, { role: 'seller', status: 'pending' });
    const suspendedSeller = await insertUser(test.db, { role: 'seller', status: 'suspended' });
    await insertListing(test.db, seller.user, { title: 'Wombat visible lot' });
    await insertListing(test.db, seller.user, { title: 'Wombat archived lot', isActive: false });
    await insertListing(test.db, pendingSeller, { title: 'Wombat pending seller lot' });
    await insertListing(test.db, suspendedSeller, { title: 'Wombat suspended seller lot' });
    expect(names(await products('?query=wombat'))).toEqual(['Wombat visible lot']);
  });

  it("hides a suspended seller's listings and shows them again on reactivation", async () => {
    const grower = await insertUser(test.db, { role: 'seller', businessName: 'Numbat Gardens' });
    await insertListing(test.db, grower, { title: 'Numbat lot one' });
    await insertListing(test.db, grower, { title: 'Numbat lot two' });
    const status = (value: string) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${grower.id}/status`,
        headers: bearer(admin.token),
        payload: { status: value, reason: 'Complaint under investigation' },
      });
    const total = async () => (await products()).pagination.total;
    const before = await total();
    expect((await products('?query=numbat')).data).toHaveLength(2);
    expect((await status('suspended')).statusCode).toBe(200);
    expect((await products('?query=numbat')).data).toHaveLength(0);
    expect(await total()).toBe(before - 2);
    expect((await status('verified')).statusCode).toBe(200);
    expect((await products('?query=numbat')).data).toHaveLength(2);
    expect(await total()).toBe(before);
  });

  it('takes archived listings out and puts relisted ones back', async () => {
    const listing = await insertListing(test.db, seller.user, { title: 'Platypus relist lot' });
    const act = (action: string) =>
      test.app.inject({
        method: 'POST',
        url: `/api/listings/${listing.id}/${action}`,
        headers: bearer(seller.token),
      });
    expect((await act('archive')).statusCode).toBe(200);
    expect(names(await products('?query=platypus'))).toEqual([]);
    expect((await detail(listing.id)).statusCode).toBe(404);
    expect((await act('relist')).statusCode).toBe(200);
    expect(names(await products('?query=platypus'))).toEqual(['Platypus relist lot']);
  });

  it("searches titles, partial words, strains, descriptions and the seller's business name", async () => {
    const grower = await insertUser(test.db, {
      role: 'seller',
      businessName: 'Saltwater Cannabis Collective',
    });
    await insertListing(test.db, grower, {
      title: 'Greenhouse Gelato 41',
      strain: 'Gelato',
      description: 'Sun-grown in Mendocino with a citrusy terpene profile.',
    });
    await insertListing(test.db, seller.user, {
      title: 'Indoor Lemon Cherry',
      strain: 'Lemon Cherry Gelato',
    });
    await insertListing(test.db, seller.user, { title: 'Outdoor Sour Diesel', strain: 'Sour Diesel' });
    await insertListing(test.db, seller.user, { title: 'Wedding Cake smalls', strain: 'Wedding Cake' });

    expect(names(await products('?query=Greenhouse'))).toEqual(['Greenhouse Gelato 41']);
    expect(names(await products('?query=gelat&sort=name_asc'))).toEqual([
      'Greenhouse Gelato 41',
      'Indoor Lemon Cherry',
    ]);
    expect(names(await products('?query=sour%20dies'))).toEqual(['Outdoor Sour Diesel']);
    expect(names(await products('?query=citrusy'))).toEqual(['Greenhouse Gelato 41']);
    expect(names(await products('?query=saltwater%20collective'))).toEqual(['Greenhouse Gelato 41']);
    expect(names(await products('?query=saltw'))).toEqual(['Greenhouse Gelato 41']);
    expect(names(await products('?query=diesel%20gelato'))).toEqual([]);
    // A prefix longer than the word's stem ("wed") still finds it; a whole word finds other forms.
    expect(names(await products('?query=wedd'))).toEqual(['Wedding Cake smalls']);
    expect(names(await products('?query=weddings'))).toEqual(['Wedding Cake smalls']);
    expect(names(await products('?query=cakes%20smal'))).toEqual(['Wedding Cake smalls']);
    // Punctuation and tsquery syntax are only separators, never operators.
    expect(names(await products(`?query=${encodeURIComponent("sour & !diesel:* | ')")}`))).toEqual([
      'Outdoor Sour Diesel',
    ]);
  });

  it('looks a word up in the search index once: the stem’s prefix finds what the unstemmed one would', async () => {
    const lookedUp = async (input: string) => {
      const terms = searchTerms(input);
      if (!terms) throw new Error(`no terms in ${input}`);
      const { rows } = (await test.db.execute(sql`SELECT (${tsQuery(terms)})::text AS q`)) as unknown as {
        rows: { q: string }[];
      };
      return rows[0]?.q;
    };
    expect(await lookedUp('kush')).toBe("'kush':*");
    expect(await lookedUp('Cookies')).toBe("'cooki':*");
    expect(await lookedUp('sour dies')).toBe("'sour' & 'die':*");
    // The stem does not begin the word: both are looked for.
    expect(await lookedUp('happily')).toBe("'happili':* | 'happily':*");
    // A stop word has no stem: only the word itself.
    expect(await lookedUp('the')).toBe("'the':*");
  });

  it('finds a seller by a business name once an admin approved the change; a new license keeps them listed', async () => {
    const grower = await userWithToken(test, { role: 'seller', businessName: 'Old Wallaby Name' });
    await insertListing(test.db, grower.user, { title: 'Wallaby lot' });
    const profile = (businessName: string, licenseNumber: string) =>
      test.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: bearer(grower.token),
        payload: {
          email: grower.user.email,
          profile: {
            businessName,
            contactName: grower.user.contactName,
            phone: grower.user.phone,
            licenseNumber,
            licenseType: grower.user.licenseType,
            address: {
              street: '1 Farm Road',
              city: 'Eureka',
              county: 'Humboldt',
              state: 'CA',
              zipCode: '95501',
            },
          },
        },
      });
    expect((await profile('Kangaroo Valley Farms', grower.user.licenseNumber)).statusCode).toBe(200);
    // Held for review (decision 082): the catalog keeps the approved name until an admin agrees.
    expect(names(await products('?query=kangaroo'))).toEqual([]);
    expect(names(await products('?query=old%20wallaby%20name'))).toEqual(['Wallaby lot']);
    const approve = await test.app.inject({
      method: 'POST',
      url: `/api/admin/users/${grower.user.id}/profile-change/approve`,
      headers: bearer(admin.token),
      payload: { reason: 'License checked with the regulator directly' },
    });
    expect(approve.statusCode).toBe(200);
    expect(names(await products('?query=kangaroo'))).toEqual(['Wallaby lot']);
    expect(names(await products('?query=old%20wallaby%20name'))).toEqual([]);
    expect((await products('?query=kangaroo')).data[0]?.seller.businessName).toBe('Kangaroo Valley Farms');

    expect((await profile('Kangaroo Valley Farms', 'C11-0009999-LIC')).statusCode).toBe(200);
    expect(names(await products('?query=kangaroo'))).toEqual(['Wallaby lot']);
  });

  it('filters by category', async () => {
    await insertListing(test.db, seller.user, { title: 'Echidna gummies', productType: 'Gummies' });
    await insertListing(test.db, seller.user, { title: 'Echidna live resin', productType: 'Live Resin' });
    await insertListing(test.db, seller.user, {
      title: 'Echidna cartridges',
      productType: 'Vape Cartridges',
    });
    expect(names(await products('?query=echidna&category=edible'))).toEqual(['Echidna gummies']);
    expect(names(await products('?query=echidna&category=concentrate'))).toEqual(['Echidna live resin']);
    const vape = await products('?category=vape');
    expect(vape.data.every((product) => product.category === 'vape')).toBe(true);
    expect(vape.pagination.total).toBe(1);
    // Unknown filters and sorts are ignored rather than refused: the URL is public and linkable.
    expect((await products('?query=echidna&category=moonrocks&sort=sideways')).data).toHaveLength(3);
  });

  it('sorts newest (default), oldest, name_asc and name_desc, with the id breaking ties', async () => {
    const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes));
    const b1 = await insertListing(test.db, seller.user, {
      title: 'bravo tincture',
      productType: 'Tinctures',
      createdAt: at(1),
    });
    await insertListing(test.db, seller.user, {
      title: 'Alpha tincture',
      productType: 'Tinctures',
      createdAt: at(3),
    });
    await insertListing(test.db, seller.user, {
      title: 'Charlie tincture',
      productType: 'Tinctures',
      createdAt: at(2),
    });
    const b2 = await insertListing(test.db, seller.user, {
      title: 'Bravo tincture',
      productType: 'Tinctures',
      createdAt: at(1),
    });
    const ids = (list: ProductList) => list.data.map((product) => product._id);
    const [first, second] = [b1.id, b2.id].sort();

    const newest = await products('?category=tincture');
    expect(names(newest).slice(0, 2)).toEqual(['Alpha tincture', 'Charlie tincture']);
    expect(ids(newest).slice(2)).toEqual([second, first]);
    expect(ids(await products('?category=tincture&sort=newest'))).toEqual(ids(newest));
    expect(ids(await products('?category=tincture&sort=oldest'))).toEqual([...ids(newest)].reverse());

    const ascending = await products('?category=tincture&sort=name_asc');
    expect(names(ascending).map((name) => name.toLowerCase())).toEqual([
      'alpha tincture',
      'bravo tincture',
      'bravo tincture',
      'charlie tincture',
    ]);
    expect(ids(ascending).slice(1, 3)).toEqual([first, second]);
    expect(ids(await products('?category=tincture&sort=name_desc'))).toEqual([...ids(ascending)].reverse());
  });

  it('pages 12 at a time by default, at most 48, and reports the page count', async () => {
    for (let i = 0; i < 14; i++) {
      await insertListing(test.db, seller.user, {
        title: `Topical balm ${String(i).padStart(2, '0')}`,
        productType: 'Topicals',
      });
    }
    const first = await products('?category=topical&sort=name_asc');
    expect(first.data).toHaveLength(12);
    expect(first.pagination).toEqual({ page: 1, limit: 12, total: 14, pages: 2, estimated: false });
    const second = await products('?category=topical&sort=name_asc&page=2&limit=12');
    expect(names(second)).toEqual(['Topical balm 12', 'Topical balm 13']);
    expect(second.pagination).toEqual({ page: 2, limit: 12, total: 14, pages: 2, estimated: false });
    expect((await products('?category=topical&page=3')).data).toEqual([]);
    expect((await products('?category=topical&limit=5')).pagination).toEqual({
      page: 1,
      limit: 5,
      total: 14,
      pages: 3,
      estimated: false,
    });
    expect((await products('?category=topical&limit=500')).pagination.limit).toBe(48);
    // Out of range is clamped (a number was given); a malformed one is refused (catalog-facets.test.ts).
    expect((await products('?category=topical&limit=0&page=-4')).pagination).toMatchObject({
      page: 1,
      limit: 1,
    });
    const search = await products('?query=topical%20balm&limit=5');
    expect(search.pagination).toEqual({ page: 1, limit: 5, total: 14, pages: 3, estimated: false });
  });

  it('counts every match of a text search exactly and serves every one of its pages', async () => {
    const capybaras = 245;
    await test.db.execute(sql`
      INSERT INTO listings (id, seller_id, title, description, product_type_id, category, zip_code, quantity_lbs,
        asking_price, seller_business_name, seller_verified, created_at)
      SELECT gen_random_uuid(), ${seller.user.id}, 'Capybara lot ' || n, 'A lot for the count test, number ' || n,
        product_types.id, product_types.category, '95501', 1, 100, 'Emerald Ridge Farms', true,
        timestamptz '2024-01-01' + n * interval '1 minute'
      FROM generate_series(1, ${capybaras}) AS n, product_types WHERE product_types.name = 'Other'`);
    const pages = Math.ceil(capybaras / 12);
    const lot = (n: number) => `Capybara lot ${n}`;
    const first = await products('?query=capybara');
    expect(first.pagination).toEqual({ page: 1, limit: 12, total: capybaras, pages, estimated: false });
    expect(names(first).slice(0, 3)).toEqual([lot(capybaras), lot(capybaras - 1), lot(capybaras - 2)]);
    const last = await products(`?query=capybara&page=${pages}`);
    const lastOffset = (pages - 1) * 12;
    expect(names(last)).toEqual(
      Array.from({ length: capybaras - lastOffset }, (_, i) => lot(capybaras - lastOffset - i)),
    );
    const beyond = await products(`?query=capybara&page=${pages + 1}`);
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination.total).toBe(capybaras);
    const oldest = await products('?query=capyb&sort=oldest&limit=2');
    expect(names(oldest)).toEqual([lot(1), lot(2)]);
    const one = await products(`?query=capybara%20lot%20${capybaras - 3}`);
    expect(names(one)).toEqual([lot(capybaras - 3)]);
    expect(one.pagination.total).toBe(1);
    await test.db.execute(sql`DELETE FROM listings WHERE title LIKE 'Capybara lot %'`);
  });

  it('pages deep into a common search, and sorts all of its matches by name', async () => {
    await test.db.execute(sql`
      INSERT INTO listings (id, seller_id, title, description, product_type_id, category, zip_code, quantity_lbs,
        asking_price, seller_business_name, seller_verified, created_at)
      SELECT gen_random_uuid(), ${seller.user.id}, CASE WHEN n % 2 = 0 THEN 'Dormouse lot ' ELSE 'Vole lot ' END || n,
        'A lot for the walk test, number ' || n, product_types.id, product_types.category, '95501', 1, 100,
        'Emerald Ridge Farms', true, timestamptz '2023-01-01' + n * interval '1 minute'
      FROM generate_series(1, 5000) AS n, product_types WHERE product_types.name = 'Trim'`);
    const matches = 2500;
    const deep = await products('?query=dormouse&page=150');
    expect(deep.pagination).toEqual({
      page: 150,
      limit: 12,
      total: matches,
      pages: Math.ceil(matches / 12),
      estimated: false,
    });
    expect(names(deep)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Dormouse lot ${5000 - 2 * (149 * 12 + i)}`),
    );
    // Byte order of the lower-cased titles over every match, not only the newest ones.
    const byName = await products('?query=dormouse&sort=name_asc&limit=3');
    expect(names(byName)).toEqual(['Dormouse lot 10', 'Dormouse lot 100', 'Dormouse lot 1000']);
    expect(byName.pagination.total).toBe(matches);
    expect(names(await products('?query=dormouse&sort=name_desc&limit=2'))).toEqual([
      'Dormouse lot 998',
      'Dormouse lot 996',
    ]);
    const lastByName = await products(
      `?query=dormouse&sort=name_asc&limit=12&page=${Math.ceil(matches / 12)}`,
    );
    expect(names(lastByName)).toEqual([
      'Dormouse lot 992',
      'Dormouse lot 994',
      'Dormouse lot 996',
      'Dormouse lot 998',
    ]);
    const middle = await products('?query=dormou&sort=oldest&page=10&limit=2');
    expect(names(middle)).toEqual(['Dormouse lot 38', 'Dormouse lot 40']);
    await test.db.execute(
      sql`DELETE FROM listings WHERE title LIKE 'Dormouse lot %' OR title LIKE 'Vole lot %'`,
    );
  });

  it('counts a search with thousands of matches exactly (decision 252: no estimates)', async () => {
    const quaggas = 6000;
    await test.db.execute(sql`
      INSERT INTO listings (id, seller_id, title, description, product_type_id, category, zip_code, quantity_lbs,
        asking_price, seller_business_name, seller_verified, created_at)
      SELECT gen_random_uuid(), ${seller.user.id}, 'Quagga lot ' || n, 'A lot for the estimate test, number ' || n,
        product_types.id, product_types.category, '95501', 1, 100, 'Emerald Ridge Farms', true,
        timestamptz '2025-01-01' + n * interval '1 minute'
      FROM generate_series(1, ${quaggas}) AS n, product_types WHERE product_types.name = 'Other'`);
    const list = await products('?query=quagga');
    expect(list.pagination).toEqual({ page: 1, limit: 12, total: quaggas, pages: 500, estimated: false });
    expect(names(list).slice(0, 2)).toEqual([`Quagga lot ${quaggas}`, `Quagga lot ${quaggas - 1}`]);
    const [counted] = await test.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(listings)
      .where(sql`${PUBLIC_LISTING} AND category = 'other'`);
    expect((await products('?category=other')).pagination.total).toBe(counted?.n);
    await test.db.execute(sql`DELETE FROM listings WHERE title LIKE 'Quagga lot %'`);
  });

  it('finds matches that the newest listings do not have, by walking on or by the index', async () => {
    const insert = (prefix: string, count: number, from: string) =>
      test.db.execute(sql`
        INSERT INTO listings (id, seller_id, title, description, product_type_id, category, zip_code, quantity_lbs,
          asking_price, seller_business_name, seller_verified, created_at)
        SELECT gen_random_uuid(), ${seller.user.id}, ${prefix} || ' lot ' || n, 'A lot for the sampling test, ' || n,
          product_types.id, product_types.category, '95501', 1, 100, 'Emerald Ridge Farms', true,
          ${from}::timestamptz + n * interval '1 minute'
        FROM generate_series(1, ${count}) AS n, product_types WHERE product_types.name = 'Seeds'`);
    await insert('Marmot', 3000, '2020-01-01');
    await insert('Filler', 1100, '2030-01-01');
    const common = await products('?query=marmot');
    expect(common.pagination.total).toBe(3000);
    expect(names(common).slice(0, 2)).toEqual(['Marmot lot 3000', 'Marmot lot 2999']);
    const rare = await products('?query=marmot%20lot%202');
    expect(names(rare)).toEqual(['Marmot lot 2']);
    await test.db.execute(
      sql`DELETE FROM listings WHERE title LIKE 'Marmot lot %' OR title LIKE 'Filler lot %'`,
    );
  });

  it('answers the home grid: the 8 newest', async () => {
    const home = await products('?limit=8&sort=newest');
    expect(home.data).toHaveLength(8);
    const times = home.data.map((product) => Date.parse(product.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('keeps the per-category counters equal to the rows they count', async () => {
    const counted = await test.db.select().from(catalogCounts);
    const actual = await test.db
      .select({ category: listings.category, total: sql<number>`count(*)`.mapWith(Number) })
      .from(listings)
      .where(sql`${listings.isActive} AND ${listings.sellerVerified}`)
      .groupBy(listings.category);
    const byCategory = Object.fromEntries(actual.map((row) => [row.category, row.total]));
    for (const row of counted) expect(row.visibleListings).toBe(byCategory[row.category] ?? 0);
  });
});

describe('GET /api/products/:id', () => {
  it('answers {success, product}', async () => {
    const listing = await insertListing(test.db, seller.user, {
      title: 'Detail lot',
      strain: 'Runtz',
      thcContent: 27.1,
    });
    const response = await detail(listing.id);
    expect(response.statusCode).toBe(200);
    const body = json<{ success: boolean; product: ProductDto }>(response);
    expect(body.success).toBe(true);
    expect(body.product).toMatchObject({
      _id: listing.id,
      name: 'Detail lot',
      strain: 'Runtz',
      thcContent: 27.1,
    });
  });

  it('answers "Product not found" for missing, malformed, archived and unverified-seller products', async () => {
    const pendingSeller = await insertUser(test.db, { role: 'seller', status: 'pending' });
    const hidden = await insertListing(test.db, pendingSeller);
    const archived = await insertListing(test.db, seller.user, { isActive: false });
    for (const id of ['0196f000-0000-7000-8000-000000000000', 'nope', hidden.id, archived.id]) {
      const response = await detail(id);
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({
        success: false,
        error: PRODUCTS.notFound,
        message: PRODUCTS.notFound,
        code: 'product_not_found',
      });
    }
  });

  it("counts a view once per viewer per hour, and never the owner's own", async () => {
    const listing = await insertListing(test.db, seller.user, { title: 'Counted lot' });
    const buyer = await userWithToken(test, { role: 'buyer' });
    const browser = { 'user-agent': 'Mozilla/5.0 test browser' };

    await detail(listing.id, browser);
    await detail(listing.id, browser);
    expect(await viewsOf(listing.id)).toBe(1);
    // An anonymous viewer is their address: a new User-Agent from it is not a new viewer.
    for (let i = 0; i < 5; i++) await detail(listing.id, { 'user-agent': `another browser ${i}` });
    expect(await viewsOf(listing.id)).toBe(1);
    await test.app.inject({ method: 'GET', url: `/api/products/${listing.id}`, remoteAddress: '10.0.0.2' });
    expect(await viewsOf(listing.id)).toBe(2);
    // IPv6 clients hold a whole /64: rotating within it is still one viewer.
    for (const remoteAddress of ['2001:db8:1:2::1', '2001:db8:1:2:aaaa::7']) {
      await test.app.inject({ method: 'GET', url: `/api/products/${listing.id}`, remoteAddress });
    }
    expect(await viewsOf(listing.id)).toBe(3);
    await detail(listing.id, bearer(buyer.token));
    await detail(listing.id, bearer(buyer.token));
    expect(await viewsOf(listing.id)).toBe(4);
    await detail(listing.id, bearer(seller.token));
    expect(await viewsOf(listing.id)).toBe(4);

    // An hour later the same viewers count again, and last hour's rows are pruned.
    await test.db
      .update(listingViews)
      .set({ hour: sql`${listingViews.hour} - interval '1 hour'` })
      .where(eq(listingViews.listingId, listing.id));
    await detail(listing.id, bearer(buyer.token));
    await detail(listing.id, browser);
    expect(await viewsOf(listing.id)).toBe(6);
    const rows = await test.db.select().from(listingViews).where(eq(listingViews.listingId, listing.id));
    expect(rows).toHaveLength(2);
  });
});
