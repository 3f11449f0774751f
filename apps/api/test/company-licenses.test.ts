import { COMPANY_LICENSES, REVIEW, VALIDATION } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, companyLicenses, listings, offers, orders, users } from '../src/db/schema/index.ts';
import { samplePdf } from '../src/seed/sample-files.ts';
import { accept, dealParties, makeOffer, send } from './deals-helpers.ts';
import { type Person, person } from './messages-helpers.ts';
import { formBody } from './support/listings.ts';
import { memberOf } from './support/members.ts';
import { registrationForm } from './support/registration.ts';
import { bearer, createTestApp, json, multipart, type TestApp, userWithToken } from './support/test-app.ts';

// Several licenses per company (issue 28 item 5, decision 209).

let test: TestApp;
let admin: Person;
beforeAll(async () => {
  test = await createTestApp();
  admin = await userWithToken(test, { role: 'admin', email: 'license-reviewer@example.com' });
});
afterAll(() => test.close());

let counter = 0;
const freshNumber = () => `C12-${String(7_000_000 + ++counter).padStart(7, '0')}-LIC`;

function licenseForm(
  fields: Record<string, string | undefined> = {},
  document: Buffer | null = samplePdf('License'),
) {
  const form = new FormData();
  const values: Record<string, string | undefined> = {
    licenseNumber: freshNumber(),
    licenseType: 'Adult-Use Distribution',
    address: JSON.stringify({ street: '9 Depot Road', city: 'Eureka', county: 'Humboldt', zipCode: '95501' }),
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) if (value !== undefined) form.append(name, value);
  if (document)
    form.append('licenseDocument', new Blob([document], { type: 'application/pdf' }), 'license.pdf');
  return form;
}

async function addLicense(
  who: Person,
  fields: Record<string, string | undefined> = {},
  document?: Buffer | null,
) {
  const body = await multipart(licenseForm(fields, document));
  return test.app.inject({
    method: 'POST',
    url: '/api/company/licenses',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(who.token) },
  });
}

async function addedLicenseId(who: Person, fields: Record<string, string | undefined> = {}) {
  const response = await addLicense(who, fields);
  expect(response.statusCode).toBe(201);
  return json<{ data: { _id: string } }>(response).data._id;
}

const decide = (id: string, verb: 'approve' | 'reject', reason?: string) =>
  send(test, admin, 'POST', `/api/admin/licenses/${id}/${verb}`, reason === undefined ? {} : { reason });

async function verifiedLicenseId(who: Person) {
  const id = await addedLicenseId(who);
  expect((await decide(id, 'approve', 'Checked by hand against the registry')).statusCode).toBe(200);
  return id;
}

describe('POST /api/company/licenses', () => {
  it('adds a license under review; the approved company and its main license stay as they were', async () => {
    const owner = await person(test, { role: 'seller', licenseNumber: 'C11-0000001-LIC' });
    const number = freshNumber();
    const response = await addLicense(owner, { licenseNumber: number });
    expect(response.statusCode).toBe(201);
    const body = json<{ message: string; data: Record<string, unknown> }>(response);
    expect(body.message).toBe(COMPANY_LICENSES.added);
    expect(body.data).toEqual({
      _id: expect.any(String),
      licenseNumber: number,
      licenseType: 'Adult-Use Distribution',
      address: { street: '9 Depot Road', city: 'Eureka', county: 'Humboldt', state: 'CA', zipCode: '95501' },
      status: 'pending',
      main: false,
    });

    const list = json<{ data: { _id: string; licenseNumber: string; status: string; main: boolean }[] }>(
      await send(test, owner, 'GET', '/api/company/licenses'),
    ).data;
    expect(list.map((license) => [license._id, license.licenseNumber, license.status, license.main])).toEqual(
      [
        [owner.user.id, 'C11-0000001-LIC', 'verified', true],
        [body.data._id, number, 'pending', false],
      ],
    );
    const [company] = await test.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(company?.status).toBe('verified');
  });

  it('refuses a number another account or company holds, as registration does', async () => {
    const owner = await person(test, { role: 'seller' });
    const other = await person(test, { role: 'seller', licenseNumber: 'C11-0000777-LIC' });
    for (const taken of ['C11-0000777-LIC', ' c11-0000777-lic', owner.user.licenseNumber]) {
      const response = await addLicense(owner, { licenseNumber: taken });
      expect(response.statusCode).toBe(409);
      expect(json<{ error: string }>(response).error).toBe(REVIEW.licenseTaken);
    }
    const added = freshNumber();
    await addedLicenseId(other, { licenseNumber: added });
    const again = await addLicense(owner, { licenseNumber: added });
    expect(again.statusCode).toBe(409);
    expect(json<{ error: string }>(again).error).toBe(REVIEW.licenseTaken);

    // A registration cannot take a number a company added either.
    const form = await multipart(registrationForm({ fields: { licenseNumber: added } }));
    const registration = await test.app.inject({ method: 'POST', url: '/api/auth/register', ...form });
    expect(registration.statusCode).toBe(409);
    expect(json<{ error: string }>(registration).error).toBe(REVIEW.licenseTaken);
    expect(
      await test.db.select().from(companyLicenses).where(eq(companyLicenses.companyId, owner.user.id)),
    ).toEqual([]);
  });

  it('needs the license document and a member who may manage the company', async () => {
    const owner = await person(test, { role: 'seller' });
    const missing = await addLicense(owner, {}, null);
    expect(missing.statusCode).toBe(400);
    expect(json<{ error: string }>(missing).error).toBe(VALIDATION.licenseDocumentRequired);

    const sales = await memberOf(test, owner.user, 'sales');
    const refused = await addLicense(sales);
    expect(refused.statusCode).toBe(403);
    expect(json<{ error: string }>(refused).error).toBe(
      'Your role (Sales) may not manage members, invitations and licenses.',
    );
    const manager = await memberOf(test, owner.user, 'manager');
    expect((await addLicense(manager)).statusCode).toBe(201);
  });
});

describe('admin review of added licenses', () => {
  it('queues pending licenses with their registry check; approving an unclear one needs a reason', async () => {
    const owner = await person(test, { role: 'seller', businessName: 'North Coast Distribution' });
    const id = await addedLicenseId(owner);
    const queue = json<{
      data: {
        _id: string;
        businessName: string;
        companyId: string;
        licenseCheck: { clear: boolean; flags: string[] };
      }[];
    }>(await send(test, admin, 'GET', '/api/admin/licenses')).data;
    expect(queue.find((row) => row._id === id)).toMatchObject({
      businessName: 'North Coast Distribution',
      companyId: owner.user.id,
      status: 'pending',
      licenseCheck: { clear: false, flags: ['not_found'] },
    });

    const bare = await decide(id, 'approve');
    expect(bare.statusCode).toBe(400);
    expect(json<{ error: string }>(bare).error).toBe(REVIEW.approvalNeedsReason);
    const approved = await decide(id, 'approve', 'Checked by hand against the registry');
    expect(json(approved)).toEqual({ success: true, message: COMPANY_LICENSES.approved });
    const [row] = await test.db.select().from(companyLicenses).where(eq(companyLicenses.id, id));
    expect(row).toMatchObject({
      status: 'verified',
      reviewReason: 'Checked by hand against the registry',
      reviewedBy: admin.user.id,
    });
    const [audit] = await test.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'company_license.approve'));
    expect(audit).toMatchObject({ targetId: owner.user.id, reason: 'Checked by hand against the registry' });

    const twice = await decide(id, 'reject', 'Changed my mind');
    expect(twice.statusCode).toBe(400);
    expect(json<{ error: string }>(twice).error).toBe(COMPANY_LICENSES.notPending);
  });

  it('rejects with a reason, and only admins decide', async () => {
    const owner = await person(test, { role: 'seller' });
    const id = await addedLicenseId(owner);
    const mine = await send(test, owner, 'POST', `/api/admin/licenses/${id}/approve`, { reason: 'Trust me' });
    expect(mine.statusCode).toBe(403);
    const bare = await decide(id, 'reject');
    expect(bare.statusCode).toBe(400);
    expect(json<{ error: string }>(bare).error).toBe(REVIEW.reasonRequired);
    expect(json(await decide(id, 'reject', 'Document unreadable or missing'))).toEqual({
      success: true,
      message: COMPANY_LICENSES.rejected,
    });
    const list = json<{ data: { _id: string; status: string }[] }>(
      await send(test, owner, 'GET', '/api/company/licenses'),
    ).data;
    expect(list.find((license) => license._id === id)?.status).toBe('rejected');
    const unknown = await decide('01900000-0000-7000-8000-000000000000', 'approve', 'x');
    expect(unknown.statusCode).toBe(404);
    expect(json<{ error: string }>(unknown).error).toBe(COMPANY_LICENSES.notFound);
  });
});

describe('where goods ship from and are received', () => {
  const postListing = async (who: Person, shipsFrom: string | undefined) => {
    const body = await formBody({ fields: { ships_from_license_id: shipsFrom } });
    return test.app.inject({
      method: 'POST',
      url: '/api/listings',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(who.token) },
    });
  };

  it("ships a listing from one of the seller's verified licenses, never another's or an unverified one", async () => {
    const seller = await person(test, { role: 'seller' });
    const other = await person(test, { role: 'seller' });
    const pending = await addedLicenseId(seller);
    const othersVerified = await verifiedLicenseId(other);
    for (const refused of [pending, othersVerified, 'not-a-license']) {
      const response = await postListing(seller, refused);
      expect(response.statusCode).toBe(400);
      expect(json<{ error: string }>(response).error).toBe(COMPANY_LICENSES.shipsFromInvalid);
    }
    const verified = await verifiedLicenseId(seller);
    const created = await postListing(seller, verified);
    expect(created.statusCode).toBe(201);
    const listingId = json<{ data: { _id: string } }>(created).data._id;
    const [row] = await test.db.select().from(listings).where(eq(listings.id, listingId));
    expect(row?.shipsFromLicenseId).toBe(verified);

    const main = await postListing(seller, '');
    const [mainRow] = await test.db
      .select()
      .from(listings)
      .where(eq(listings.id, json<{ data: { _id: string } }>(main).data._id));
    expect(mainRow?.shipsFromLicenseId).toBeNull();
  });

  it("names the buyer's receiving license on the offer and the order it becomes", async () => {
    const deal = await dealParties(test);
    const elsewhere = await person(test);
    const refused = await send(test, deal.buyer, 'POST', '/api/offers', {
      listingId: deal.listingId,
      quantityLbs: 10,
      pricePerLb: 1200,
      buyerLicenseId: await verifiedLicenseId(elsewhere),
    });
    expect(refused.statusCode).toBe(400);
    expect(json<{ error: string }>(refused).error).toBe(COMPANY_LICENSES.receivingInvalid);

    const receiving = await verifiedLicenseId(deal.buyer);
    const offer = await makeOffer(test, deal, {
      quantityLbs: 10,
      pricePerLb: 1200,
      buyerLicenseId: receiving,
    });
    const { order } = await accept(test, deal.seller, offer._id);
    const [offerRow] = await test.db.select().from(offers).where(eq(offers.id, offer._id));
    const [orderRow] = await test.db.select().from(orders).where(eq(orders.id, order._id));
    expect(offerRow?.buyerLicenseId).toBe(receiving);
    expect(orderRow?.buyerLicenseId).toBe(receiving);
  });
});
