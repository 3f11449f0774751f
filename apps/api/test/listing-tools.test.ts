import { LISTING_TOOLS, LISTINGS, type ListingDto, PRODUCTS, TITLE_MAX } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, type UserRow, users } from '../src/db/schema/index.ts';
import { samplePdf } from '../src/seed/sample-files.ts';
import { accept, dealParties, listingQuantity, makeOffer } from './deals-helpers.ts';
import {
  type FileFixture,
  type ListingFormOptions,
  listingForm,
  sampleJpeg,
  storedUploads,
} from './support/listings.ts';
import { bearer, createTestApp, json, multipart, type TestApp, userWithToken } from './support/test-app.ts';

// Issue 15's listing tools (decision 165): drafts, duplicating, the gallery order and the version
// that keeps a stale edit form from overwriting what changed since it was opened.

let test: TestApp;
let owner: { user: UserRow; token: string };
let other: { user: UserRow; token: string };
let adminToken: string;
let photos: FileFixture[];

beforeAll(async () => {
  test = await createTestApp();
  owner = await userWithToken(test, { role: 'seller', businessName: 'Emerald Ridge Farms' });
  other = await userWithToken(test, { role: 'seller', businessName: 'Golden State Growers' });
  adminToken = (await userWithToken(test, { role: 'admin', email: 'tools.admin@example.com' })).token;
  photos = await Promise.all([1, 2, 3].map((seed) => sampleJpeg(seed, 320, 240)));
});
afterAll(() => test.close());

/** The listing form with SPEC's fields, then the fields beyond them (version, draft, media_order). */
async function send(
  method: 'POST' | 'PUT',
  url: string,
  options: ListingFormOptions,
  extra: Record<string, string> = {},
  token = owner.token,
) {
  const form = listingForm(options);
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  const { payload, headers } = await multipart(form);
  return test.app.inject({ method, url, payload, headers: { ...headers, ...bearer(token) } });
}

async function create(
  options: ListingFormOptions = {},
  extra: Record<string, string> = {},
): Promise<ListingDto> {
  const response = await send('POST', '/api/listings', options, extra);
  expect(response.statusCode, response.body).toBe(201);
  return json<{ data: ListingDto }>(response).data;
}

const update = (
  id: string,
  options: ListingFormOptions,
  extra: Record<string, string> = {},
  token = owner.token,
) => send('PUT', `/api/listings/${id}`, options, extra, token);

const post = (url: string, token = owner.token) =>
  test.app.inject({ method: 'POST', url, headers: bearer(token) });
const get = (url: string) => test.app.inject({ method: 'GET', url });

async function mine(id: string): Promise<ListingDto> {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/listings/my/listings',
    headers: bearer(owner.token),
  });
  const found = json<{ data: { listings: ListingDto[] } }>(response).data.listings.find(
    (row) => row._id === id,
  );
  if (!found) throw new Error(`listing ${id} is not among the seller's`);
  return found;
}

async function catalogTotal(query: string): Promise<number> {
  const response = await get(query ? `/api/products?query=${encodeURIComponent(query)}` : '/api/products');
  expect(response.statusCode).toBe(200);
  return json<{ pagination: { total: number } }>(response).pagination.total;
}

const failure = (response: { body: string }) => json<{ success: boolean; error: string }>(response as never);

describe('drafts', () => {
  it('saves a new listing as a draft that nothing public shows, and publishing lists it', async () => {
    const before = await catalogTotal('');
    const draft = await create(
      { fields: { title: 'Quietdraft Sativa lot' }, images: [photos[0] as FileFixture] },
      { draft: 'true' },
    );
    expect(draft).toMatchObject({ is_draft: true, is_active: false, version: 1 });
    expect((await mine(draft._id)).is_draft).toBe(true);

    // Not in the catalog, its search or its count; no product page, no preview page, no sitemap entry.
    expect(await catalogTotal('Quietdraft')).toBe(0);
    expect(await catalogTotal('')).toBe(before);
    const product = await get(`/api/products/${draft._id}`);
    expect(product.statusCode).toBe(404);
    expect(failure(product).error).toBe(PRODUCTS.notFound);
    expect((await get(`/products/${draft._id}`)).body).not.toContain('Quietdraft');
    expect((await get('/sitemap.xml')).body).not.toContain(draft._id);

    // Relist is not the way out of a draft, and no one else can publish it.
    const relist = await post(`/api/listings/${draft._id}/relist`);
    expect(relist.statusCode).toBe(409);
    expect(failure(relist).error).toBe(LISTING_TOOLS.draftRelistRefused);
    const stranger = await post(`/api/listings/${draft._id}/publish`, other.token);
    expect(stranger.statusCode).toBe(404);
    expect(failure(stranger).error).toBe(LISTINGS.notFound);
    const admin = await test.app.inject({
      method: 'PUT',
      url: `/api/admin/listings/${draft._id}/toggle-status`,
      headers: bearer(adminToken),
      payload: { reason: 'Looks ready' },
    });
    expect(admin.statusCode).toBe(409);
    expect(failure(admin).error).toBe(LISTING_TOOLS.adminDraftRefused);

    const published = await post(`/api/listings/${draft._id}/publish`);
    expect(published.statusCode).toBe(200);
    expect(json(published)).toMatchObject({
      success: true,
      message: LISTING_TOOLS.published,
      data: { is_draft: false, is_active: true },
    });
    expect(await catalogTotal('Quietdraft')).toBe(1);
    expect(await catalogTotal('')).toBe(before + 1);
    expect((await get(`/api/products/${draft._id}`)).statusCode).toBe(200);
    expect((await get('/sitemap.xml')).body).toContain(draft._id);

    const again = await post(`/api/listings/${draft._id}/publish`);
    expect(again.statusCode).toBe(409);
    expect(failure(again).error).toBe(LISTING_TOOLS.notADraft);
  });

  it('says the draft text on create, keeps SPEC’s text without it, and refuses draft on update', async () => {
    const response = await send('POST', '/api/listings', {}, { draft: 'true' });
    expect(json(response)).toMatchObject({ message: LISTING_TOOLS.draftSaved });
    const listed = await send('POST', '/api/listings', {}, { draft: 'false' });
    expect(json(listed)).toMatchObject({
      message: LISTINGS.created,
      data: { is_draft: false, is_active: true },
    });
    const bad = await send('POST', '/api/listings', {}, { draft: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(failure(bad).error).toBe(LISTING_TOOLS.draftInvalid);

    const id = json<{ data: ListingDto }>(response).data._id;
    const onUpdate = await update(id, {}, { draft: 'false' });
    expect(onUpdate.statusCode).toBe(400);
    expect(failure(onUpdate).error).toBe(LISTING_TOOLS.draftOnUpdate);
    // An edit keeps a draft a draft.
    const edited = await update(id, { fields: { title: 'Draft still' } });
    expect(edited.statusCode).toBe(200);
    expect(json(edited)).toMatchObject({ data: { title: 'Draft still', is_draft: true, is_active: false } });
  });

  it('needs a verified seller to publish', async () => {
    const seller = await userWithToken(test, { role: 'seller' });
    const response = await send('POST', '/api/listings', {}, { draft: 'true' }, seller.token);
    const draft = json<{ data: ListingDto }>(response).data;
    await test.db.update(users).set({ status: 'suspended' }).where(eq(users.id, seller.user.id));
    const refused = await post(`/api/listings/${draft._id}/publish`, seller.token);
    expect(refused.statusCode).toBe(403);
    const [row] = await test.db.select().from(listings).where(eq(listings.id, draft._id));
    expect(row).toMatchObject({ isDraft: true, isActive: false });
  });
});

describe('POST /api/listings/:id/duplicate', () => {
  it('copies an own listing into a draft with its own copies of the media and lab results', async () => {
    const source = await create({
      fields: { title: 'Copyable Kush lot', tested: 'true', test_link: 'https://labs.example.com/coa/9' },
      images: [photos[0] as FileFixture, photos[1] as FileFixture],
      testUpload: { bytes: samplePdf('Copy COA'), name: 'coa.pdf' },
    });
    const response = await post(`/api/listings/${source._id}/duplicate`);
    expect(response.statusCode, response.body).toBe(201);
    const { message, data: copy } = json<{ message: string; data: ListingDto }>(response);
    expect(message).toBe(LISTING_TOOLS.duplicated);
    expect(copy._id).not.toBe(source._id);
    expect(copy).toMatchObject({
      // The dashboard shows the two side by side; the copy says what it is.
      title: 'Copyable Kush lot (copy)',
      description: source.description,
      product_type: source.product_type,
      category: source.category,
      strain: source.strain,
      thc_content: source.thc_content,
      quantity_lbs: source.quantity_lbs,
      asking_price: source.asking_price,
      negotiable: source.negotiable,
      tested: true,
      test_link: 'https://labs.example.com/coa/9',
      is_draft: true,
      is_active: false,
      views_count: 0,
      version: 1,
    });
    expect(copy.test_upload?.name).toBe('coa.pdf');
    expect(copy.media).toHaveLength(2);
    // Same pictures in the same order, stored again under the copy's own folder.
    expect(copy.media.map((item) => item.url.split('/').pop())).toEqual(
      source.media.map((item) => item.url.split('/').pop()),
    );
    for (const item of copy.media) expect(item.url).toContain(`/listings/${copy._id}/`);
    const files = await storedUploads(test.ctx.config.dataDir);
    expect(files.filter((file) => file.startsWith(`listings/${copy._id}/`))).toHaveLength(
      files.filter((file) => file.startsWith(`listings/${source._id}/`)).length,
    );
    expect(await catalogTotal('Copyable')).toBe(1);

    // Removing a picture from the copy leaves the original's files alone.
    const removed = await update(copy._id, { removeImages: [copy.media[0]?._id ?? ''] });
    expect(removed.statusCode).toBe(200);
    const image = await get(new URL(source.media[0]?.url ?? '', 'http://canopy.test').pathname);
    expect(image.statusCode).toBe(200);
  });

  it('keeps a long title within the limit, cutting the title rather than the mark of the copy', async () => {
    const title = `Long ${'a'.repeat(TITLE_MAX - 5)}`;
    const source = await create({ fields: { title } });
    const response = await post(`/api/listings/${source._id}/duplicate`);
    const { data: copy } = json<{ data: ListingDto }>(response);
    expect(copy.title).toBe(`${title.slice(0, TITLE_MAX - ' (copy)'.length)} (copy)`);
    expect(copy.title).toHaveLength(TITLE_MAX);
  });

  it("is refused for another seller's listing and for buyers", async () => {
    const source = await create();
    const stranger = await post(`/api/listings/${source._id}/duplicate`, other.token);
    expect(stranger.statusCode).toBe(404);
    expect(failure(stranger).error).toBe(LISTINGS.notFound);
    const buyer = await userWithToken(test, { role: 'buyer' });
    expect((await post(`/api/listings/${source._id}/duplicate`, buyer.token)).statusCode).toBe(403);
    expect((await post('/api/listings/not-an-id/duplicate')).statusCode).toBe(404);
  });
});

describe('PUT /api/listings/:id media_order', () => {
  it('puts the gallery in the order given, new uploads included', async () => {
    const listing = await create({ images: photos.slice(0, 2) });
    const [first, second] = listing.media.map((item) => item._id);
    const reversed = await update(listing._id, {}, { media_order: JSON.stringify([second, first]) });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(json<{ data: ListingDto }>(reversed).data.media.map((item) => item._id)).toEqual([second, first]);

    const withNew = await update(
      listing._id,
      { images: [photos[2] as FileFixture] },
      { media_order: JSON.stringify([first, 'new:0', second]) },
    );
    expect(withNew.statusCode, withNew.body).toBe(200);
    const media = json<{ data: ListingDto }>(withNew).data.media;
    expect(media).toHaveLength(3);
    expect([media[0]?._id, media[2]?._id]).toEqual([first, second]);
    expect([first, second]).not.toContain(media[1]?._id);
    // The product page shows the same order.
    const product = json<{ product: { images: string[] } }>(
      await get(`/api/products/${listing._id}`),
    ).product;
    expect(product.images).toHaveLength(3);
  });

  it('refuses an order that leaves out, repeats or invents an item', async () => {
    const listing = await create({ images: photos.slice(0, 2) });
    const [first, second] = listing.media.map((item) => item._id);
    for (const order of [
      JSON.stringify([first]),
      JSON.stringify([first, first]),
      JSON.stringify([first, second, 'new:0']),
      JSON.stringify([first, '01a2132c-0000-7000-8000-000000000000']),
      JSON.stringify([first, second, second]),
      '{"order": []}',
      'not json',
    ]) {
      const response = await update(listing._id, {}, { media_order: order });
      expect(response.statusCode, order).toBe(400);
      expect(failure(response).error, order).toBe(LISTING_TOOLS.mediaOrderInvalid);
    }
    // Media another listing holds cannot be pulled in either.
    const stranger = await create({ images: [photos[2] as FileFixture] });
    const response = await update(
      listing._id,
      {},
      { media_order: JSON.stringify([first, stranger.media[0]?._id]) },
    );
    expect(response.statusCode).toBe(400);
    expect((await mine(listing._id)).media.map((item) => item._id)).toEqual([first, second]);
  });
});

describe('PUT /api/listings/:id version', () => {
  it('refuses a save from a form opened before an accepted order took quantity (409), and keeps the quantity', async () => {
    const deal = await dealParties(test, { quantityLbs: 100 });
    // The seller opens the edit form at this version…
    const opened = await test.db
      .select({ version: listings.version })
      .from(listings)
      .where(eq(listings.id, deal.listingId));
    const version = String(opened[0]?.version);
    // …meanwhile a buyer's offer of 10 lbs is accepted…
    const offer = await makeOffer(test, deal);
    await accept(test, deal.seller, offer._id);
    expect(await listingQuantity(test, deal.listingId)).toBe(90);

    // …and the stale form tries to save the old 100 lbs back.
    const stale = await send(
      'PUT',
      `/api/listings/${deal.listingId}`,
      { fields: { quantity_lbs: '100' } },
      { version },
      deal.seller.token,
    );
    expect(stale.statusCode).toBe(409);
    expect(json(stale)).toMatchObject({ success: false, error: LISTING_TOOLS.staleVersion });
    expect(await listingQuantity(test, deal.listingId)).toBe(90);

    // Reloaded, the form carries the new version and saves.
    const [now] = await test.db
      .select({ version: listings.version })
      .from(listings)
      .where(eq(listings.id, deal.listingId));
    expect(now?.version).toBe(Number(version) + 1);
    const fresh = await send(
      'PUT',
      `/api/listings/${deal.listingId}`,
      { fields: { quantity_lbs: '90', title: 'Blue Dream greenhouse, 90 lbs left' } },
      { version: String(now?.version) },
      deal.seller.token,
    );
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(json(fresh)).toMatchObject({
      message: LISTINGS.updated,
      data: { quantity_lbs: 90, version: Number(version) + 2 },
    });
  });

  it('goes up with each save, not with views or archiving, and is optional for SPEC’s clients', async () => {
    const listing = await create();
    expect(listing.version).toBe(1);
    await get(`/api/products/${listing._id}`);
    await post(`/api/listings/${listing._id}/archive`);
    await post(`/api/listings/${listing._id}/relist`);
    expect((await mine(listing._id)).version).toBe(1);

    const saved = await update(listing._id, {}, { version: '1' });
    expect(json(saved)).toMatchObject({ data: { version: 2 } });
    // A second window still holding version 1 is refused.
    const second = await update(listing._id, { fields: { title: 'Second window' } }, { version: '1' });
    expect(second.statusCode).toBe(409);
    // Without a version (SPEC's request), the save goes through as before.
    const spec = await update(listing._id, { fields: { title: 'SPEC client' } });
    expect(spec.statusCode).toBe(200);
    expect(json(spec)).toMatchObject({ data: { title: 'SPEC client', version: 3 } });

    for (const bad of ['abc', '0', '-1', '1.5']) {
      const response = await update(listing._id, {}, { version: bad });
      expect(response.statusCode, bad).toBe(400);
      expect(failure(response).error).toBe(LISTING_TOOLS.versionInvalid);
    }
  });
});

describe('DELETE /api/listings/:id (drafts only)', () => {
  const remove = (id: string, token = owner.token) =>
    test.app.inject({ method: 'DELETE', url: `/api/listings/${id}`, headers: bearer(token) });

  it('deletes an own draft with its files, and answers what the dashboard says', async () => {
    const draft = await create(
      {
        fields: { title: 'Throwaway draft lot', tested: 'true' },
        images: [photos[0] as FileFixture],
        testUpload: { bytes: samplePdf('Draft COA'), name: 'coa.pdf' },
      },
      { draft: 'true' },
    );
    const folder = `listings/${draft._id}/`;
    expect((await storedUploads(test.ctx.config.dataDir)).some((file) => file.startsWith(folder))).toBe(true);
    const response = await remove(draft._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toEqual({ success: true, message: LISTING_TOOLS.draftDeleted });
    const rows = await test.db.select({ id: listings.id }).from(listings).where(eq(listings.id, draft._id));
    expect(rows).toEqual([]);
    expect((await storedUploads(test.ctx.config.dataDir)).filter((file) => file.startsWith(folder))).toEqual(
      [],
    );
    expect((await remove(draft._id)).statusCode).toBe(404);
  });

  it('refuses a published listing (archive it instead), and anyone else’s draft', async () => {
    const published = await create();
    const refused = await remove(published._id);
    expect(refused.statusCode).toBe(409);
    expect(failure(refused).error).toBe(LISTING_TOOLS.onlyDraftsDelete);
    expect((await mine(published._id)).is_active).toBe(true);

    const draft = await create({}, { draft: 'true' });
    const stranger = await remove(draft._id, other.token);
    expect(stranger.statusCode).toBe(404);
    expect(failure(stranger).error).toBe(LISTINGS.notFound);
    const buyer = await userWithToken(test, { role: 'buyer' });
    expect((await remove(draft._id, buyer.token)).statusCode).toBe(403);
    expect((await mine(draft._id)).is_draft).toBe(true);
  });
});
