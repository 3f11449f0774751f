import { readFile } from 'node:fs/promises';
import { ADMIN, type LicenseCheck, REVIEW } from '@canopy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonLine } from '../src/modules/auth/emails.ts';
import { importRegistryCsv } from '../src/modules/licenses/registry-import.ts';
import { SAMPLE_REGISTRY_CSV } from '../src/seed/demo.ts';
import { insertListing, insertUser } from '../src/seed/factories.ts';
import { bearer, createTestApp, json, type TestApp, userWithToken } from './support/test-app.ts';

// Issue 10 items 1 and 2: the license verdict comes first, and every status change says why.

let test: TestApp;
let adminToken: string;
beforeAll(async () => {
  test = await createTestApp();
  await importRegistryCsv(test.db, await readFile(SAMPLE_REGISTRY_CSV, 'utf8'));
  adminToken = (await userWithToken(test, { role: 'admin', email: 'reviewer@example.com' })).token;
});
afterAll(() => test.close());

const setStatus = (id: string, payload: object) =>
  test.app.inject({
    method: 'PUT',
    url: `/api/admin/users/${id}/status`,
    headers: bearer(adminToken),
    payload,
  });

const get = (url: string) => test.app.inject({ method: 'GET', url, headers: bearer(adminToken) });

async function auditOf(targetId: string) {
  const response = await get('/api/admin/audit?limit=100');
  return json<{ data: { targetId: string; reason: string | null; after: Record<string, unknown> }[] }>(
    response,
  ).data.filter((entry) => entry.targetId === targetId);
}

async function statusOf(id: string) {
  return json<{ data: { user: { status: string } } }>(await get(`/api/admin/users/${id}`)).data.user.status;
}

/**
 * A pending seller registered with another business's license (the example). Each test
 * takes its own registry entry: two accounts on one number would add the duplicate flag.
 */
const mismatched = (email: string, licenseNumber: string) =>
  insertUser(test.db, {
    role: 'seller',
    status: 'pending',
    email,
    businessName: 'Totally Different Holdings',
    licenseNumber,
  });

describe('approving against the license verdict', () => {
  it('refuses to approve a mismatched verdict without a reason, and changes nothing', async () => {
    const seller = await mismatched('mismatch.noreason@example.com', 'CDPH-10004321');
    const response = await setStatus(seller.id, { status: 'verified' });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({
      error: REVIEW.approvalNeedsReason,
      licenseCheck: { clear: false, flags: ['name_mismatch'], nameMatch: { level: 'none' } },
    });
    const blank = await setStatus(seller.id, { status: 'verified', reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(await statusOf(seller.id)).toBe('pending');
    expect(await auditOf(seller.id)).toEqual([]);
  });

  it('approves it with a reason, which reaches the audit trail with the verdict and the e-mail', async () => {
    const seller = await mismatched('mismatch.reason@example.com', 'C10-0000456-LIC');
    const reason = 'Registry name is the parent company; checked with the regulator';
    const response = await setStatus(seller.id, { status: 'verified', reason });
    expect(response.statusCode).toBe(200);
    expect(json(response).message).toBe(ADMIN.statusUpdated('verified'));
    const [entry] = await auditOf(seller.id);
    expect(entry?.reason).toBe(reason);
    expect(entry?.after).toMatchObject({
      status: 'verified',
      licenseCheck: { clear: false, flags: ['name_mismatch'] },
      license: {
        licenseNumber: 'C10-0000456-LIC',
        registry: { found: true, legalName: 'Golden Coast Retail Inc.' },
      },
    });
    const mail = await test.smtp.waitForMail(seller.email, /approved/);
    expect(mail.text).toContain(reasonLine(reason));
    expect(mail.html).toContain('parent company');
  });

  it('approves a clear verdict on one click and records the verdict', async () => {
    const seller = await insertUser(test.db, {
      role: 'seller',
      status: 'pending',
      businessName: 'Valley Express Delivery',
      licenseNumber: 'C9-0000321-LIC',
    });
    expect((await setStatus(seller.id, { status: 'verified' })).statusCode).toBe(200);
    const [entry] = await auditOf(seller.id);
    expect(entry?.reason).toBeNull();
    expect(entry?.after).toMatchObject({ licenseCheck: { clear: true, flags: [] } });
  });

  it.each([
    ['not in the registry', { licenseNumber: 'C11-0404040-LIC' }, ['not_found']],
    [
      'expired',
      { licenseNumber: 'C11-0000777-LIC', businessName: 'Bay Bridge Distro' },
      ['inactive', 'expired'],
    ],
    [
      'suspended in the registry',
      { licenseNumber: 'C12-0000999-LIC', businessName: 'Desert Bloom Collective' },
      ['inactive'],
    ],
  ])('needs a reason to approve a license %s', async (_name, seed, flags) => {
    const seller = await insertUser(test.db, { role: 'buyer', status: 'rejected', ...seed });
    const response = await setStatus(seller.id, { status: 'verified' });
    expect(response.statusCode).toBe(400);
    expect(json<{ licenseCheck: LicenseCheck }>(response).licenseCheck.flags).toEqual(flags);
  });
});

describe('reasons for reject, suspend and reactivate', () => {
  it.each([
    ['reject', 'pending', 'rejected'],
    ['suspend', 'verified', 'suspended'],
    ['reactivate', 'suspended', 'verified'],
  ] as const)('%s needs a reason; without one nothing changes', async (_name, from, to) => {
    // Reactivation checks the license: a clear one, so that only the missing reason is in the way.
    const clearLicense = { businessName: 'Emerald Ridge Farms', licenseNumber: 'CCL21-0001234' };
    const user = await insertUser(test.db, {
      role: 'seller',
      status: from,
      ...(to === 'verified' ? clearLicense : {}),
    });
    const response = await setStatus(user.id, { status: to });
    expect(response.statusCode).toBe(400);
    expect(json(response).error).toBe(REVIEW.reasonRequired);
    expect(await statusOf(user.id)).toBe(from);
    expect(await auditOf(user.id)).toEqual([]);
  });

  it('quotes the reason to the trader and counts the listings a suspension hides', async () => {
    const seller = await insertUser(test.db, { role: 'seller', email: 'to.suspend@example.com' });
    for (let i = 0; i < 3; i += 1) await insertListing(test.db, seller);
    await insertListing(test.db, seller, { isActive: false });
    const details = json<{ data: { catalogListings: number } }>(await get(`/api/admin/users/${seller.id}`));
    expect(details.data.catalogListings).toBe(3);

    const reason = 'Listings break marketplace rules: untested concentrates';
    expect((await setStatus(seller.id, { status: 'suspended', reason })).statusCode).toBe(200);
    const [entry] = await auditOf(seller.id);
    expect(entry).toMatchObject({ reason, after: { status: 'suspended', listingsHidden: 3 } });
    const mail = await test.smtp.waitForMail(seller.email, /status/);
    expect(mail.text).toContain(reasonLine(reason));
  });

  it('refuses a reason longer than 1000 characters', async () => {
    const user = await insertUser(test.db, { status: 'pending' });
    const response = await setStatus(user.id, { status: 'rejected', reason: 'x'.repeat(1001) });
    expect(response.statusCode).toBe(400);
    expect(json(response).error).toBe(REVIEW.reasonTooLong);
  });
});

describe('the license column of the user list', () => {
  type Row = { email: string; role: string; licenseCheck: LicenseCheck | null };
  const list = async (query: string) =>
    json<{ data: Row[]; pagination: { total: number } }>(await get(`/api/admin/users?limit=100&${query}`));

  it('shows each trader its verdict and filters on it', async () => {
    const bad = await mismatched('column.mismatch@example.com', 'CCL23-0009876');
    const good = await insertUser(test.db, {
      role: 'seller',
      status: 'pending',
      email: 'column.clear@example.com',
      businessName: 'North Star Botanicals',
      licenseNumber: 'CCL22-0005555',
    });
    const all = await list('');
    const byEmail = new Map(all.data.map((row) => [row.email, row]));
    expect(byEmail.get(bad.email)?.licenseCheck).toEqual({
      clear: false,
      flags: ['name_mismatch'],
      registryStatus: 'Active',
      nameMatch: { level: 'none', score: 0 },
    });
    expect(byEmail.get(good.email)?.licenseCheck).toMatchObject({ clear: true, flags: [] });
    expect(byEmail.get('reviewer@example.com')?.licenseCheck).toBeNull();

    const attention = await list('license=attention');
    expect(attention.data.map((row) => row.email)).toContain(bad.email);
    expect(attention.data.every((row) => row.licenseCheck && !row.licenseCheck.clear)).toBe(true);
    expect(attention.pagination.total).toBe(attention.data.length);

    const mismatches = await list('license=name_mismatch&status=pending');
    expect(mismatches.data.every((row) => row.licenseCheck?.flags.includes('name_mismatch'))).toBe(true);
    const clear = await list('license=clear');
    expect(clear.data.map((row) => row.email)).toContain(good.email);
    expect(clear.data.map((row) => row.email)).not.toContain(bad.email);

    const paged = json<{ data: Row[]; pagination: { total: number; pages: number } }>(
      await get('/api/admin/users?license=attention&limit=1&page=2'),
    );
    expect(paged.data).toHaveLength(1);
    expect(paged.pagination.total).toBe(attention.pagination.total);

    const unknown = await get('/api/admin/users?license=shiny');
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).error).toBe(REVIEW.unknownLicenseFilter);
  });

  it('flags a license number another account holds, and the details name both accounts', async () => {
    const first = await insertUser(test.db, {
      role: 'seller',
      email: 'first.holder@example.com',
      businessName: 'Coastal Analytical Labs',
      licenseNumber: 'C8-0000042-LIC',
    });
    const second = await insertUser(test.db, {
      role: 'seller',
      status: 'pending',
      email: 'second.holder@example.com',
      businessName: 'Coastal Analytical Labs',
      licenseNumber: 'c8-0000042-lic ',
    });
    const details = json<{ data: { license: { duplicates: unknown[] }; licenseCheck: LicenseCheck } }>(
      await get(`/api/admin/users/${second.id}`),
    );
    expect(details.data.licenseCheck.flags).toEqual(['duplicate']);
    expect(details.data.license.duplicates).toEqual([
      { _id: first.id, email: first.email, businessName: 'Coastal Analytical Labs', status: 'verified' },
    ]);
    const firstDetails = json<{ data: { license: { duplicates: { _id: string }[] } } }>(
      await get(`/api/admin/users/${first.id}`),
    );
    expect(firstDetails.data.license.duplicates.map((holder) => holder._id)).toEqual([second.id]);
    const duplicates = await list('license=duplicate');
    expect(duplicates.data.map((row) => row.email).sort()).toEqual([first.email, second.email]);
  });
});
