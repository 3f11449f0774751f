import { readFile } from 'node:fs/promises';
import { PROFILE, REVIEW } from '@canopy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonLine } from '../src/modules/auth/emails.ts';
import { importRegistryCsv } from '../src/modules/licenses/registry-import.ts';
import { SAMPLE_REGISTRY_CSV } from '../src/seed/demo.ts';
import { insertListing, insertUser } from '../src/seed/factories.ts';
import { registrationForm } from './support/registration.ts';
import { bearer, createTestApp, json, multipart, type TestApp, userWithToken } from './support/test-app.ts';

// Issue 10 item 4 (decision 082): what was checked stays checked. And one license per account
// at registration (decision 080).

let test: TestApp;
let adminToken: string;
beforeAll(async () => {
  test = await createTestApp();
  await importRegistryCsv(test.db, await readFile(SAMPLE_REGISTRY_CSV, 'utf8'));
  adminToken = (await userWithToken(test, { role: 'admin' })).token;
});
afterAll(() => test.close());

const address = { street: '1 Ridge Road', city: 'Eureka', county: 'Humboldt', state: 'CA', zipCode: '95501' };

interface ProfileBody {
  message: string;
  user: { status: string; profile: { businessName: string; licenseNumber: string; licenseType: string } };
  pendingProfileChange: { businessName: string; licenseNumber: string; licenseType: string } | null;
}

const saveProfile = (token: string, email: string, profile: Record<string, string>) =>
  test.app.inject({
    method: 'PUT',
    url: '/api/auth/profile',
    headers: bearer(token),
    payload: {
      email,
      profile: {
        contactName: 'Casey Ridge',
        phone: '',
        licenseType: 'Adult-Use Cultivation',
        address,
        ...profile,
      },
    },
  });

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  test.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });

async function catalogNameOf(listingId: string) {
  const response = await test.app.inject({ method: 'GET', url: `/api/products/${listingId}` });
  return json<{ product: { seller: { businessName: string; isVerified: boolean } } }>(response).product
    .seller;
}

/**
 * A verified seller with a clear license and one public listing. Each test takes its own registry
 * entry: two accounts on one number would add the duplicate flag.
 */
async function verifiedSeller(email: string, businessName: string, licenseNumber: string) {
  const { user, token } = await userWithToken(test, {
    role: 'seller',
    email,
    businessName,
    licenseNumber,
    licenseType: 'Adult-Use Cultivation',
  });
  const listing = await insertListing(test.db, user);
  return { user, token, listing };
}

describe('a verified trader changing checked profile fields', () => {
  it('keeps the approved values in force and holds the change for review', async () => {
    const { user, token, listing } = await verifiedSeller(
      'renamer@example.com',
      'Emerald Ridge Farms',
      'CCL21-0001234',
    );
    const response = await saveProfile(token, user.email, {
      businessName: 'North Star Botanicals',
      licenseNumber: 'CCL21-0001234',
      contactName: 'Casey Ridge-Moon',
    });
    expect(response.statusCode).toBe(200);
    const body = json<ProfileBody>(response);
    expect(body.message).toBe(PROFILE.updated);
    expect(body.user.status).toBe('verified');
    expect(body.user.profile.businessName).toBe('Emerald Ridge Farms');
    expect(body.pendingProfileChange).toMatchObject({ businessName: 'North Star Botanicals' });
    // The other fields are saved as usual.
    expect(json<{ user: { profile: { contactName: string } } }>(response).user.profile.contactName).toBe(
      'Casey Ridge-Moon',
    );
    expect(await catalogNameOf(listing.id)).toEqual(
      expect.objectContaining({ businessName: 'Emerald Ridge Farms', isVerified: true }),
    );
    const search = await test.app.inject({ method: 'GET', url: '/api/products?query=North%20Star' });
    expect(json<{ data: unknown[] }>(search).data).toEqual([]);

    const profile = json<ProfileBody>(
      await test.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) }),
    );
    expect(profile.pendingProfileChange).toMatchObject({ businessName: 'North Star Botanicals' });
  });

  it('shows the admin the change with the verdict on the new values; approving applies it', async () => {
    const { user, token, listing } = await verifiedSeller(
      'approved.rename@example.com',
      'Pacific Extracts Corporation',
      'CDPH-10004321',
    );
    await saveProfile(token, user.email, {
      businessName: 'Pacific Extracts',
      licenseNumber: 'CDPH-10004321',
      licenseType: 'Medicinal Cultivation',
    });
    const details = json<{
      data: { pendingProfileChange: { businessName: string; licenseCheck: { clear: boolean } } };
    }>(await admin('GET', `/api/admin/users/${user.id}`));
    expect(details.data.pendingProfileChange).toMatchObject({
      businessName: 'Pacific Extracts',
      licenseType: 'Medicinal Cultivation',
      licenseCheck: { clear: true },
    });
    const list = json<{ data: { _id: string; pendingProfileChange: boolean }[] }>(
      await admin('GET', '/api/admin/users?limit=100'),
    );
    expect(list.data.find((row) => row._id === user.id)?.pendingProfileChange).toBe(true);
    const waiting = json<{ data: { _id: string; pendingProfileChange: boolean }[] }>(
      await admin('GET', '/api/admin/users?limit=100&profileChange=pending'),
    );
    expect(waiting.data.map((row) => row._id)).toContain(user.id);
    expect(waiting.data.every((row) => row.pendingProfileChange)).toBe(true);

    const approve = await admin('POST', `/api/admin/users/${user.id}/profile-change/approve`, {});
    expect(approve.statusCode).toBe(200);
    expect(json(approve).message).toBe(REVIEW.changeApproved);
    expect(await catalogNameOf(listing.id)).toMatchObject({ businessName: 'Pacific Extracts' });
    const after = json<ProfileBody>(
      await test.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) }),
    );
    expect(after.user.profile).toMatchObject({
      businessName: 'Pacific Extracts',
      licenseType: 'Medicinal Cultivation',
    });
    expect(after.pendingProfileChange).toBeNull();
    await test.smtp.waitForMail(user.email, /profile change is approved/);
  });

  it("needs a reason to approve a change to another business's name, and to reject one", async () => {
    const { user, token, listing } = await verifiedSeller(
      'copycat@example.com',
      'North Star Botanicals',
      'CCL22-0005555',
    );
    await saveProfile(token, user.email, {
      businessName: 'Golden Coast Dispensary',
      licenseNumber: 'CCL22-0005555',
    });
    const url = `/api/admin/users/${user.id}/profile-change`;
    const unexplained = await admin('POST', `${url}/approve`, {});
    expect(unexplained.statusCode).toBe(400);
    expect(json(unexplained)).toMatchObject({
      error: REVIEW.approvalNeedsReason,
      licenseCheck: { flags: ['name_mismatch'] },
    });
    const noReason = await admin('POST', `${url}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason).error).toBe(REVIEW.reasonRequired);

    const reason = 'New name does not match the license';
    const reject = await admin('POST', `${url}/reject`, { reason });
    expect(reject.statusCode).toBe(200);
    expect(await catalogNameOf(listing.id)).toMatchObject({ businessName: 'North Star Botanicals' });
    const mail = await test.smtp.waitForMail(user.email, /not accepted/);
    expect(mail.text).toContain(reasonLine(reason));
    const audit = json<{ data: { action: string; targetId: string; reason: string }[] }>(
      await admin('GET', '/api/admin/audit?limit=100'),
    );
    expect(audit.data.find((entry) => entry.targetId === user.id)).toMatchObject({
      action: 'user.profile_change.reject',
      reason,
    });
    expect((await admin('POST', `${url}/reject`, { reason })).statusCode).toBe(400);
  });

  it('keeps the request when the approved values are sent again; the trader withdraws it on purpose', async () => {
    const { user, token } = await verifiedSeller('undo@example.com', 'Sierra Sun Growers', 'CCL23-0009876');
    await saveProfile(token, user.email, { businessName: 'Something Else', licenseNumber: 'CCL23-0009876' });
    // The notification settings tab re-sends the profile as read: that must not drop the request.
    const resent = await saveProfile(token, user.email, {
      businessName: 'Sierra Sun Growers',
      licenseNumber: 'CCL23-0009876',
    });
    expect(json<ProfileBody>(resent).pendingProfileChange).toMatchObject({ businessName: 'Something Else' });
    const withdraw = () =>
      test.app.inject({ method: 'DELETE', url: '/api/auth/profile/pending-change', headers: bearer(token) });
    const first = await withdraw();
    expect(first.statusCode).toBe(200);
    expect(json(first).message).toBe(REVIEW.changeWithdrawn);
    const profile = json<ProfileBody>(
      await test.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) }),
    );
    expect(profile.pendingProfileChange).toBeNull();
    expect(profile.user.profile.businessName).toBe('Sierra Sun Growers');
    const again = await withdraw();
    expect(again.statusCode).toBe(404);
    expect(json(again).error).toBe(REVIEW.noPendingChange);
  });

  it('applies a not yet approved trader’s changes at once', async () => {
    const { user, token } = await userWithToken(test, { role: 'seller', status: 'pending' });
    const response = await saveProfile(token, user.email, {
      businessName: 'Freshly Renamed Farm',
      licenseNumber: 'C11-0123456-LIC',
    });
    const body = json<ProfileBody>(response);
    expect(body.user).toMatchObject({ status: 'pending', profile: { businessName: 'Freshly Renamed Farm' } });
    expect(body.pendingProfileChange).toBeNull();
  });

  it('refuses a license number another account holds', async () => {
    const holder = await insertUser(test.db, { role: 'seller', licenseNumber: 'C10-0000456-LIC' });
    const { user, token } = await userWithToken(test, { role: 'buyer', status: 'pending' });
    const response = await saveProfile(token, user.email, {
      businessName: 'Golden Coast Dispensary',
      licenseNumber: ' c10-0000456-lic',
    });
    expect(response.statusCode).toBe(409);
    expect(json(response).error).toBe(REVIEW.licenseTaken);
    expect(holder.licenseNumber).toBe('C10-0000456-LIC');
  });
});

describe('registration with a license number already in use', () => {
  const register = async (fields: Record<string, string>) =>
    test.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...(await multipart(registrationForm({ fields }))),
    });

  it('is refused with a clear message, whatever the spelling of the number', async () => {
    await insertUser(test.db, { role: 'seller', licenseNumber: 'C8-0000042-LIC' });
    const response = await register({ licenseNumber: ' c8-0000042-lic ' });
    expect(response.statusCode).toBe(409);
    expect(json(response).error).toBe(REVIEW.licenseTaken);
  });

  it('is allowed when the only other holder was rejected', async () => {
    await insertUser(test.db, { role: 'seller', status: 'rejected', licenseNumber: 'C9-0000321-LIC' });
    const response = await register({ licenseNumber: 'C9-0000321-LIC' });
    expect(response.statusCode).toBe(201);
  });
});
