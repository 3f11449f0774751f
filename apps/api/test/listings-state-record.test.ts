import {
  californiaToday,
  type ListingChangedResponse,
  type ListingDto,
  type ProductListResponse,
  type ProductResponse,
  type SellerListingsResponse,
  type SellerResponse,
  STATE_RECORD,
} from '@canopy/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, type UserRow, users } from '../src/db/schema/index.ts';
import { listenTo } from '../src/lib/listen.ts';
import { withholdExpiredLots } from '../src/modules/listings/index.ts';
import { samplePdf } from '../src/seed/sample-files.ts';
import { formBody, type ListingFormOptions } from './support/listings.ts';
import { eventually } from './support/scratch-servers.ts';
import { bearer, createTestApp, json, type TestApp, userWithToken } from './support/test-app.ts';

// Issue 23 item 1 (decisions 211–213): a lot's batch, Metrc package UIDs and certificate of
// analysis on the listing form and API, the COA's standing by Pacific date (an 11-month warning, a
// 12-month expiry, a failed result) deciding whether the lot is listed and "Lab Tested", and the
// seller's license number on the product and the storefront (B&P §26151).

const LICENSE = 'C11-0000456-LIC';
let test: TestApp;
let seller: { user: UserRow; token: string };
let otherSeller: { user: UserRow; token: string };
let uidCounter = 0;

/** A fresh, valid Metrc package UID. */
const newUid = () => `1A4060300002EE1000${String(++uidCounter).padStart(6, '0')}`;

/** A YYYY-MM-DD day `months` calendar months before `day`, the day clamped to the month's end as PostgreSQL does. */
function monthsBefore(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const total = year * 12 + (month - 1) - months;
  const y = Math.floor(total / 12);
  const m = total - y * 12;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(date, last))).toISOString().slice(0, 10);
}
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const coa = (testedAt: string, result = 'pass') => ({
  coa_lab_name: 'SC Labs',
  coa_lab_license: 'C8-0000013-LIC',
  coa_tested_at: testedAt,
  coa_result: result,
});

beforeAll(async () => {
  test = await createTestApp();
  seller = await userWithToken(test, {
    role: 'seller',
    businessName: 'Emerald Ridge Farms',
    licenseNumber: LICENSE,
  });
  otherSeller = await userWithToken(test, { role: 'seller', businessName: 'Mendocino Sun' });
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
const create = (fields: ListingFormOptions['fields'], token = seller.token, extra: ListingFormOptions = {}) =>
  send('POST', '/api/listings', { ...extra, fields }, token);
const update = (id: string, fields: ListingFormOptions['fields'], token = seller.token) =>
  send('PUT', `/api/listings/${id}`, { fields }, token);

async function created(fields: ListingFormOptions['fields'], token = seller.token): Promise<ListingDto> {
  const response = await create(fields, token);
  expect(response.statusCode, response.body).toBe(201);
  return json<ListingChangedResponse>(response).data;
}

/** One of the seller's listings as the dashboard's list answers it. */
const ownListing = async (id: string) =>
  json<SellerListingsResponse>(
    await test.app.inject({ method: 'GET', url: '/api/listings/my/listings', headers: bearer(seller.token) }),
  ).data.listings.find((item) => item._id === id);
const product = (id: string) => test.app.inject({ method: 'GET', url: `/api/products/${id}` });
const catalogIds = async (query: string) =>
  json<ProductListResponse>(
    await test.app.inject({
      method: 'GET',
      url: `/api/products?sellerId=${seller.user.id}&limit=48${query}`,
    }),
  ).data.map((item) => item._id);
const listingCount = async () => (await test.db.select({ n: count() }).from(listings))[0]?.n ?? 0;
const failure = (response: { statusCode: number; body: string }) =>
  json<{ success: boolean; error: string; code: string }>(response as never);

describe('the state record on the listing form', () => {
  it('stores batch, package UIDs and a COA, and answers them to the seller and the public', async () => {
    const uids = [newUid(), newUid()];
    const testedAt = monthsBefore(californiaToday(), 2);
    const response = await create(
      {
        batch_number: 'BR-2026-014',
        // Typed in lower case with spaces: stored as Metrc prints them.
        package_uids: JSON.stringify([` ${uids[0]?.toLowerCase()} `, uids[1]]),
        ...coa(testedAt),
        tested: 'false',
      },
      seller.token,
      { testUpload: { bytes: await samplePdf('COA BR-2026-014'), name: 'coa.pdf', type: 'application/pdf' } },
    );
    expect(response.statusCode, response.body).toBe(201);
    const listing = json<ListingChangedResponse>(response).data;
    expect(listing).toMatchObject({
      batch_number: 'BR-2026-014',
      package_uids: uids,
      coa: {
        labName: 'SC Labs',
        labLicenseNumber: 'C8-0000013-LIC',
        testedAt,
        result: 'pass',
        status: 'current',
      },
      coa_withheld: false,
      is_active: true,
      // A passing COA makes the lot tested, whatever the box said.
      tested: true,
    });
    expect(listing.test_upload?.name).toBe('coa.pdf');

    const mine = await ownListing(listing._id);
    expect(mine?.coa).toEqual(listing.coa);

    const answer = await product(listing._id);
    expect(answer.statusCode).toBe(200);
    const shown = json<ProductResponse>(answer).product;
    expect(shown).toMatchObject({
      batchNumber: 'BR-2026-014',
      packageUids: uids,
      coa: {
        labName: 'SC Labs',
        labLicenseNumber: 'C8-0000013-LIC',
        testedAt,
        result: 'pass',
        status: 'current',
      },
      tested: true,
      seller: { licenseNumber: LICENSE },
    });
    expect(shown.testLink).toBe(listing.test_upload?.url);
  });

  it('answers a lot without a state record with an empty one, its COA "missing"', async () => {
    const listing = await created({ tested: 'true', test_link: 'https://labs.example.com/r/1' });
    expect(listing).toMatchObject({
      batch_number: null,
      package_uids: [],
      coa: { labName: null, labLicenseNumber: null, testedAt: null, result: null, status: 'missing' },
      tested: true,
    });
    const shown = json<ProductResponse>(await product(listing._id)).product;
    expect(shown).toMatchObject({
      batchNumber: null,
      packageUids: [],
      coa: { status: 'missing', labName: null },
      tested: true,
      testLink: 'https://labs.example.com/r/1',
      seller: { licenseNumber: LICENSE },
    });
  });

  it.each([
    [
      'a UID of the wrong shape',
      { package_uids: JSON.stringify(['1A40603000']) },
      STATE_RECORD.packageUidInvalid('1A40603000'),
    ],
    [
      'a UID not starting 1A4',
      { package_uids: JSON.stringify(['2A4060300002EE1000000001']) },
      STATE_RECORD.packageUidInvalid('2A4060300002EE1000000001'),
    ],
    [
      'a list that is not JSON',
      { package_uids: '1A4060300002EE1000000001' },
      STATE_RECORD.packageUidsInvalid,
    ],
    [
      'a UID listed twice',
      { package_uids: JSON.stringify(['1A4060300002EE1000999999', '1a4060300002ee1000999999']) },
      STATE_RECORD.packageUidRepeated('1A4060300002EE1000999999'),
    ],
    ['a test date in the future', coa(plusDays(californiaToday(), 1)), STATE_RECORD.coaTestedAtFuture],
    ['a test date that is no date', coa('2026-02-30'), STATE_RECORD.coaTestedAtInvalid],
    ['a result other than pass or fail', coa(californiaToday(), 'maybe'), STATE_RECORD.coaResultInvalid],
    [
      'a COA without its lab license',
      { ...coa(californiaToday()), coa_lab_license: '' },
      STATE_RECORD.coaLabLicenseRequired,
    ],
    [
      'a COA without its test date',
      { ...coa(californiaToday()), coa_tested_at: undefined },
      STATE_RECORD.coaTestedAtRequired,
    ],
  ])('refuses %s with a field error and writes nothing', async (_case, fields, message) => {
    const before = await listingCount();
    const response = await create(fields);
    expect(response.statusCode).toBe(400);
    expect(failure(response)).toMatchObject({ success: false, error: message });
    expect(await listingCount()).toBe(before);
  });
});

describe('package UIDs are unique among the company’s live lots', () => {
  it('refuses a second live lot with the same UID, naming it, on create and on update', async () => {
    const uid = newUid();
    const first = await created({ package_uids: JSON.stringify([uid]) });
    const before = await listingCount();
    const again = await create({ package_uids: JSON.stringify([newUid(), uid]) });
    expect(again.statusCode).toBe(409);
    expect(failure(again)).toMatchObject({
      error: STATE_RECORD.packageUidTaken(uid),
      code: 'package_uid_taken',
    });
    expect(await listingCount()).toBe(before);

    const second = await created({ package_uids: JSON.stringify([newUid()]) });
    const moved = await update(second._id, { package_uids: JSON.stringify([uid]) });
    expect(moved.statusCode).toBe(409);
    expect(failure(moved).error).toBe(STATE_RECORD.packageUidTaken(uid));
    const [stored] = await test.db
      .select({ uids: listings.packageUids })
      .from(listings)
      .where(eq(listings.id, second._id));
    expect(stored?.uids).toEqual(second.package_uids);

    // The lot itself may keep its own UIDs on a save.
    const kept = await update(first._id, { package_uids: JSON.stringify([uid]), batch_number: 'B-2' });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('lets another company use the same UID, and an archived lot free its UIDs until it is relisted', async () => {
    const uid = newUid();
    const archived = await created({ package_uids: JSON.stringify([uid]) });
    expect((await created({ package_uids: JSON.stringify([uid]) }, otherSeller.token)).package_uids).toEqual([
      uid,
    ]);

    const archive = await test.app.inject({
      method: 'POST',
      url: `/api/listings/${archived._id}/archive`,
      headers: bearer(seller.token),
    });
    expect(archive.statusCode).toBe(200);
    const successor = await created({ package_uids: JSON.stringify([uid]) });
    expect(successor.package_uids).toEqual([uid]);

    const relist = await test.app.inject({
      method: 'POST',
      url: `/api/listings/${archived._id}/relist`,
      headers: bearer(seller.token),
    });
    expect(relist.statusCode).toBe(409);
    expect(failure(relist).error).toBe(STATE_RECORD.packageUidTaken(uid));
  });
});

describe('the COA decides whether the lot is listed and Lab Tested, by Pacific date', () => {
  const today = californiaToday();

  it.each([
    ['10 months old', monthsBefore(today, 10), 'current'],
    ['a day short of 11 months', plusDays(monthsBefore(today, 11), 1), 'current'],
    ['11 months old', monthsBefore(today, 11), 'expiring'],
    ['a day short of 12 months', plusDays(monthsBefore(today, 12), 1), 'expiring'],
  ])('keeps a passing COA %s listed and tested (%s)', async (_case, testedAt, status) => {
    const listing = await created(coa(testedAt));
    expect(listing).toMatchObject({
      coa: { testedAt, status },
      is_active: true,
      coa_withheld: false,
      tested: true,
    });
    expect(await catalogIds('&tested=true')).toContain(listing._id);
    expect(json<ProductResponse>(await product(listing._id)).product.coa.status).toBe(status);
  });

  it('takes a lot whose COA is 12 months old out of the catalog, with the reason to its seller', async () => {
    const testedAt = monthsBefore(today, 12);
    const listing = await created(coa(testedAt));
    expect(listing).toMatchObject({
      coa: { testedAt, status: 'expired' },
      is_active: false,
      coa_withheld: true,
    });
    expect((await product(listing._id)).statusCode).toBe(404);
    expect(await catalogIds('')).not.toContain(listing._id);
  });

  it('takes a lot with a failed COA out of the catalog, refuses to relist it, and lists it again once a passing COA is saved', async () => {
    const listing = await created({ ...coa(monthsBefore(today, 1), 'fail'), tested: 'true' });
    expect(listing).toMatchObject({
      coa: { result: 'fail', status: 'failed' },
      is_active: false,
      coa_withheld: true,
      tested: false,
    });
    expect((await product(listing._id)).statusCode).toBe(404);
    expect(await catalogIds('')).not.toContain(listing._id);

    const relist = await test.app.inject({
      method: 'POST',
      url: `/api/listings/${listing._id}/relist`,
      headers: bearer(seller.token),
    });
    expect(relist.statusCode).toBe(409);
    expect(failure(relist)).toMatchObject({ error: STATE_RECORD.coaBarsListing, code: 'coa_bars_listing' });

    const fixed = await update(listing._id, coa(today));
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(json<ListingChangedResponse>(fixed).data).toMatchObject({
      coa: { status: 'current' },
      is_active: true,
      coa_withheld: false,
      tested: true,
    });
    expect((await product(listing._id)).statusCode).toBe(200);
    expect(await catalogIds('&tested=true')).toContain(listing._id);
  });

  it('refuses an admin’s Activate on a lot its COA keeps out, saying why and recording nothing', async () => {
    const admin = await userWithToken(test, { role: 'admin', email: 'coa.admin@example.com' });
    const listing = await created(coa(monthsBefore(today, 13)));
    expect(listing).toMatchObject({ is_active: false, coa_withheld: true });
    const activate = await test.app.inject({
      method: 'PUT',
      url: `/api/admin/listings/${listing._id}/toggle-status`,
      headers: bearer(admin.token),
      payload: { reason: 'Seller asked' },
    });
    expect(activate.statusCode, activate.body).toBe(409);
    expect(failure(activate)).toMatchObject({ error: STATE_RECORD.coaBarsListing, code: 'coa_bars_listing' });
    expect(await ownListing(listing._id)).toMatchObject({ is_active: false, coa_withheld: true });
    const audit = await test.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: bearer(admin.token),
    });
    const entries = json<{ data: { targetId: string }[] }>(audit).data;
    expect(entries.filter((entry) => entry.targetId === listing._id)).toEqual([]);
  });

  it('shows as Lab Tested a lot without a COA only when its seller ticked tested', async () => {
    const ticked = await created({ tested: 'true' });
    const unticked = await created({ tested: 'false' });
    const tested = await catalogIds('&tested=true');
    expect(tested).toContain(ticked._id);
    expect(tested).not.toContain(unticked._id);
  });

  it('the sweep takes a listed lot out once its COA turns 12 months old, with no write to the lot', async () => {
    const listing = await created(coa(plusDays(monthsBefore(today, 12), 1)));
    expect(listing.is_active).toBe(true);
    // A day passes: the test date moves back a day behind the gate's back, as the calendar would.
    await test.db.execute(sql`ALTER TABLE "listings" DISABLE TRIGGER "listings_coa_gate"`);
    try {
      await test.db
        .update(listings)
        .set({ coaTestedAt: monthsBefore(today, 12) })
        .where(eq(listings.id, listing._id));
    } finally {
      await test.db.execute(sql`ALTER TABLE "listings" ENABLE TRIGGER "listings_coa_gate"`);
    }
    expect((await product(listing._id)).statusCode).toBe(200);

    expect(await withholdExpiredLots(test.db)).toBe(1);
    expect(await withholdExpiredLots(test.db)).toBe(0);
    expect((await product(listing._id)).statusCode).toBe(404);
    const mine = await ownListing(listing._id);
    expect(mine).toMatchObject({ coa: { status: 'expired' }, coa_withheld: true, is_active: false });
  });
});

describe('the seller’s license number in the advertisement', () => {
  it('is on the storefront', async () => {
    const response = await test.app.inject({ method: 'GET', url: `/api/sellers/${seller.user.id}` });
    expect(response.statusCode).toBe(200);
    expect(json<SellerResponse>(response).seller.licenseNumber).toBe(LICENSE);
  });

  it('is on every product of the catalog list', async () => {
    const list = json<ProductListResponse>(
      await test.app.inject({ method: 'GET', url: `/api/products?sellerId=${seller.user.id}` }),
    );
    expect(list.data.length).toBeGreaterThan(0);
    for (const item of list.data) expect(item.seller.licenseNumber).toBe(LICENSE);
  });
});

describe('the page cache hears of state record changes (decisions 111, 181)', () => {
  it('is told when only a listed lot’s state record or its seller’s license number changes', async () => {
    const heard: (string | undefined)[] = [];
    const feed = listenTo(
      test.ctx.database,
      test.ctx.log,
      { channel: 'canopy_catalog', name: 'state-record-test' },
      { onPayload: (payload) => heard.push(payload), onResync: () => {} },
    );
    await feed.start();
    try {
      const listing = await created({ batch_number: 'B-1' });
      // A write of the state record alone (updated_at untouched): the notice names the lot.
      await test.db
        .update(listings)
        .set({ batchNumber: 'B-2', packageUids: [newUid()] })
        .where(eq(listings.id, listing._id));
      await eventually(() => heard.some((payload) => payload?.includes(listing._id)));

      heard.length = 0;
      await test.db
        .update(users)
        .set({ licenseNumber: 'C11-0000457-LIC' })
        .where(eq(users.id, seller.user.id));
      await eventually(() => heard.includes(''));
    } finally {
      await test.db.update(users).set({ licenseNumber: LICENSE }).where(eq(users.id, seller.user.id));
      await feed.stop();
    }
  });
});
