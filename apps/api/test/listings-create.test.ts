import {
  AUTH,
  failureCodeOf,
  IDEMPOTENCY,
  LISTING_RULES,
  LISTINGS,
  type ListingDto,
  type ProductTypeDto,
} from '@canopy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema/index.ts';
import { samplePdf } from '../src/seed/sample-files.ts';
import {
  type FileFixture,
  formBody,
  type ListingFormOptions,
  sampleJpeg,
  sampleVideo,
  storedState,
} from './support/listings.ts';
import { bearer, createTestApp, json, type TestApp, userWithToken } from './support/test-app.ts';

let test: TestApp;
let seller: { user: UserRow; token: string };
let photo: FileFixture;

beforeAll(async () => {
  test = await createTestApp();
  seller = await userWithToken(test, { role: 'seller', businessName: 'Emerald Ridge Farms' });
  photo = await sampleJpeg(1);
});
afterAll(() => test.close());

async function create(options: ListingFormOptions = {}, token = seller.token) {
  const body = await formBody(options);
  return test.app.inject({
    method: 'POST',
    url: '/api/listings',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
  });
}

describe('GET /api/listings/product-types', () => {
  it('lists the seeded product types with their filter category, to anyone', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/listings/product-types' });
    expect(response.statusCode).toBe(200);
    const body = json<{ success: boolean; data: ProductTypeDto[] }>(response);
    expect(body.success).toBe(true);
    const byName = Object.fromEntries(body.data.map((type) => [type.name, type.category]));
    expect(byName).toMatchObject({
      'Flower - Indoor': 'flower',
      'Pre-Rolls': 'pre-roll',
      'Live Resin': 'concentrate',
      Gummies: 'edible',
      'Vape Cartridges': 'vape',
      Tinctures: 'tincture',
      Topicals: 'topical',
      Trim: 'other',
      Clones: 'other',
      Other: 'other',
    });
    expect(new Set(body.data.map((type) => type.category)).size).toBe(8);
    expect(body.data[0]).toEqual({ _id: expect.any(String), name: 'Flower - Indoor', category: 'flower' });
  });
});

describe('POST /api/listings', () => {
  it("creates the listing with its images and answers SPEC's text and the seller view", async () => {
    const response = await create({ images: [photo, await sampleJpeg(2)] });
    expect(response.statusCode).toBe(201);
    const body = json<{ success: boolean; message: string; data: ListingDto }>(response);
    expect(body).toMatchObject({ success: true, message: LISTINGS.created });
    expect(body.data).toMatchObject({
      title: expect.stringMatching(/^Humboldt Blue Dream lot/),
      product_type: 'Flower - Indoor',
      category: 'flower',
      strain: 'Blue Dream',
      thc_content: 22.5,
      cbd_content: 0.4,
      zip_code: '95501',
      quantity_lbs: 25.5,
      make_offer: false,
      asking_price: 1200,
      negotiable: true,
      tested: false,
      test_link: null,
      test_upload: null,
      is_active: true,
      views_count: 0,
    });
    expect(body.data.media).toHaveLength(2);
    expect(body.data.media[0]).toMatchObject({ type: 'image', duration: null, mimeType: 'image/webp' });
    expect(body.data.media[0]?.url).toMatch(/^\/uploads\/listings\/[\w-]+\/[0-9a-f]{64}\.webp$/);
    expect(body.data.image_urls).toHaveLength(2);
    expect(Object.keys(body.data.image_urls[0] ?? {}).sort()).toEqual([
      '_id',
      'medium',
      'original',
      'small',
      'thumbnail',
    ]);
    expect(Date.parse(body.data.created_at)).not.toBeNaN();
  });

  it('takes offers without a price and then forces negotiable on', async () => {
    const response = await create({ fields: { make_offer: 'true', asking_price: '', negotiable: 'false' } });
    expect(response.statusCode).toBe(201);
    expect(json<{ data: ListingDto }>(response).data).toMatchObject({
      make_offer: true,
      asking_price: null,
      negotiable: true,
    });
  });

  it('finds the product type by id as well as by name, and keeps lab results of a tested listing', async () => {
    const types = json<{ data: ProductTypeDto[] }>(
      await test.app.inject({ method: 'GET', url: '/api/listings/product-types' }),
    ).data;
    const gummies = types.find((type) => type.name === 'Gummies');
    const response = await create({
      fields: { product_type: gummies?._id, tested: 'true', test_link: 'https://lab.example.com/coa/123' },
      testUpload: { bytes: samplePdf('Certificate of analysis'), name: 'COA batch 7.pdf' },
    });
    expect(response.statusCode).toBe(201);
    const listing = json<{ data: ListingDto }>(response).data;
    expect(listing).toMatchObject({ product_type: 'Gummies', category: 'edible', tested: true });
    expect(listing.test_link).toBe('https://lab.example.com/coa/123');
    expect(listing.test_upload).toMatchObject({ name: 'COA batch 7.pdf', type: 'application/pdf' });
    const file = await test.app.inject({ method: 'GET', url: listing.test_upload?.url ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
  });

  it('drops the lab link of a listing that is not tested', async () => {
    const response = await create({
      fields: { tested: 'false', test_link: 'https://lab.example.com/coa/9' },
    });
    expect(json<{ data: ListingDto }>(response).data.test_link).toBeNull();
  });

  const refusals: [string, ListingFormOptions['fields'], string][] = [
    ['a missing title', { title: undefined }, LISTING_RULES.titleRequired],
    ['a two-character title', { title: 'ab' }, LISTING_RULES.titleTooShort],
    ['a 101-character title', { title: 'x'.repeat(101) }, LISTING_RULES.titleTooLong],
    ['a blank description', { description: '   ' }, LISTING_RULES.descriptionRequired],
    ['a nine-character description', { description: 'too short' }, LISTING_RULES.descriptionTooShort],
    ['a 2001-character description', { description: 'y'.repeat(2001) }, LISTING_RULES.descriptionTooLong],
    ['no product type', { product_type: '' }, LISTING_RULES.productTypeRequired],
    ['an unknown product type', { product_type: 'Moon Rocks' }, LISTING_RULES.productTypeUnknown],
    ['a four-digit ZIP', { zip_code: '9550' }, LISTING_RULES.zipInvalid],
    ['a ZIP with letters', { zip_code: '95s01' }, LISTING_RULES.zipInvalid],
    ['a ZIP+4', { zip_code: '95501-1234' }, LISTING_RULES.zipInvalid],
    ['no ZIP', { zip_code: undefined }, LISTING_RULES.zipRequired],
    ['no quantity', { quantity_lbs: undefined }, LISTING_RULES.quantityRequired],
    ['a zero quantity', { quantity_lbs: '0' }, LISTING_RULES.quantityMin],
    ['a quantity below 0.01', { quantity_lbs: '0.001' }, LISTING_RULES.quantityMin],
    ['a quantity with three decimals', { quantity_lbs: '1.005' }, LISTING_RULES.quantityStep],
    ['a quantity that is not a number', { quantity_lbs: 'ten' }, LISTING_RULES.quantityInvalid],
    ['no asking price without offers', { asking_price: '' }, LISTING_RULES.priceRequired],
    ['a zero asking price', { asking_price: '0' }, LISTING_RULES.pricePositive],
    ['a negative asking price', { asking_price: '-5' }, LISTING_RULES.pricePositive],
    [
      'an asking price under half a cent, stored as 0.00',
      { asking_price: '0.000000001' },
      LISTING_RULES.pricePositive,
    ],
    ['a price with three decimals', { asking_price: '10.001' }, LISTING_RULES.priceStep],
    ['a negative price with offers', { make_offer: 'true', asking_price: '-1' }, LISTING_RULES.priceNegative],
    [
      'an ftp test link',
      { tested: 'true', test_link: 'ftp://lab.example.com/coa' },
      LISTING_RULES.testLinkInvalid,
    ],
    [
      'a javascript test link',
      { tested: 'true', test_link: 'javascript:alert(1)' },
      LISTING_RULES.testLinkInvalid,
    ],
    ['a THC share over 100', { thc_content: '101' }, LISTING_RULES.thcInvalid],
    ['a negative CBD share', { cbd_content: '-1' }, LISTING_RULES.cbdInvalid],
    ['a boolean that is not one', { negotiable: 'yes' }, LISTING_RULES.booleanInvalid('negotiable')],
    ['an unknown field', { seller_id: 'someone' }, 'Unknown field: seller_id'],
  ];

  for (const [label, fields, message] of refusals) {
    it(`refuses ${label} with "${message}" and stores nothing`, async () => {
      const before = await storedState(test.db, test.dataDir);
      const response = await create({ fields, images: [photo] });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({
        success: false,
        error: message,
        message,
        code: failureCodeOf(response.statusCode, message),
      });
      expect(await storedState(test.db, test.dataDir)).toEqual(before);
    });
  }

  const fileRefusals: [string, () => Promise<ListingFormOptions>, number, string][] = [
    [
      'a sixth image',
      async () => ({ images: await Promise.all([1, 2, 3, 4, 5, 6].map((seed) => sampleJpeg(seed, 64, 48))) }),
      400,
      LISTINGS.maxImages,
    ],
    [
      'a fourth video',
      async () => {
        const clip = await sampleVideo(1);
        return { videos: [clip, clip, clip, clip] };
      },
      400,
      LISTINGS.maxVideos,
    ],
    [
      'an executable renamed to .jpg',
      async () => ({
        images: [
          {
            bytes: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(4096)]),
            name: 'photo.jpg',
            type: 'image/jpeg',
          },
        ],
      }),
      415,
      LISTING_RULES.imageType,
    ],
    [
      'an executable renamed to .mp4',
      async () => ({
        videos: [
          {
            bytes: Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01\x00'), Buffer.alloc(4096)]),
            name: 'clip.mp4',
            type: 'video/mp4',
          },
        ],
      }),
      415,
      LISTING_RULES.videoType,
    ],
    ['an image sent as a video', async () => ({ videos: [photo] }), 415, LISTING_RULES.videoType],
    [
      'lab results that are a script',
      async () => ({
        fields: { tested: 'true' },
        testUpload: { bytes: Buffer.from('#!/bin/sh\nrm -rf /\n'), name: 'coa.pdf' },
      }),
      415,
      LISTING_RULES.testUploadType,
    ],
    [
      'lab results over 10MB',
      async () => ({
        fields: { tested: 'true' },
        testUpload: {
          bytes: Buffer.concat([samplePdf('Certificate of analysis'), Buffer.alloc(10 * 1024 * 1024)]),
          name: 'coa.pdf',
        },
      }),
      413,
      LISTING_RULES.testUploadTooLarge,
    ],
    [
      'an image over 20MB',
      async () => ({
        images: [{ bytes: Buffer.concat([photo.bytes, Buffer.alloc(20 * 1024 * 1024)]), name: 'huge.jpg' }],
      }),
      413,
      LISTING_RULES.imageTooLarge,
    ],
  ];

  for (const [label, build, status, message] of fileRefusals) {
    it(`refuses ${label} with "${message}" and stores nothing`, async () => {
      const before = await storedState(test.db, test.dataDir);
      const response = await create({ images: [photo], ...(await build()) });
      expect(response.statusCode).toBe(status);
      expect(json(response)).toMatchObject({ success: false, error: message });
      expect(await storedState(test.db, test.dataDir)).toEqual(before);
    });
  }

  it("refuses a 100MB video with SPEC's text and stores nothing", async () => {
    const before = await storedState(test.db, test.dataDir);
    const clip = await sampleVideo(1);
    const big = Buffer.concat([clip.bytes, Buffer.alloc(100 * 1024 * 1024 - clip.bytes.length)]);
    const response = await create({ videos: [{ bytes: big, name: 'big.mp4' }] });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toMatchObject({ error: LISTINGS.videoTooLarge });
    expect(await storedState(test.db, test.dataDir)).toEqual(before);
  });

  it('accepts a full gallery of 5 images and 3 videos, images first', async () => {
    const images = await Promise.all([1, 2, 3, 4, 5].map((seed) => sampleJpeg(seed, 64, 48)));
    const clip = await sampleVideo(1);
    const response = await create({ images, videos: [clip, clip, clip] });
    expect(response.statusCode).toBe(201);
    expect(json<{ data: ListingDto }>(response).data.media.map((item) => item.type)).toEqual([
      'image',
      'image',
      'image',
      'image',
      'image',
      'video',
      'video',
      'video',
    ]);
  });

  it('refuses a JSON body: listings are form uploads', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: bearer(seller.token),
      payload: { title: 'Blue Dream' },
    });
    expect(response.statusCode).toBe(415);
  });

  it('lets only verified sellers create: pending seller 403, buyer 403, admin 403, signed out 401', async () => {
    const before = await storedState(test.db, test.dataDir);
    const pending = await userWithToken(test, { role: 'seller', status: 'pending' });
    const buyer = await userWithToken(test, { role: 'buyer' });
    const admin = await userWithToken(test, { role: 'admin' });
    const pendingResponse = await create({ images: [photo] }, pending.token);
    expect(pendingResponse.statusCode).toBe(403);
    expect(json(pendingResponse)).toMatchObject({ error: AUTH.notVerified });
    expect((await create({}, buyer.token)).statusCode).toBe(403);
    expect((await create({}, admin.token)).statusCode).toBe(403);
    const signedOut = await create({}, '');
    expect(signedOut.statusCode).toBe(401);
    expect(json(signedOut)).toMatchObject({ error: AUTH.signInRequired });
    expect(await storedState(test.db, test.dataDir)).toEqual(before);
  });
});

describe('Idempotency-Key on POST /api/listings (decision 193)', () => {
  async function createKeyed(key: string, options: ListingFormOptions = {}) {
    const body = await formBody(options);
    return test.app.inject({
      method: 'POST',
      url: '/api/listings',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(seller.token), 'idempotency-key': key },
    });
  }
  const idOf = (response: Parameters<typeof json>[0]) => json<{ data: ListingDto }>(response).data._id;

  it('creates the listing once when the same form is sent again with the same key', async () => {
    const fields = { title: 'Keyed Sour Diesel lot' };
    const before = await storedState(test.db, test.dataDir);
    const first = await createKeyed('listing-key-0001', { fields, images: [photo] });
    expect(first.statusCode, first.body).toBe(201);
    const afterFirst = await storedState(test.db, test.dataDir);
    expect(afterFirst.listings).toBe(before.listings + 1);
    expect(afterFirst.media).toBe(before.media + 1);
    // The answer was lost on the way back; the form sends the same submission again.
    const again = await createKeyed('listing-key-0001', { fields, images: [photo] });
    expect(again.statusCode, again.body).toBe(201);
    expect(json(again)).toMatchObject({ success: true, message: LISTINGS.created });
    expect(idOf(again)).toBe(idOf(first));
    expect(await storedState(test.db, test.dataDir)).toEqual(afterFirst);
  });

  it('creates one listing when two sends with one key arrive at once', async () => {
    const before = await storedState(test.db, test.dataDir);
    const fields = { title: 'Twice at once lot' };
    const answers = await Promise.all([
      createKeyed('listing-twice-0001', { fields }),
      createKeyed('listing-twice-0001', { fields }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const [one, two] = answers;
    expect(one && idOf(one)).toBe(two && idOf(two));
    expect((await storedState(test.db, test.dataDir)).listings).toBe(before.listings + 1);
  });

  it('refuses the key on another form (409) and a malformed key (400), storing nothing', async () => {
    const saved = await createKeyed('listing-key-0002', { fields: { title: 'First keyed lot' } });
    expect(saved.statusCode, saved.body).toBe(201);
    const before = await storedState(test.db, test.dataDir);
    const reused = await createKeyed('listing-key-0002', { fields: { title: 'Another lot entirely' } });
    expect(reused.statusCode).toBe(409);
    expect(json(reused)).toMatchObject({ success: false, error: LISTING_RULES.idempotencyKeyReused });
    const asDraft = await createKeyed('listing-key-0002', {
      fields: { title: 'First keyed lot', draft: 'true' },
    });
    expect(asDraft.statusCode).toBe(409);
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(101)]) {
      const response = await createKeyed(bad);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ error: IDEMPOTENCY.keyInvalid });
    }
    expect(await storedState(test.db, test.dataDir)).toEqual(before);
  });

  it('keeps keys per seller: the same key from another seller is their own listing', async () => {
    const other = await userWithToken(test, { role: 'seller', businessName: 'Coastal Canopy Co' });
    const mine = await createKeyed('shared-key-0001');
    const body = await formBody();
    const theirs = await test.app.inject({
      method: 'POST',
      url: '/api/listings',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(other.token), 'idempotency-key': 'shared-key-0001' },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(idOf(theirs)).not.toBe(idOf(mine));
  });
});
