import type { ProductDto } from '@canopy/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, type UserRow } from '../src/db/schema/index.ts';
import { insertListing, insertUser } from '../src/seed/factories.ts';
import { eventually } from './support/scratch-servers.ts';
import { createTestApp, json, type TestApp } from './support/test-app.ts';

// The catalog's page cache (decision 111): answers are reused until a change to the catalog
// commits, and a view does not count as one.

let test: TestApp;
let seller: UserRow;

beforeAll(async () => {
  test = await createTestApp({ CATALOG_CACHE_ENTRIES: '100' });
  seller = await insertUser(test.db, { role: 'seller', businessName: 'Cache Farms' });
});
afterAll(() => test.close());

const names = async (url: string) => {
  const response = await test.app.inject({ method: 'GET', url });
  return json<{ data: ProductDto[] }>(response).data.map((product) => product.name);
};
const productName = async (id: string) => {
  const response = await test.app.inject({ method: 'GET', url: `/api/products/${id}` });
  return response.statusCode === 200 ? json<{ product: ProductDto }>(response).product.name : null;
};

/**
 * Changes a title without firing triggers, as if the change notification had not arrived yet. The
 * search index's shown products (decision 264) are told, as a picture change would tell them, so a
 * list that is made again reads the new title while a cached one still shows the old.
 */
async function renameSilently(id: string, title: string) {
  await test.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.update(listings).set({ title }).where(eq(listings.id, id));
    await tx.execute(sql`INSERT INTO "catalog_shown_changes" ("listing_id", "xid")
      VALUES (${id}, pg_current_xact_id()::text::bigint)`);
  });
}

describe('the catalog page cache', () => {
  it('reuses a page until a catalog change commits, then answers from the database again', async () => {
    const listing = await insertListing(test.db, seller, { title: 'Cached lot one' });
    // On PostgreSQL the insert's own notification reaches the listener a moment after the commit.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const url = '/api/products?query=cached';
    expect(await names(url)).toEqual(['Cached lot one']);
    expect(await productName(listing.id)).toBe('Cached lot one');

    await renameSilently(listing.id, 'Cached lot renamed');
    expect(await names(url)).toEqual(['Cached lot one']);
    expect(await productName(listing.id)).toBe('Cached lot one');

    // A view only moves views_count, which no public answer shows: the cache stays.
    await test.app.inject({ method: 'GET', url: `/api/products/${listing.id}`, remoteAddress: '10.1.1.1' });
    expect(await names(url)).toEqual(['Cached lot one']);

    await test.db.update(listings).set({ isActive: false }).where(eq(listings.id, listing.id));
    await eventually(async () => (await names(url)).length === 0);
    expect(await productName(listing.id)).toBeNull();
    await test.db.update(listings).set({ isActive: true }).where(eq(listings.id, listing.id));
    await eventually(async () => (await productName(listing.id)) === 'Cached lot renamed');
  });

  it("drops cached pages when a seller's public details change", async () => {
    const listing = await insertListing(test.db, seller, { title: 'Licensed lot' });
    const license = async () => {
      const response = await test.app.inject({ method: 'GET', url: `/api/products/${listing.id}` });
      return json<{ product: ProductDto }>(response).product.seller.licenseType;
    };
    const before = await license();
    await test.db.execute(sql`UPDATE users SET license_type = 'Distributor' WHERE id = ${seller.id}`);
    await eventually(async () => (await license()) === 'Distributor');
    expect(before).not.toBe('Distributor');
  });

  it('keys pages on the facets: a faceted page is never answered from an unfaceted one, nor the reverse', async () => {
    const grower = await insertUser(test.db, {
      role: 'seller',
      businessName: 'Facet Farms',
      county: 'Trinity',
    });
    await insertListing(test.db, grower, { title: 'Facetcache tested lot', tested: true, askingPrice: 900 });
    await insertListing(test.db, grower, { title: 'Facetcache plain lot', askingPrice: 1500 });
    await insertListing(test.db, grower, { title: 'Facetcache offer lot', makeOffer: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const all = ['Facetcache offer lot', 'Facetcache plain lot', 'Facetcache tested lot'];
    const base = '/api/products?query=facetcache';
    expect(await names(base)).toEqual(all);
    expect(await names(`${base}&tested=true`)).toEqual(['Facetcache tested lot']);
    expect(await names(`${base}&minPrice=1000`)).toEqual(['Facetcache plain lot']);
    expect(await names(`${base}&maxPrice=1000`)).toEqual(['Facetcache tested lot']);
    expect(await names(`${base}&county=Trinity`)).toEqual(all);
    expect(await names(`${base}&county=Humboldt`)).toEqual([]);
    expect(await names(`${base}&sellerId=${grower.id}&minThc=1`)).toEqual([]);
    expect(await names(`${base}&sort=price_asc`)).toEqual([
      'Facetcache tested lot',
      'Facetcache plain lot',
      'Facetcache offer lot',
    ]);
    expect(await names(`${base}&sort=price_desc`)).toEqual([
      'Facetcache plain lot',
      'Facetcache tested lot',
      'Facetcache offer lot',
    ]);
    // Name sorts of a search are cut from one cached window per query: the facets are part of it.
    expect(await names(`${base}&sort=name_asc`)).toEqual(all);
    expect(await names(`${base}&sort=name_asc&tested=true`)).toEqual(['Facetcache tested lot']);
    // And asked again (now from the cache), each answers as before.
    expect(await names(base)).toEqual(all);
    expect(await names(`${base}&tested=true`)).toEqual(['Facetcache tested lot']);
    expect(await names(`${base}&sort=name_asc`)).toEqual(all);
  });

  it('keeps faceted lists in a room of their own: a stream of them does not push out the pages most buyers read', async () => {
    const listing = await insertListing(test.db, seller, { title: 'Roomy lot', askingPrice: 1000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const url = '/api/products?query=roomy';
    expect(await names(url)).toEqual(['Roomy lot']);
    // More faceted lists than the cache keeps answers of one kind (100 in this app).
    for (let band = 0; band <= 100; band++) await names(`${url}&minPrice=${band}`);
    await renameSilently(listing.id, 'Roomy lot renamed');
    expect(await names(url)).toEqual(['Roomy lot']);
    await test.db.update(listings).set({ title: 'Roomy lot' }).where(eq(listings.id, listing.id));
  });
});

describe('an edit drops every cached list and its own product page (decisions 181, 255)', () => {
  const price = async (url: string) => {
    const response = await test.app.inject({ method: 'GET', url });
    const body = json<{ data?: ProductDto[]; product?: ProductDto }>(response);
    return body.product
      ? body.product.priceRange
      : body.data?.map((product) => `${product.name} ${product.priceRange}`);
  };
  const setPrice = (id: string, askingPrice: number) =>
    test.db.update(listings).set({ askingPrice }).where(eq(listings.id, id));

  it('a price edit reloads its own product and every list, not the other products', async () => {
    const grower = await insertUser(test.db, { role: 'seller', businessName: 'Edit Farms' });
    const edited = await insertListing(test.db, grower, { title: 'Editlot flower', askingPrice: 1000 });
    const vape = await insertListing(test.db, grower, {
      title: 'Editlot vape',
      productType: 'Topicals',
      askingPrice: 2000,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const flowerPage = '/api/products?query=editlot&category=flower';
    const topicalPage = '/api/products?query=editlot&category=topical';
    const byPrice = '/api/products?query=editlot&sort=price_asc';
    expect(await price(flowerPage)).toEqual(['Editlot flower $1,000.00 / lb']);
    expect(await price(topicalPage)).toEqual(['Editlot vape $2,000.00 / lb']);
    expect(await price(byPrice)).toEqual(['Editlot flower $1,000.00 / lb', 'Editlot vape $2,000.00 / lb']);
    expect(await productName(vape.id)).toBe('Editlot vape');
    expect(await price(`/api/products/${edited.id}`)).toBe('$1,000.00 / lb');

    // The vape lot changes where no notification says so: a page read again from the database
    // would show it.
    await renameSilently(vape.id, 'Editlot vape renamed');
    await setPrice(edited.id, 2500);
    await eventually(async () => (await price(`/api/products/${edited.id}`)) === '$2,500.00 / lb');
    expect(await price(flowerPage)).toEqual(['Editlot flower $2,500.00 / lb']);
    expect(await price(byPrice)).toEqual([
      'Editlot vape renamed $2,000.00 / lb',
      'Editlot flower $2,500.00 / lb',
    ]);
    // A list that does not show the lot is reloaded too (its facet counts could have moved); another
    // lot's product page is still the cached answer.
    expect(await price(topicalPage)).toEqual(['Editlot vape renamed $2,000.00 / lb']);
    expect(await productName(vape.id)).toBe('Editlot vape');

    // A change to a listing's words moves it between lists: everything is dropped.
    await test.db.update(listings).set({ strain: 'Gelato' }).where(eq(listings.id, edited.id));
    await eventually(async () => (await productName(vape.id)) === 'Editlot vape renamed');
  });

  it('a draft’s edits and a new draft change nothing public', async () => {
    const grower = await insertUser(test.db, { role: 'seller', businessName: 'Draft Farms' });
    const lot = await insertListing(test.db, grower, { title: 'Draftcheck lot' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const page = '/api/products?query=draftcheck';
    expect(await names(page)).toEqual(['Draftcheck lot']);
    await renameSilently(lot.id, 'Draftcheck lot renamed');

    const draft = await insertListing(test.db, grower, { title: 'Draftcheck draft', isActive: false });
    await test.db.update(listings).set({ isDraft: true }).where(eq(listings.id, draft.id));
    await setPrice(draft.id, 4321);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await names(page)).toEqual(['Draftcheck lot']);

    // Publishing it is a change to the lists.
    await test.db.update(listings).set({ isDraft: false, isActive: true }).where(eq(listings.id, draft.id));
    await eventually(async () => (await names(page)).length === 2);
    expect(await names(page)).toEqual(['Draftcheck draft', 'Draftcheck lot renamed']);
  });

  it('after any sequence of edits, every cached answer is the answer the database gives', async () => {
    const grower = await insertUser(test.db, { role: 'seller', businessName: 'Random Farms' });
    const types = ['Flower - Indoor', 'Topicals'];
    const lots: Awaited<ReturnType<typeof insertListing>>[] = [];
    for (let i = 0; i < 8; i++) {
      lots.push(
        await insertListing(test.db, grower, {
          title: `Randomlot ${i}`,
          productType: types[i % 2],
          askingPrice: 1000 + 100 * i,
          makeOffer: i % 4 === 3,
          quantityLbs: 5 + i,
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        }),
      );
    }
    const pages = ['newest', 'oldest', 'price_asc', 'price_desc', 'name_asc'].flatMap((sort) =>
      ['', '&category=flower', '&minPrice=1300', '&minQuantity=9'].flatMap((filter) =>
        [1, 2].map((n) => `/api/products?query=randomlot&limit=3&page=${n}&sort=${sort}${filter}`),
      ),
    );
    const answers = async () => {
      const all: unknown[] = [];
      for (const url of [...pages, ...lots.map((lot) => `/api/products/${lot.id}`)]) {
        all.push((await test.app.inject({ method: 'GET', url })).json());
      }
      return all;
    };
    // A fixed sequence drawn from a seeded generator (mulberry32): reruns see the same edits.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    };
    const product = async (id: string) =>
      (await test.app.inject({ method: 'GET', url: `/api/products/${id}` })).body;
    for (let step = 0; step < 16; step++) {
      await answers(); // everything cached
      const lot = lots[next(lots.length)];
      if (!lot) continue;
      const before = await product(lot.id);
      const [row] = await test.db.select().from(listings).where(eq(listings.id, lot.id));
      const kind = next(6);
      if (kind === 0) {
        // Words change: the listing may move between lists.
        await test.db
          .update(listings)
          .set({ strain: `Strain ${step}` })
          .where(eq(listings.id, lot.id));
      } else if (kind === 1 || (kind < 4 && row?.makeOffer)) {
        // To "make an offer" (no listed price, last in both price orders) and back.
        await test.db
          .update(listings)
          .set({ makeOffer: !row?.makeOffer, askingPrice: row?.askingPrice ?? 1234 })
          .where(eq(listings.id, lot.id));
      } else if (kind < 4) {
        const askingPrice = 900 + 50 * next(20);
        await setPrice(lot.id, askingPrice === row?.askingPrice ? askingPrice + 1 : askingPrice);
      } else {
        const quantityLbs = 1 + next(15);
        await test.db
          .update(listings)
          .set({ quantityLbs: quantityLbs === row?.quantityLbs ? quantityLbs + 1 : quantityLbs })
          .where(eq(listings.id, lot.id));
      }
      // The edit's own product page is always dropped: once it shows the edit, the notification is in.
      await eventually(async () => (await product(lot.id)) !== before);
      const cached = await answers();
      test.app.catalogCache.clear();
      expect(cached).toEqual(await answers());
    }
  }, 120_000); // about 1,000 requests: on the embedded database beside other files in CI, over 30 s
});
