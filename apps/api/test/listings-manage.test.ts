import { LISTING_RULES, LISTINGS, type ListingDto } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, type UserRow } from '../src/db/schema/index.ts';
import { samplePdf } from '../src/seed/sample-files.ts';
import {
  type FileFixture,
  formBody,
  type ListingFormOptions,
  sampleJpeg,
  sampleVideo,
  storedState,
  storedUploads,
} from './support/listings.ts';
import { bearer, createTestApp, json, type TestApp, userWithToken } from './support/test-app.ts';

let test: TestApp;
let owner: { user: UserRow; token: string };
let other: { user: UserRow; token: string };
let photos: FileFixture[];

beforeAll(async () => {
  test = await createTestApp();
  owner = await userWithToken(test, { role: 'seller', businessName: 'Emerald Ridge Farms' });
  other = await userWithToken(test, { role: 'seller', businessName: 'Golden State Growers' });
  photos = await Promise.all([1, 2, 3, 4, 5, 6].map((seed) => sampleJpeg(seed, 320, 240)));
});
afterAll(() => test.close());

async function send(method: 'POST' | 'PUT', url: string, options: ListingFormOptions, token: string) {
  const body = await formBody(options);
  return test.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

async function createListing(options: ListingFormOptions = {}, token = owner.token): Promise<ListingDto> {
  const response = await send('POST', '/api/listings', options, token);
  expect(response.statusCode).toBe(201);
  return json<{ data: ListingDto }>(response).data;
}

const update = (id: string, options: ListingFormOptions, token = owner.token) =>
  send('PUT', `/api/listings/${id}`, options, token);

const post = (url: string, token = owner.token) =>
  test.app.inject({ method: 'POST', url, headers: bearer(token) });

async function myListings(token = owner.token): Promise<ListingDto[]> {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/listings/my/listings',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  const body = json<{ success: boolean; data: { listings: ListingDto[] } }>(response);
  expect(body.success).toBe(true);
  return body.data.listings;
}

describe('GET /api/listings/my/listings', () => {
  it("lists only the seller's own listings, active and archived, newest first", async () => {
    const first = await createListing({ fields: { title: 'Owner first lot' } });
    const second = await createListing({ fields: { title: 'Owner second lot' } });
    await createListing({ fields: { title: 'Someone else entirely' } }, other.token);
    await post(`/api/listings/${first._id}/archive`);
    const mine = await myListings();
    expect(mine.map((listing) => listing.title)).toEqual(['Owner second lot', 'Owner first lot']);
    expect(mine.map((listing) => listing.is_active)).toEqual([true, false]);
    expect(mine[0]?._id).toBe(second._id);
  });

  it('is for verified sellers only', async () => {
    const buyer = await userWithToken(test, { role: 'buyer' });
    const pending = await userWithToken(test, { role: 'seller', status: 'pending' });
    const url = '/api/listings/my/listings';
    expect((await test.app.inject({ method: 'GET', url, headers: bearer(buyer.token) })).statusCode).toBe(
      403,
    );
    expect((await test.app.inject({ method: 'GET', url, headers: bearer(pending.token) })).statusCode).toBe(
      403,
    );
    expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('PUT /api/listings/:id', () => {
  it("replaces the fields and answers SPEC's text", async () => {
    const listing = await createListing({ images: [photos[0] as FileFixture] });
    const response = await update(listing._id, {
      fields: {
        title: 'Wedding Cake smalls, B grade',
        product_type: 'Smalls',
        make_offer: 'true',
        asking_price: '',
        negotiable: 'false',
        quantity_lbs: '3.25',
        zip_code: '95482',
        strain: '',
        thc_content: '',
      },
    });
    expect(response.statusCode).toBe(200);
    const body = json<{ success: boolean; message: string; data: ListingDto }>(response);
    expect(body).toMatchObject({ success: true, message: LISTINGS.updated });
    expect(body.data).toMatchObject({
      _id: listing._id,
      title: 'Wedding Cake smalls, B grade',
      product_type: 'Smalls',
      category: 'flower',
      make_offer: true,
      asking_price: null,
      negotiable: true,
      quantity_lbs: 3.25,
      zip_code: '95482',
      strain: null,
      thc_content: null,
    });
    expect(body.data.media).toEqual(listing.media);
    expect(Date.parse(body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(listing.updated_at));
  });

  it('removes media named by URL or id, appends new uploads, and deletes the removed files', async () => {
    const listing = await createListing({ images: photos.slice(0, 3) });
    const [first, second, third] = listing.media;
    const response = await update(listing._id, {
      removeImages: [`${first?.url}?v=123`, second?._id ?? ''],
      images: [photos[3] as FileFixture],
    });
    expect(response.statusCode).toBe(200);
    const media = json<{ data: ListingDto }>(response).data.media;
    expect(media).toHaveLength(2);
    expect(media[0]).toEqual(third);
    const files = await storedUploads(test.dataDir);
    for (const removed of [first, second]) {
      for (const url of Object.values(removed?.variants ?? {})) {
        expect(files).not.toContain(url.replace('/uploads/', ''));
      }
    }
    expect(files).toContain(third?.url.replace('/uploads/', ''));
  });

  it('applies the counts after removals and additions', async () => {
    const listing = await createListing({ images: photos.slice(0, 5) });
    const sixth = await update(listing._id, { images: [photos[5] as FileFixture] });
    expect(sixth.statusCode).toBe(400);
    expect(json(sixth)).toMatchObject({ error: LISTINGS.maxImages });

    const swapped = await update(listing._id, {
      removeImages: [listing.media[0]?.url ?? ''],
      images: [photos[5] as FileFixture],
    });
    expect(swapped.statusCode).toBe(200);
    expect(json<{ data: ListingDto }>(swapped).data.media).toHaveLength(5);
  });

  it('keeps a gallery within 5 images and 3 videos across updates', async () => {
    const clip = await sampleVideo(1);
    const listing = await createListing({ images: photos.slice(0, 5), videos: [clip, clip] });
    const before = await storedState(test.db, test.dataDir);
    const fourth = await update(listing._id, { videos: [clip, clip] });
    expect(fourth.statusCode).toBe(400);
    expect(json(fourth)).toMatchObject({ error: LISTINGS.maxVideos });
    expect(await storedState(test.db, test.dataDir)).toEqual(before);

    const full = await update(listing._id, { videos: [clip] });
    expect(full.statusCode).toBe(200);
    expect(json<{ data: ListingDto }>(full).data.media).toHaveLength(8);
    const sixthImage = await update(listing._id, { images: [photos[5] as FileFixture] });
    expect(sixthImage.statusCode).toBe(400);
    expect(json(sixthImage)).toMatchObject({ error: LISTINGS.maxImages });
  });

  it('refuses a malformed remove_images', async () => {
    const listing = await createListing();
    for (const removeImages of ['not json', '{"a":1}', '[1,2]']) {
      const response = await update(listing._id, { removeImages });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ error: LISTING_RULES.removeImagesInvalid });
    }
  });

  it('replaces lab results and drops them when the listing is no longer tested', async () => {
    const listing = await createListing({
      fields: { tested: 'true' },
      testUpload: { bytes: samplePdf('First COA'), name: 'first.pdf' },
    });
    const firstKey = listing.test_upload?.url.replace('/uploads/', '') ?? '';
    expect(await storedUploads(test.dataDir)).toContain(firstKey);

    const kept = await update(listing._id, { fields: { tested: 'true' } });
    expect(json<{ data: ListingDto }>(kept).data.test_upload?.url).toBe(listing.test_upload?.url);

    const replaced = await update(listing._id, {
      fields: { tested: 'true' },
      testUpload: { bytes: samplePdf('Second COA'), name: 'second.pdf' },
    });
    const second = json<{ data: ListingDto }>(replaced).data.test_upload;
    expect(second?.name).toBe('second.pdf');
    expect(await storedUploads(test.dataDir)).not.toContain(firstKey);

    const untested = await update(listing._id, { fields: { tested: 'false' } });
    expect(json<{ data: ListingDto }>(untested).data).toMatchObject({
      tested: false,
      test_upload: null,
      test_link: null,
    });
    expect(await storedUploads(test.dataDir)).not.toContain(second?.url.replace('/uploads/', ''));
  });

  it('stores nothing new when an update is refused', async () => {
    const listing = await createListing({ images: [photos[0] as FileFixture] });
    const before = await storedState(test.db, test.dataDir);
    const response = await update(listing._id, {
      fields: { zip_code: 'abcde' },
      images: [photos[1] as FileFixture],
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ error: LISTING_RULES.zipInvalid });
    expect(await storedState(test.db, test.dataDir)).toEqual(before);
  });

  it('answers another seller 404 and changes nothing', async () => {
    const listing = await createListing({ images: [photos[0] as FileFixture] });
    const before = await storedState(test.db, test.dataDir);
    const response = await update(
      listing._id,
      { fields: { title: 'Taken over' }, images: [photos[1] as FileFixture] },
      other.token,
    );
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({
      success: false,
      error: LISTINGS.notFound,
      message: LISTINGS.notFound,
      code: 'listing_not_found',
    });
    expect((await post(`/api/listings/${listing._id}/archive`, other.token)).statusCode).toBe(404);
    expect((await post(`/api/listings/${listing._id}/relist`, other.token)).statusCode).toBe(404);
    const [row] = await test.db.select().from(listings).where(eq(listings.id, listing._id));
    expect(row).toMatchObject({ title: listing.title, isActive: true });
    expect(await storedState(test.db, test.dataDir)).toEqual(before);
  });

  it('answers unknown and malformed ids 404', async () => {
    for (const id of ['0196f000-0000-7000-8000-000000000000', 'not-an-id', '1; DROP TABLE listings']) {
      const response = await update(encodeURIComponent(id), {});
      expect(response.statusCode).toBe(404);
      expect(json(response)).toMatchObject({ error: LISTINGS.notFound });
    }
  });
});

describe('POST /api/listings/:id/archive and /relist', () => {
  it("archives and relists with SPEC's texts", async () => {
    const listing = await createListing();
    const archived = await post(`/api/listings/${listing._id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(json(archived)).toMatchObject({
      success: true,
      message: LISTINGS.archived,
      data: { is_active: false },
    });
    const relisted = await post(`/api/listings/${listing._id}/relist`);
    expect(relisted.statusCode).toBe(200);
    expect(json(relisted)).toMatchObject({
      success: true,
      message: LISTINGS.relisted,
      data: { is_active: true },
    });
  });

  it('answers unknown and malformed ids 404', async () => {
    for (const id of ['0196f000-0000-7000-8000-000000000000', 'abc']) {
      for (const action of ['archive', 'relist']) {
        const response = await post(`/api/listings/${id}/${action}`);
        expect(response.statusCode).toBe(404);
        expect(json(response)).toMatchObject({ error: LISTINGS.notFound });
      }
    }
  });

  it('is for verified sellers only', async () => {
    const listing = await createListing();
    const buyer = await userWithToken(test, { role: 'buyer' });
    expect((await post(`/api/listings/${listing._id}/archive`, buyer.token)).statusCode).toBe(403);
    expect(
      (await test.app.inject({ method: 'POST', url: `/api/listings/${listing._id}/archive` })).statusCode,
    ).toBe(401);
  });
});
