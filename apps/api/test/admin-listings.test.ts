import { ADMIN, LISTINGS } from '@canopy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing, insertUser } from '../src/seed/factories.ts';
import { formBody, sampleJpeg, storedState } from './support/listings.ts';
import { bearer, createTestApp, json, type TestApp, userWithToken } from './support/test-app.ts';

let test: TestApp;
let adminToken: string;
beforeAll(async () => {
  test = await createTestApp();
  adminToken = (await userWithToken(test, { role: 'admin', email: 'listing.admin@example.com' })).token;
});
afterAll(() => test.close());

const asAdmin = (
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  token = adminToken,
  payload?: Record<string, unknown>,
) => test.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Every listing moderation action carries a reason (decision 076). */
const withReason = { reason: 'Duplicate listing' };

async function catalogIds(): Promise<string[]> {
  const response = await test.app.inject({ method: 'GET', url: '/api/products?limit=48' });
  return json<{ data: { _id: string }[] }>(response).data.map((p) => p._id);
}

describe('GET /api/admin/stats', () => {
  it('counts users, pending sellers, active listings and messages', async () => {
    const before = json<{ data: Record<string, number> }>(await asAdmin('GET', '/api/admin/stats')).data;
    const seller = await insertUser(test.db, { role: 'seller' });
    await insertUser(test.db, { role: 'seller', status: 'pending' });
    await insertUser(test.db, { role: 'buyer', status: 'pending' });
    await insertListing(test.db, seller);
    await insertListing(test.db, seller, { isActive: false });
    const after = json<{ success: boolean; data: Record<string, number> }>(
      await asAdmin('GET', '/api/admin/stats'),
    );
    expect(after.success).toBe(true);
    expect(Object.keys(after.data).sort()).toEqual([
      'activeListings',
      // Beyond SPEC (issue 14): orders of the last 30 days.
      'orderValueLast30Days',
      'ordersLast30Days',
      'pendingSellers',
      'totalMessages',
      'totalUsers',
    ]);
    expect(after.data.totalUsers).toBe((before.totalUsers ?? 0) + 3);
    expect(after.data.pendingSellers).toBe((before.pendingSellers ?? 0) + 1);
    expect(after.data.activeListings).toBe((before.activeListings ?? 0) + 1);
    expect(after.data.totalMessages).toBe(before.totalMessages);
  });
});

describe('admin listings', () => {
  it("lists every listing, active or not, with the seller's names", async () => {
    const seller = await insertUser(test.db, {
      role: 'seller',
      businessName: 'Hidden Valley Farms',
      contactName: 'Pat Green',
    });
    const listing = await insertListing(test.db, seller, { title: 'Admin visible lot', isActive: false });
    const response = await asAdmin('GET', '/api/admin/listings?query=admin%20visible');
    const body = json<{ data: Record<string, unknown>[]; pagination: { total: number; pages: number } }>(
      response,
    );
    expect(body.pagination).toMatchObject({ total: 1, pages: 1 });
    expect(body.data[0]).toMatchObject({
      _id: listing.id,
      title: 'Admin visible lot',
      is_active: false,
      user_id: { _id: seller.id, profile: { businessName: 'Hidden Valley Farms', contactName: 'Pat Green' } },
    });
    for (const field of [
      'quantity_lbs',
      'zip_code',
      'make_offer',
      'asking_price',
      'views_count',
      'created_at',
      'media',
      'image_urls',
    ]) {
      expect(body.data[0]).toHaveProperty(field);
    }
  });

  it('deactivates and activates a listing, which leaves and rejoins the catalog, and audits both', async () => {
    const seller = await insertUser(test.db, { role: 'seller' });
    const listing = await insertListing(test.db, seller, { title: 'Toggle me' });
    expect(await catalogIds()).toContain(listing.id);

    const off = await asAdmin(
      'PUT',
      `/api/admin/listings/${listing.id}/toggle-status`,
      adminToken,
      withReason,
    );
    expect(json(off)).toMatchObject({
      success: true,
      message: ADMIN.listingDeactivated,
      data: { is_active: false },
    });
    expect(await catalogIds()).not.toContain(listing.id);
    const on = await asAdmin(
      'PUT',
      `/api/admin/listings/${listing.id}/toggle-status`,
      adminToken,
      withReason,
    );
    expect(json(on)).toMatchObject({ success: true, message: ADMIN.listingActivated });
    expect(await catalogIds()).toContain(listing.id);

    const audit = json<{ data: { action: string; targetId: string; targetLabel: string }[] }>(
      await asAdmin('GET', '/api/admin/audit'),
    );
    expect(audit.data.filter((e) => e.targetId === listing.id).map((e) => e.action)).toEqual([
      'listing.restore',
      'listing.deactivate',
    ]);
  });

  it('deletes a listing with its media files and audits it', async () => {
    const { token: sellerToken } = await userWithToken(test, { role: 'seller' });
    const initial = await storedState(test.db, test.dataDir);
    const body = await formBody({
      fields: { title: 'Delete me with photos' },
      images: [await sampleJpeg(1), await sampleJpeg(2)],
    });
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/listings',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(sellerToken) },
    });
    expect(created.statusCode).toBe(201);
    const id = json<{ data: { _id: string } }>(created).data._id;
    const before = await storedState(test.db, test.dataDir);

    const deleted = await asAdmin('DELETE', `/api/admin/listings/${id}`, adminToken, withReason);
    expect(json(deleted)).toEqual({ success: true, message: ADMIN.listingDeleted });
    const after = await storedState(test.db, test.dataDir);
    expect(before.files).toBeGreaterThan(initial.files);
    expect(after).toEqual(initial);
    expect(await catalogIds()).not.toContain(id);

    const audit = json<{ data: { action: string; targetId: string; targetLabel: string }[] }>(
      await asAdmin('GET', '/api/admin/audit'),
    );
    expect(audit.data.find((e) => e.targetId === id)).toMatchObject({
      action: 'listing.delete',
      targetLabel: 'Delete me with photos',
    });
  });

  it('answers 404 for unknown and malformed ids and changes nothing', async () => {
    for (const id of ['00000000-0000-7000-8000-000000000000', 'nope']) {
      for (const [method, url] of [
        ['PUT', `/api/admin/listings/${id}/toggle-status`],
        ['DELETE', `/api/admin/listings/${id}`],
      ] as const) {
        const response = await asAdmin(method, url, adminToken, withReason);
        expect(response.statusCode).toBe(404);
        expect(json(response).error).toBe(LISTINGS.notFound);
      }
    }
  });

  it('is for admins only', async () => {
    const seller = await insertUser(test.db, { role: 'seller' });
    const listing = await insertListing(test.db, seller);
    const { token: sellerToken } = await userWithToken(test, { role: 'seller' });
    for (const [method, url] of [
      ['GET', '/api/admin/listings'],
      ['GET', '/api/admin/stats'],
      ['PUT', `/api/admin/listings/${listing.id}/toggle-status`],
      ['DELETE', `/api/admin/listings/${listing.id}`],
      ['GET', `/api/admin/listings/${listing.id}`],
      ['GET', '/api/admin/listing-reviews'],
      ['PUT', `/api/admin/listing-reviews/${listing.id}`],
    ] as const) {
      expect((await asAdmin(method, url, sellerToken, withReason)).statusCode).toBe(403);
      expect((await test.app.inject({ method, url })).statusCode).toBe(401);
    }
    expect(await catalogIds()).toContain(listing.id);
  });
});
