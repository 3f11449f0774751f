import { ADMIN, LISTING_MODERATION, LISTINGS, PRODUCTS } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, listings, type UserRow } from '../src/db/schema/index.ts';
import { insertListing, insertUser } from '../src/seed/factories.ts';
import { formBody, sampleJpeg } from './support/listings.ts';
import { bearer, createTestApp, json, type TestApp, userWithToken } from './support/test-app.ts';

// Issue 10: moderation an admin can trust. A listing hidden by an admin stays hidden whatever
// its seller does, every action carries a reason that reaches the audit trail and the seller's
// e-mail, and the seller's reply lands in the admins' queue.

let test: TestApp;
let admin: UserRow;
let adminToken: string;
beforeAll(async () => {
  test = await createTestApp();
  ({ user: admin, token: adminToken } = await userWithToken(test, {
    role: 'admin',
    email: 'moderator@example.com',
  }));
});
afterAll(() => test.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown) =>
  test.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function catalogIds(): Promise<string[]> {
  const response = await test.app.inject({ method: 'GET', url: '/api/products?limit=48' });
  return json<{ data: { _id: string }[] }>(response).data.map((p) => p._id);
}

async function sellerWithListing(title: string) {
  const { user, token } = await userWithToken(test, { role: 'seller', contactName: 'Robin Vale' });
  const listing = await insertListing(test.db, user, { title });
  return { seller: user, sellerToken: token, listing };
}

const hide = (id: string, reason: string) =>
  call('PUT', `/api/admin/listings/${id}/toggle-status`, adminToken, { reason });

async function auditFor(id: string) {
  return test.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetId, id))
    .orderBy(adminAuditLog.createdAt);
}

async function storedListing(id: string) {
  const [row] = await test.db.select().from(listings).where(eq(listings.id, id));
  return row;
}

interface MyListing {
  _id: string;
  is_active: boolean;
  moderation: { state: string; reason: string | null; review_pending: boolean };
}

async function myListing(token: string, id: string): Promise<MyListing | undefined> {
  const response = await call('GET', '/api/listings/my/listings', token);
  return json<{ data: { listings: MyListing[] } }>(response).data.listings.find((l) => l._id === id);
}

describe('moderation sticks', () => {
  it("survives the seller's relist and edit, and keeps the listing out of the catalog and detail page", async () => {
    const { seller, sellerToken, listing } = await sellerWithListing('Sticky moderation lot');
    expect(await catalogIds()).toContain(listing.id);

    const hidden = await hide(listing.id, 'Prohibited product or health claims: cures insomnia');
    expect(hidden.statusCode).toBe(200);
    expect(json(hidden)).toEqual({
      success: true,
      message: ADMIN.listingDeactivated,
      data: { _id: listing.id, is_active: false },
    });

    const relist = await call('POST', `/api/listings/${listing.id}/relist`, sellerToken);
    expect(relist.statusCode).toBe(403);
    expect(json(relist).error).toBe(LISTING_MODERATION.relistRefused);

    // An edit is allowed (the seller may correct the listing) but cannot make it public, not even
    // with an is_active field smuggled into the form.
    for (const fields of [{ title: 'Sticky moderation lot, corrected' }, { is_active: 'true' }]) {
      const body = await formBody({ fields, images: [await sampleJpeg(3)] });
      await test.app.inject({
        method: 'PUT',
        url: `/api/listings/${listing.id}`,
        payload: body.payload,
        headers: { ...body.headers, ...bearer(sellerToken) },
      });
    }
    const archive = await call('POST', `/api/listings/${listing.id}/archive`, sellerToken);
    expect(archive.statusCode).toBe(200);
    expect((await call('POST', `/api/listings/${listing.id}/relist`, sellerToken)).statusCode).toBe(403);

    const row = await storedListing(listing.id);
    expect(row).toMatchObject({
      title: 'Sticky moderation lot, corrected',
      isActive: false,
      moderation: 'hidden',
      moderationReason: 'Prohibited product or health claims: cures insomnia',
    });
    expect(await catalogIds()).not.toContain(listing.id);
    const detail = await test.app.inject({ method: 'GET', url: `/api/products/${listing.id}` });
    expect(detail.statusCode).toBe(404);
    expect(json(detail).error).toBe(PRODUCTS.notFound);

    expect(await myListing(sellerToken, listing.id)).toMatchObject({
      is_active: false,
      moderation: {
        state: 'hidden',
        reason: 'Prohibited product or health claims: cures insomnia',
        review_pending: false,
      },
    });
    expect(seller.id).toBe(row?.sellerId);
  });

  it('is enforced by the database too: a hidden listing cannot be written active', async () => {
    const { listing } = await sellerWithListing('Constraint lot');
    await hide(listing.id, 'Duplicate listing');
    await expect(
      test.db.update(listings).set({ isActive: true }).where(eq(listings.id, listing.id)),
    ).rejects.toThrow();
    expect(await storedListing(listing.id)).toMatchObject({ isActive: false, moderation: 'hidden' });
  });

  it('lets the seller archive and relist listings Canopy did not hide, as before', async () => {
    const { sellerToken, listing } = await sellerWithListing('Ordinary archive lot');
    expect((await call('POST', `/api/listings/${listing.id}/archive`, sellerToken)).statusCode).toBe(200);
    const relist = await call('POST', `/api/listings/${listing.id}/relist`, sellerToken);
    expect(json(relist)).toMatchObject({
      success: true,
      message: LISTINGS.relisted,
      data: { is_active: true },
    });
    expect(await catalogIds()).toContain(listing.id);
    const other = await userWithToken(test, { role: 'seller' });
    const foreign = await call('POST', `/api/listings/${listing.id}/relist`, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).error).toBe(LISTINGS.notFound);
  });
});

describe('reasons', () => {
  it('refuses deactivate and delete without a reason, with 400 and nothing changed', async () => {
    const { listing } = await sellerWithListing('Reasonless lot');
    const attempts = [
      ['PUT', `/api/admin/listings/${listing.id}/toggle-status`, undefined],
      ['PUT', `/api/admin/listings/${listing.id}/toggle-status`, {}],
      ['PUT', `/api/admin/listings/${listing.id}/toggle-status`, { reason: '   ' }],
      ['DELETE', `/api/admin/listings/${listing.id}`, undefined],
      ['DELETE', `/api/admin/listings/${listing.id}`, { reason: '' }],
    ] as const;
    for (const [method, url, payload] of attempts) {
      const response = await call(method, url, adminToken, payload);
      expect(response.statusCode).toBe(400);
      expect(json(response).error).toBe(LISTING_MODERATION.reasonRequired);
    }
    expect(await storedListing(listing.id)).toMatchObject({ isActive: true, moderation: 'clear' });
    expect(await auditFor(listing.id)).toEqual([]);
    expect(await catalogIds()).toContain(listing.id);
  });

  it('stores the reason in the audit trail and quotes it in the e-mail to the seller (hide)', async () => {
    const { seller, listing } = await sellerWithListing('Audited hide lot');
    await hide(listing.id, '  Missing or doubtful lab results: the COA is for another batch  ');
    const [entry] = await auditFor(listing.id);
    expect(entry).toMatchObject({
      action: 'listing.deactivate',
      adminId: admin.id,
      reason: 'Missing or doubtful lab results: the COA is for another batch',
      before: { isActive: true, moderation: 'clear' },
      after: { isActive: false, moderation: 'hidden' },
    });
    const mail = await test.smtp.waitForMail(seller.email, /was hidden by Canopy/);
    expect(mail.subject).toBe('Your listing "Audited hide lot" was hidden by Canopy');
    expect(mail.text).toContain('Reason: Missing or doubtful lab results: the COA is for another batch');
    expect(mail.text).toContain('Hello Robin Vale,');
  });

  it('stores the reason of a delete and quotes it in the e-mail to the seller', async () => {
    const { seller, listing } = await sellerWithListing('Audited delete lot');
    const response = await call('DELETE', `/api/admin/listings/${listing.id}`, adminToken, {
      reason: 'Duplicate listing: same lot as another listing',
    });
    expect(json(response)).toEqual({ success: true, message: ADMIN.listingDeleted });
    expect(await storedListing(listing.id)).toBeUndefined();
    const [entry] = await auditFor(listing.id);
    expect(entry).toMatchObject({
      action: 'listing.delete',
      targetLabel: 'Audited delete lot',
      reason: 'Duplicate listing: same lot as another listing',
      after: null,
    });
    const mail = await test.smtp.waitForMail(seller.email, /was removed by Canopy/);
    expect(mail.subject).toBe('Your listing "Audited delete lot" was removed by Canopy');
    expect(mail.text).toContain('Reason: Duplicate listing: same lot as another listing');
  });

  it('shows the reason in the audit trail the admin reads', async () => {
    const { listing } = await sellerWithListing('Visible reason lot');
    await hide(listing.id, 'Wrong price, quantity or category');
    const audit = json<{ data: { targetId: string; reason: string | null }[] }>(
      await call('GET', '/api/admin/audit', adminToken),
    );
    expect(audit.data.find((e) => e.targetId === listing.id)?.reason).toBe(
      'Wrong price, quantity or category',
    );
  });
});

describe('review requests', () => {
  interface QueueEntry {
    _id: string;
    message: string;
    listing: { _id: string; title: string; hiddenReason: string | null };
    seller: { _id: string; email: string; businessName: string };
  }
  const queue = async () =>
    json<{ data: QueueEntry[] }>(await call('GET', '/api/admin/listing-reviews?limit=100', adminToken)).data;

  it('go from the seller to the admin queue; keep hidden and restore are audited with reasons', async () => {
    const { seller, sellerToken, listing } = await sellerWithListing('Reviewed lot');
    const early = await call('POST', `/api/listings/${listing.id}/review-request`, sellerToken, {
      message: 'Please look again',
    });
    expect(early.statusCode).toBe(400);
    expect(json(early).error).toBe(LISTING_MODERATION.reviewNotHidden);

    await hide(listing.id, 'Misleading or inaccurate description');
    const blank = await call('POST', `/api/listings/${listing.id}/review-request`, sellerToken, {
      message: ' ',
    });
    expect(blank.statusCode).toBe(400);
    expect(json(blank).error).toBe(LISTING_MODERATION.reviewMessageRequired);

    const sent = await call('POST', `/api/listings/${listing.id}/review-request`, sellerToken, {
      message: 'I removed the potency claim from the description.',
    });
    expect(sent.statusCode).toBe(201);
    expect(json(sent)).toMatchObject({
      success: true,
      message: LISTING_MODERATION.reviewRequested,
      data: { _id: listing.id, moderation: { state: 'hidden', review_pending: true } },
    });
    const again = await call('POST', `/api/listings/${listing.id}/review-request`, sellerToken, {
      message: 'Hello?',
    });
    expect(again.statusCode).toBe(409);
    expect(json(again).error).toBe(LISTING_MODERATION.reviewAlreadyOpen);

    const [first] = (await queue()).filter((entry) => entry.listing._id === listing.id);
    expect(first).toMatchObject({
      message: 'I removed the potency claim from the description.',
      listing: { title: 'Reviewed lot', hiddenReason: 'Misleading or inaccurate description' },
      seller: { _id: seller.id, email: seller.email },
    });
    if (!first) throw new Error('no queue entry');

    const noReason = await call('PUT', `/api/admin/listing-reviews/${first._id}`, adminToken, {
      decision: 'keep_hidden',
    });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason).error).toBe(LISTING_MODERATION.reasonRequired);

    const kept = await call('PUT', `/api/admin/listing-reviews/${first._id}`, adminToken, {
      decision: 'keep_hidden',
      reason: 'The problem has not been corrected: the photos still show the claim',
    });
    expect(json(kept)).toMatchObject({ success: true, message: LISTING_MODERATION.keptHidden });
    expect((await queue()).some((entry) => entry._id === first._id)).toBe(false);
    expect(await storedListing(listing.id)).toMatchObject({ isActive: false, moderation: 'hidden' });
    const keptMail = await test.smtp.waitForMail(seller.email, /stays hidden/);
    expect(keptMail.text).toContain(
      'Reason: The problem has not been corrected: the photos still show the claim',
    );
    const answeredTwice = await call('PUT', `/api/admin/listing-reviews/${first._id}`, adminToken, {
      decision: 'restore',
      reason: 'Changed my mind',
    });
    expect(answeredTwice.statusCode).toBe(409);
    expect(json(answeredTwice).error).toBe(LISTING_MODERATION.reviewAlreadyAnswered);

    await call('POST', `/api/listings/${listing.id}/review-request`, sellerToken, {
      message: 'New photos uploaded.',
    });
    const [second] = (await queue()).filter((entry) => entry.listing._id === listing.id);
    if (!second) throw new Error('no second queue entry');
    const restored = await call('PUT', `/api/admin/listing-reviews/${second._id}`, adminToken, {
      decision: 'restore',
      reason: 'Seller corrected the listing',
    });
    expect(json(restored)).toMatchObject({ success: true, message: LISTING_MODERATION.restored });
    expect(await storedListing(listing.id)).toMatchObject({
      isActive: true,
      moderation: 'clear',
      moderationReason: null,
    });
    expect(await catalogIds()).toContain(listing.id);
    expect(await myListing(sellerToken, listing.id)).toMatchObject({
      is_active: true,
      moderation: { state: 'clear', reason: null, review_pending: false },
    });
    const restoredMail = await test.smtp.waitForMail(seller.email, /is public again/);
    expect(restoredMail.text).toContain('Reason: Seller corrected the listing');

    expect((await auditFor(listing.id)).map((e) => [e.action, e.reason])).toEqual([
      ['listing.deactivate', 'Misleading or inaccurate description'],
      ['listing.keep_hidden', 'The problem has not been corrected: the photos still show the claim'],
      ['listing.restore', 'Seller corrected the listing'],
    ]);
  });

  it("are the seller's own: another seller's listing is not found", async () => {
    const { listing } = await sellerWithListing('Someone else hidden lot');
    await hide(listing.id, 'Duplicate listing');
    const other = await userWithToken(test, { role: 'seller' });
    const response = await call('POST', `/api/listings/${listing.id}/review-request`, other.token, {
      message: 'Not mine',
    });
    expect(response.statusCode).toBe(404);
    expect(json(response).error).toBe(LISTINGS.notFound);
  });

  it('are answered when an admin restores the listing from the listings tab', async () => {
    const { sellerToken, listing } = await sellerWithListing('Toggled back lot');
    await hide(listing.id, 'Duplicate listing');
    await call('POST', `/api/listings/${listing.id}/review-request`, sellerToken, {
      message: 'Not a duplicate',
    });
    const on = await hide(listing.id, 'Hidden by mistake');
    expect(json(on)).toMatchObject({ message: ADMIN.listingActivated, data: { is_active: true } });
    expect((await queue()).some((entry) => entry.listing._id === listing.id)).toBe(false);
    expect(await catalogIds()).toContain(listing.id);
  });
});

describe('admin preview', () => {
  it('shows a hidden listing as the public would see it, with its moderation history and what a delete takes', async () => {
    const seller = await insertUser(test.db, {
      role: 'seller',
      businessName: 'Preview Ridge Farms',
      licenseType: 'Cultivator',
    });
    const listing = await insertListing(test.db, seller, {
      title: 'Preview lot',
      description: 'Sun-grown and slow cured, with the lab results attached.',
      tested: true,
      testLink: 'https://labs.example.com/coa/123',
      askingPrice: 1200,
      negotiable: true,
    });
    // A buyer's question names the listing: deleting would keep it but drop the link.
    const buyer = await userWithToken(test, { role: 'buyer' });
    for (const content of ['Is the lot still available?', 'And the COA?']) {
      const sent = await call('POST', '/api/messages', buyer.token, {
        receiverId: seller.id,
        listingId: listing.id,
        content,
      });
      expect(sent.statusCode).toBe(201);
    }
    await hide(listing.id, 'Missing or doubtful lab results');
    const listed = async (filter: string) =>
      json<{ data: { _id: string }[] }>(
        await call('GET', `/api/admin/listings?query=preview%20lot&moderation=${filter}`, adminToken),
      ).data.map((item) => item._id);
    expect(await listed('hidden')).toEqual([listing.id]);
    expect(await listed('clear')).toEqual([]);

    const response = await call('GET', `/api/admin/listings/${listing.id}`, adminToken);
    expect(response.statusCode).toBe(200);
    const { data } = json<{ data: Record<string, unknown> }>(response);
    expect(data.product).toMatchObject({
      _id: listing.id,
      name: 'Preview lot',
      description: 'Sun-grown and slow cured, with the lab results attached.',
      priceRange: '$1,200.00 / lb (negotiable)',
      tested: true,
      testLink: 'https://labs.example.com/coa/123',
      media: [],
      seller: { businessName: 'Preview Ridge Farms', licenseType: 'Cultivator', isVerified: true },
    });
    expect(data.listing).toMatchObject({
      _id: listing.id,
      is_active: false,
      moderation: { state: 'hidden', reason: 'Missing or doubtful lab results' },
      user_id: { _id: seller.id, profile: { businessName: 'Preview Ridge Farms' } },
    });
    expect(data.history).toMatchObject([
      {
        action: 'listing.deactivate',
        reason: 'Missing or doubtful lab results',
        admin: { email: admin.email },
      },
    ]);
    expect(data.deletion).toEqual({ images: 0, videos: 0, labResults: true, conversations: 1 });
    expect(data.reviewRequests).toEqual([]);
  });

  it('answers 404 for a listing that does not exist', async () => {
    const response = await call(
      'GET',
      '/api/admin/listings/00000000-0000-7000-8000-000000000000',
      adminToken,
    );
    expect(response.statusCode).toBe(404);
    expect(json(response).error).toBe(LISTINGS.notFound);
  });
});
