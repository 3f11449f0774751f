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

/** Changes a title without firing triggers, as if the change notification had not arrived yet. */
async function renameSilently(id: string, title: string) {
  await test.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.update(listings).set({ title }).where(eq(listings.id, id));
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
});
