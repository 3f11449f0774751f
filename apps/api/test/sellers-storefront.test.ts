import { SELLERS, type SellerResponse } from '@canopy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenses, type UserRow } from '../src/db/schema/index.ts';
import { insertListing, insertUser } from '../src/seed/factories.ts';
import { bearer, createTestApp, json, type TestApp, userWithToken } from './support/test-app.ts';

// Issue 15 item 5: GET /api/sellers/:id, a verified seller's public storefront header, and
// nothing for any other account.

let test: TestApp;
let seller: UserRow;

const LICENSE = 'C11-0000777-LIC';

beforeAll(async () => {
  test = await createTestApp();
  seller = await insertUser(test.db, {
    role: 'seller',
    businessName: 'Emerald Ridge Farms',
    licenseType: 'Adult-Use Cultivation',
    licenseNumber: LICENSE,
    county: 'Humboldt',
    city: 'Arcata',
    zipCode: '95521',
    licenseDocumentKey: 'licenses/emerald-ridge.pdf',
  });
  await test.db.insert(licenses).values({
    licenseNumber: LICENSE,
    status: 'Active',
    licenseType: 'Adult-Use Cultivation',
    legalName: 'Emerald Ridge Farms LLC',
    county: 'Humboldt',
    expiresOn: '2099-12-31',
  });
  // Two listings in the catalog; an archived one and a sold-out one are not counted.
  await insertListing(test.db, seller, { title: 'Ridge Kush' });
  await insertListing(test.db, seller, { title: 'Ridge Haze' });
  await insertListing(test.db, seller, { title: 'Ridge Archived', isActive: false });
  await insertListing(test.db, seller, { title: 'Ridge Sold Out', quantityLbs: 0 });
});
afterAll(() => test.close());

const storefront = (id: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url: `/api/sellers/${id}`, headers });

describe('GET /api/sellers/:id', () => {
  it('answers a verified seller with the public header and nothing else, to anyone', async () => {
    const response = await storefront(seller.id);
    expect(response.statusCode).toBe(200);
    const body = json<SellerResponse>(response);
    expect(body).toEqual({
      success: true,
      seller: {
        _id: seller.id,
        businessName: 'Emerald Ridge Farms',
        county: 'Humboldt',
        licenseType: 'Adult-Use Cultivation',
        // B&P §26151: an advertisement shows the license number (decision 213).
        licenseNumber: LICENSE,
        isVerified: true,
        licenseStanding: 'active',
        memberSince: seller.createdAt.toISOString(),
        listingCount: 2,
      },
    });
    // Exact keys: no address line, city, ZIP, phone, e-mail, contact name or document.
    expect(Object.keys(body.seller).sort()).toEqual([
      '_id',
      'businessName',
      'county',
      'isVerified',
      'licenseNumber',
      'licenseStanding',
      'licenseType',
      'listingCount',
      'memberSince',
    ]);
    const text = response.body;
    for (const privateValue of [
      '100 Main Street',
      'Arcata',
      '95521',
      '(916) 555-0100',
      seller.email,
      seller.contactName,
      'licenses/emerald-ridge.pdf',
    ]) {
      expect(text).not.toContain(privateValue);
    }
  });

  it('reads the same for a signed-in buyer', async () => {
    const buyer = await userWithToken(test, { role: 'buyer' });
    const response = await storefront(seller.id, bearer(buyer.token));
    expect(response.statusCode).toBe(200);
    expect(json<SellerResponse>(response).seller.businessName).toBe('Emerald Ridge Farms');
  });

  it.each([
    ['expired', { status: 'Active', expiresOn: '2020-01-31' }],
    ['inactive', { status: 'Revoked', expiresOn: '2099-12-31' }],
  ] as const)('shows a registry license that is %s as such', async (standing, registry) => {
    const number = `C11-00008${standing === 'expired' ? '01' : '02'}-LIC`;
    const other = await insertUser(test.db, { role: 'seller', licenseNumber: number });
    await test.db
      .insert(licenses)
      .values({ licenseNumber: number, legalName: other.businessName, ...registry });
    expect(json<SellerResponse>(await storefront(other.id)).seller.licenseStanding).toBe(standing);
  });

  it('says so when the license number is not in the registry, and counts no listings when there are none', async () => {
    const unlisted = await insertUser(test.db, { role: 'seller', licenseNumber: 'C11-0000999-LIC' });
    const { seller: header } = json<SellerResponse>(await storefront(unlisted.id));
    expect(header.licenseStanding).toBe('unlisted');
    expect(header.listingCount).toBe(0);
  });

  it.each([
    ['a pending seller', { role: 'seller', status: 'pending' }],
    ['a suspended seller', { role: 'seller', status: 'suspended' }],
    ['a rejected seller', { role: 'seller', status: 'rejected' }],
    ['a verified buyer', { role: 'buyer', status: 'verified' }],
    ['a verified admin', { role: 'admin', status: 'verified' }],
  ] as const)('is not found for %s', async (_who, seed) => {
    const user = await insertUser(test.db, seed);
    const response = await storefront(user.id);
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({
      success: false,
      error: SELLERS.notFound,
      message: SELLERS.notFound,
      code: 'seller_not_found',
    });
  });

  it.each([
    ['an unknown id', '0190a0a0-0000-7000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
  ])('is not found for %s', async (_case, id) => {
    const response = await storefront(id);
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({
      success: false,
      error: SELLERS.notFound,
      message: SELLERS.notFound,
      code: 'seller_not_found',
    });
  });

  it('stops answering once an admin suspends the seller', async () => {
    const admin = await userWithToken(test, { role: 'admin' });
    const later = await insertUser(test.db, { role: 'seller' });
    expect((await storefront(later.id)).statusCode).toBe(200);
    const suspended = await test.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${later.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'suspended', reason: 'License under review by the state.' },
    });
    expect(suspended.statusCode).toBe(200);
    expect((await storefront(later.id)).statusCode).toBe(404);
  });
});
