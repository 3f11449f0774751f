import {
  AUTH,
  BUYER_GROUPS,
  DEALS,
  type InvoiceDto,
  type OfferDto,
  type OrderDto,
  roleForbids,
  SAMPLE_REQUESTS_PER_MONTH,
  SAMPLES,
  type SampleDto,
} from '@canopy/shared';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenses, listings, messages, sampleRequests } from '../src/db/schema/index.ts';
import { insertListing, insertMember } from '../src/seed/factories.ts';
import { accept, type Deal, dealParties, listingQuantity, makeOffer, send } from './deals-helpers.ts';
import { type Person, person } from './messages-helpers.ts';
import { createTestApp, json, signIn, type TestApp } from './support/test-app.ts';

// Samples and reorder (issue 25 items 3 and 5, decisions 243-245): a buyer's request in grams, the
// monthly cap per seller counted on the Pacific calendar, approval into a $0 order that is
// scheduled and invoiced like any, decline, who may do what, the order a sample led to, and
// "Order again" on the same lot, on a replacement lot, and when nothing matches.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
  await test.db.insert(licenses).values({
    licenseNumber: DISTRIBUTOR,
    status: 'Active',
    licenseType: 'Adult-Use Distributor',
    legalName: 'Golden State Logistics LLC',
    county: 'Alameda',
    expiresOn: '2099-12-31',
  });
});
afterAll(() => test.close());

const DISTRIBUTOR = 'C11-0000901-LIC';

let pairs = 0;
/** A seller with a 100 lb Blue Dream lot and a buyer, each a business of its own. */
const parties = () => {
  pairs += 1;
  return dealParties(
    test,
    { title: 'Blue Dream greenhouse', strain: 'Blue Dream', askingPrice: 1200 },
    {
      seller: { businessName: `Emerald Farms ${pairs}`, licenseType: 'Adult-Use Cultivation' },
      buyer: { businessName: `Valley Dispensary ${pairs}` },
    },
  );
};

const errorOf = (response: { json: () => unknown }) => (response.json() as { error: string }).error;
const answer = (response: { statusCode: number; json: () => unknown }) =>
  `${response.statusCode} ${errorOf(response)}`;

const ask = (who: Person, listingId: string, body: Record<string, unknown> = { grams: 7 }) =>
  send(test, who, 'POST', '/api/samples', { listingId, ...body });

async function requested(deal: Deal, body?: Record<string, unknown>): Promise<SampleDto> {
  const response = await ask(deal.buyer, deal.listingId, body);
  if (response.statusCode !== 201) throw new Error(`sample: ${response.body}`);
  return json<{ data: SampleDto }>(response).data;
}

async function approved(deal: Deal, sampleId: string) {
  const response = await send(test, deal.seller, 'POST', `/api/samples/${sampleId}/approve`);
  if (response.statusCode !== 200) throw new Error(`approve: ${response.body}`);
  return json<{ message: string; data: { sample: SampleDto; order: OrderDto } }>(response);
}

const samplesOf = async (who: Person, role?: 'buyer' | 'seller') => {
  const response = await send(test, who, 'GET', `/api/samples${role ? `?role=${role}` : ''}`);
  expect(response.statusCode).toBe(200);
  return json<{ data: SampleDto[]; pagination: { total: number } }>(response);
};

/** The newest message in the reader's conversation with the other business. */
async function lastMessage(reader: Person, other: Person): Promise<string | undefined> {
  const [row] = await test.db
    .select({ content: messages.content })
    .from(messages)
    .where(
      or(
        and(eq(messages.senderId, reader.user.id), eq(messages.receiverId, other.user.id)),
        and(eq(messages.senderId, other.user.id), eq(messages.receiverId, reader.user.id)),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row?.content;
}

const requestCount = async () => (await test.db.select({ n: count() }).from(sampleRequests))[0]?.n;

async function member(company: Person, role: 'finance' | 'sales' | 'viewer' | 'purchasing') {
  const user = await insertMember(test.db, company.user.id, role);
  return { user, token: await signIn(test.app, user.email) };
}

/** The titles in a company member's notification centre, newest first (issue 25 item 6). */
const noticesOf = async (who: Person) =>
  json<{ data: { kind: string; title: string; link: string }[] }>(
    await send(test, who, 'GET', '/api/notifications'),
  ).data.map((notice) => `${notice.kind}: ${notice.title} -> ${notice.link}`);

describe('requesting a sample', () => {
  it('stores the grams and note and shows the request to both sides', async () => {
    const deal = await parties();
    const response = await ask(deal.buyer, deal.listingId, { grams: '7', note: 'For our buyers meeting' });
    expect(response.statusCode).toBe(201);
    const body = json<{ message: string; data: SampleDto }>(response);
    expect(body.message).toBe(SAMPLES.requested);
    expect(body.data).toMatchObject({
      listingId: deal.listingId,
      listingTitle: 'Blue Dream greenhouse',
      grams: 7,
      note: 'For our buyers meeting',
      status: 'requested',
      order: null,
      ledTo: null,
      buyer: { _id: deal.buyer.user.id, businessName: deal.buyer.user.businessName },
    });
    expect((await samplesOf(deal.buyer)).data.map((sample) => sample._id)).toEqual([body.data._id]);
    // The seller hears of it in the conversation with the buyer.
    expect(await lastMessage(deal.seller, deal.buyer)).toBe(
      SAMPLES.requestMessage(7, 'Blue Dream greenhouse', 'For our buyers meeting'),
    );
    expect(SAMPLES.requestMessage(7, 'Blue Dream greenhouse', 'For our buyers meeting')).toBe(
      'Sample request: 7 g of "Blue Dream greenhouse". Approve or decline it on your Samples page.\nNote: For our buyers meeting',
    );
    expect((await samplesOf(deal.seller, 'seller')).data.map((sample) => sample._id)).toEqual([
      body.data._id,
    ]);
    // Each side's list is its own: the seller has asked nobody for samples.
    expect((await samplesOf(deal.seller, 'buyer')).data).toEqual([]);
    // The seller's notification centre has it, linking to their Samples page.
    expect(await noticesOf(deal.seller)).toContain(
      'sample_requested: Sample requested: 7 g of Blue Dream greenhouse -> /samples',
    );
  });

  it('refuses bad grams, a long note, a lot that is not public and a second waiting request, writing nothing', async () => {
    const deal = await parties();
    const before = await requestCount();
    expect(answer(await ask(deal.buyer, deal.listingId, { grams: 0 }))).toBe(`400 ${SAMPLES.gramsInvalid}`);
    expect(answer(await ask(deal.buyer, deal.listingId, { grams: 29 }))).toBe(`400 ${SAMPLES.gramsInvalid}`);
    expect(answer(await ask(deal.buyer, deal.listingId, { grams: 2.5 }))).toBe(`400 ${SAMPLES.gramsInvalid}`);
    expect(answer(await ask(deal.buyer, deal.listingId, {}))).toBe(`400 ${SAMPLES.gramsRequired}`);
    expect(answer(await ask(deal.buyer, deal.listingId, { grams: 3, note: 'x'.repeat(501) }))).toBe(
      `400 ${SAMPLES.noteTooLong}`,
    );
    const soldOut = await insertListing(test.db, deal.seller.user, { quantityLbs: 0 });
    expect(answer(await ask(deal.buyer, soldOut.id))).toBe(`404 ${SAMPLES.lotNotPublic}`);
    expect(answer(await ask(deal.buyer, 'not-a-lot'))).toBe(`404 ${SAMPLES.lotNotPublic}`);
    expect(await requestCount()).toBe(before);
    await requested(deal);
    expect(answer(await ask(deal.buyer, deal.listingId))).toBe(`409 ${SAMPLES.alreadyRequested}`);
    expect(await requestCount()).toBe((before ?? 0) + 1);
  });

  it('is a buying move: sellers and members without offers:buy are refused', async () => {
    const deal = await parties();
    expect(answer(await ask(deal.seller, deal.listingId))).toBe(`403 ${AUTH.forbidden}`);
    const finance = await member(deal.buyer, 'finance');
    expect(answer(await ask(finance, deal.listingId))).toBe(`403 ${roleForbids('finance', 'offers:buy')}`);
    const purchasing = await member(deal.buyer, 'purchasing');
    expect((await ask(purchasing, deal.listingId)).statusCode).toBe(201);
  });
});

describe('the monthly cap', () => {
  /** Answered requests of this pair, stored at a moment the database computes. */
  async function pastRequests(deal: Deal, n: number, at: string) {
    for (let i = 0; i < n; i += 1) {
      await test.db.execute(sql`
        INSERT INTO "sample_requests" ("id", "listing_id", "listing_title", "buyer_id", "seller_id", "grams", "status", "decided_at", "created_at")
        VALUES (gen_random_uuid(), ${deal.listingId}, 'Earlier lot', ${deal.buyer.user.id}, ${deal.seller.user.id}, 3, 'declined', ${sql.raw(at)}, ${sql.raw(at)})`);
    }
  }
  const pacificMonthStart = `(date_trunc('month', now() AT TIME ZONE 'America/Los_Angeles') AT TIME ZONE 'America/Los_Angeles')`;
  /** The same calendar month's start in UTC: hours before the Pacific one, so still last month there. */
  const utcMonthStart = `(date_trunc('month', now() AT TIME ZONE 'America/Los_Angeles') AT TIME ZONE 'UTC')`;

  it('counts requests from the start of the Pacific calendar month, declined ones included', async () => {
    const deal = await parties();
    await pastRequests(deal, SAMPLE_REQUESTS_PER_MONTH, `${pacificMonthStart} - interval '1 second'`);
    await pastRequests(deal, SAMPLE_REQUESTS_PER_MONTH, utcMonthStart);
    // None of those is this Pacific month's: the first request goes through.
    await requested(deal);
    await pastRequests(deal, SAMPLE_REQUESTS_PER_MONTH - 2, pacificMonthStart);
    const second = await insertListing(test.db, deal.seller.user, { title: 'Second lot' });
    expect((await ask(deal.buyer, second.id)).statusCode).toBe(201);
    const third = await insertListing(test.db, deal.seller.user, { title: 'Third lot' });
    const refused = await ask(deal.buyer, third.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: SAMPLES.capReached(3), code: 'sample_cap_reached' });
    // The cap is per seller: another seller's lot is still open to this buyer.
    const other = await person(test, { role: 'seller', businessName: 'Other Farm' });
    const otherLot = await insertListing(test.db, other.user);
    expect((await ask(deal.buyer, otherLot.id)).statusCode).toBe(201);
  });

  it("follows the buyer group's own cap with that seller, 0 turning samples off", async () => {
    const deal = await parties();
    const group = await send(test, deal.seller, 'POST', '/api/buyer-groups', {
      name: 'Sample tasters',
      buyerCompanyIds: [deal.buyer.user.id],
      monthlySampleCap: 1,
    });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = json<{ data: { _id: string; monthlySampleCap: number } }>(group).data._id;
    expect(json<{ data: { monthlySampleCap: number } }>(group).data.monthlySampleCap).toBe(1);
    await requested(deal);
    const second = await insertListing(test.db, deal.seller.user, { title: 'Second lot' });
    const refused = await ask(deal.buyer, second.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: SAMPLES.capReached(1), code: 'sample_cap_reached' });

    const off = await send(test, deal.seller, 'PUT', `/api/buyer-groups/${groupId}`, {
      name: 'Sample tasters',
      buyerCompanyIds: [deal.buyer.user.id],
      monthlySampleCap: 0,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(answer(await ask(deal.buyer, second.id))).toBe(`409 ${SAMPLES.capReached(0)}`);

    // A cap out of range is refused in the group's words, and the group keeps its cap.
    const wrong = await send(test, deal.seller, 'PUT', `/api/buyer-groups/${groupId}`, {
      name: 'Sample tasters',
      buyerCompanyIds: [deal.buyer.user.id],
      monthlySampleCap: 2.5,
    });
    expect(answer(wrong)).toBe(`400 ${BUYER_GROUPS.sampleCapInvalid}`);
  });

  it('lets no more than the cap through when requests arrive at once', async () => {
    const deal = await parties();
    const lots = await Promise.all(
      Array.from({ length: SAMPLE_REQUESTS_PER_MONTH + 3 }, (_, i) =>
        insertListing(test.db, deal.seller.user, { title: `Race lot ${i}` }),
      ),
    );
    const answers = await Promise.all(lots.map((lot) => ask(deal.buyer, lot.id)));
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(SAMPLE_REQUESTS_PER_MONTH).fill(201), ...Array(3).fill(409)]);
  });
});

describe('approving and declining', () => {
  it('makes a $0 order whose line keeps the grams, takes the pounds off the lot and is invoiced at $0 when scheduled', async () => {
    const deal = await parties();
    const sample = await requested(deal, { grams: 7, note: 'Two jars please' });
    const body = await approved(deal, sample._id);
    expect(body.message).toBe(SAMPLES.approved);
    const order = body.data.order;
    expect(body.data.sample).toMatchObject({
      status: 'approved',
      order: { _id: order._id, number: order.number },
    });
    // 7 g is 0.0154 lb: the lot gives the hundredth above, and the line says 7 g exactly.
    expect(order).toMatchObject({ quantityLbs: 0.02, pricePerLb: 0, total: 0, status: 'confirmed' });
    expect(order.lines).toEqual([
      {
        listingId: deal.listingId,
        listingTitle: 'Blue Dream greenhouse',
        quantityLbs: 0.02,
        pricePerLb: 0,
        total: 0,
        priceSource: 'sample',
        tierFromLbs: null,
        sampleGrams: 7,
      },
    ]);
    expect(await listingQuantity(test, deal.listingId)).toBe(99.98);
    const orders = json<{ data: OrderDto[] }>(await send(test, deal.buyer, 'GET', '/api/orders?role=buyer'));
    expect(orders.data.map((listed) => listed._id)).toEqual([order._id]);

    const scheduled = await send(test, deal.seller, 'POST', `/api/orders/${order._id}/schedule`, {
      distributorLicenseNumber: DISTRIBUTOR,
      pickupAt: '2030-03-05T17:30:00Z',
      estimatedArrivalAt: '2030-03-05T21:00:00Z',
      driverName: 'Jordan Wheeler',
      driverLicenseNumber: 'D7654321',
      vehicleMake: 'Ford',
      vehicleModel: 'Transit 250',
      vehiclePlate: '8abc123',
      packages: [{ uid: '1A4000000000000000000901', quantityLbs: 0.02 }],
    });
    expect(scheduled.statusCode).toBe(200);
    const invoice = json<{ data: InvoiceDto }>(
      await send(test, deal.buyer, 'GET', `/api/orders/${order._id}/invoice`),
    );
    expect(invoice.data).toMatchObject({ total: 0, balance: 0, paymentTerms: 'cod' });
    expect(invoice.data.lines).toMatchObject([{ quantityLbs: 0.02, pricePerLb: 0, amount: 0 }]);
    const manifest = await send(test, deal.seller, 'GET', `/api/orders/${order._id}/manifest.csv`);
    expect(manifest.statusCode).toBe(200);
  });

  it('declines with a reason; an answered request cannot be answered again', async () => {
    const deal = await parties();
    const sample = await requested(deal);
    const declined = await send(test, deal.seller, 'POST', `/api/samples/${sample._id}/decline`, {
      reason: 'Out of sample jars',
    });
    expect(declined.statusCode).toBe(200);
    expect(json<{ message: string; data: SampleDto }>(declined)).toMatchObject({
      message: SAMPLES.declined,
      data: { status: 'declined', declineReason: 'Out of sample jars', order: null },
    });
    expect(answer(await send(test, deal.seller, 'POST', `/api/samples/${sample._id}/approve`))).toBe(
      `409 ${SAMPLES.notWaiting}`,
    );
    expect(await listingQuantity(test, deal.listingId)).toBe(100);
    expect(await lastMessage(deal.buyer, deal.seller)).toBe(
      'Sample request declined: 7 g of "Blue Dream greenhouse".\nReason: Out of sample jars',
    );
    const byStatus = async (status: string) =>
      json<{ data: SampleDto[] }>(await send(test, deal.buyer, 'GET', `/api/samples?status=${status}`)).data
        .length;
    expect([await byStatus('declined'), await byStatus('requested'), await byStatus('approved')]).toEqual([
      1, 0, 0,
    ]);
    expect(await noticesOf(deal.buyer)).toContain(
      'sample_decided: Sample declined: 7 g of Blue Dream greenhouse -> /samples',
    );
  });

  it('is the seller’s: the buyer, other businesses and members without offers:sell are refused', async () => {
    const deal = await parties();
    const sample = await requested(deal);
    const approve = (who: Person) => send(test, who, 'POST', `/api/samples/${sample._id}/approve`);
    expect(answer(await approve(deal.buyer))).toBe(`403 ${SAMPLES.onlySellerDecides}`);
    const stranger = await person(test, { role: 'seller' });
    expect(answer(await approve(stranger))).toBe(`404 ${SAMPLES.notFound}`);
    const finance = await member(deal.seller, 'finance');
    expect(answer(await approve(finance))).toBe(`403 ${roleForbids('finance', 'offers:sell')}`);
    expect(answer(await send(test, deal.seller, 'POST', `/api/samples/${'0'.repeat(8)}/approve`))).toBe(
      `404 ${SAMPLES.notFound}`,
    );
    const sales = await member(deal.seller, 'sales');
    expect((await approve(sales)).statusCode).toBe(200);
  });

  it('refuses a lot that no longer has the pounds', async () => {
    const deal = await parties();
    const sample = await requested(deal, { grams: 28 });
    await test.db.update(listings).set({ quantityLbs: 0.05 }).where(eq(listings.id, deal.listingId));
    expect(answer(await send(test, deal.seller, 'POST', `/api/samples/${sample._id}/approve`))).toBe(
      `409 ${DEALS.notEnoughQuantity}`,
    );
    expect((await samplesOf(deal.seller, 'seller')).data[0]?.status).toBe('requested');
  });
});

describe('the order a sample led to', () => {
  it('is the buyer’s first later order of that lot or strain from the seller', async () => {
    const deal = await parties();
    const sample = await requested(deal);
    await approved(deal, sample._id);
    expect((await samplesOf(deal.seller, 'seller')).data[0]?.ledTo).toBeNull();
    // Another strain from the same seller is not what was sampled.
    const gelato = await insertListing(test.db, deal.seller.user, { title: 'Gelato', strain: 'Gelato' });
    const other = await makeOffer(test, { ...deal, listingId: gelato.id });
    await accept(test, deal.seller, other._id);
    expect((await samplesOf(deal.seller, 'seller')).data[0]?.ledTo).toBeNull();
    // A new lot of the same strain is.
    const fresh = await insertListing(test.db, deal.seller.user, {
      title: 'Blue Dream, new harvest',
      strain: 'blue dream',
    });
    const offer = await makeOffer(test, { ...deal, listingId: fresh.id });
    const { order } = await accept(test, deal.seller, offer._id);
    expect((await samplesOf(deal.seller, 'seller')).data[0]?.ledTo).toEqual({
      _id: order._id,
      number: order.number,
    });
    expect((await samplesOf(deal.buyer)).data[0]?.ledTo).toEqual({ _id: order._id, number: order.number });
  });
});

describe('order again', () => {
  async function delivered(deal: Deal, terms = { quantityLbs: 10, pricePerLb: 1150 }) {
    const offer = await makeOffer(test, deal, { ...terms, paymentTerms: 'net15' });
    const { order } = await accept(test, deal.seller, offer._id);
    expect(
      (await send(test, deal.seller, 'POST', `/api/orders/${order._id}/status`, { status: 'fulfilled' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await send(test, deal.buyer, 'POST', `/api/orders/${order._id}/status`, { status: 'completed' }))
        .statusCode,
    ).toBe(200);
    return order;
  }
  const reorder = (who: Person, orderId: string) => send(test, who, 'POST', `/api/orders/${orderId}/reorder`);

  it('offers on the same lot at the last quantity, price and terms', async () => {
    const deal = await parties();
    const order = await delivered(deal);
    const response = await reorder(deal.buyer, order._id);
    expect(response.statusCode).toBe(201);
    const body = json<{ message: string; data: OfferDto }>(response);
    expect(body.message).toBe(DEALS.reorderSent('Blue Dream greenhouse'));
    expect(body.data).toMatchObject({
      listingId: deal.listingId,
      quantityLbs: 10,
      pricePerLb: 1150,
      paymentTerms: 'net15',
      status: 'open',
      madeBy: 'buyer',
    });
    // It is an ordinary offer: a second one while it is open is the one-live-offer rule's.
    expect(answer(await reorder(deal.buyer, order._id))).toBe(`409 ${DEALS.liveOfferExists}`);
  });

  it('caps the quantity at what the lot has left', async () => {
    const deal = await parties();
    const order = await delivered(deal);
    await test.db.update(listings).set({ quantityLbs: 4.5 }).where(eq(listings.id, deal.listingId));
    const body = json<{ data: OfferDto }>(await reorder(deal.buyer, order._id));
    expect(body.data).toMatchObject({ listingId: deal.listingId, quantityLbs: 4.5, pricePerLb: 1150 });
  });

  it("moves to the seller's newest public lot of the same strain and product type when the lot is gone", async () => {
    const deal = await parties();
    const order = await delivered(deal);
    await test.db.update(listings).set({ isActive: false }).where(eq(listings.id, deal.listingId));
    const replacement = await insertListing(test.db, deal.seller.user, {
      title: 'Blue Dream, fall harvest',
      strain: ' blue dream ',
      quantityLbs: 40,
      createdAt: new Date(Date.now() - 60_000),
    });
    // Newer, but another product type: not a replacement for flower.
    await insertListing(test.db, deal.seller.user, {
      title: 'Blue Dream pre-rolls',
      strain: 'Blue Dream',
      productType: 'Pre-Rolls',
    });
    const response = await reorder(deal.buyer, order._id);
    expect(response.statusCode).toBe(201);
    expect(json<{ message: string; data: OfferDto }>(response)).toMatchObject({
      message: DEALS.reorderSent('Blue Dream, fall harvest'),
      data: { listingId: replacement.id, quantityLbs: 10, pricePerLb: 1150 },
    });
  });

  it('answers 409 when nothing matches, when the order is not delivered, and for a sample', async () => {
    const deal = await parties();
    const order = await delivered(deal);
    await test.db.update(listings).set({ isActive: false }).where(eq(listings.id, deal.listingId));
    expect(answer(await reorder(deal.buyer, order._id))).toBe(`409 ${DEALS.nothingToReorder}`);

    const next = await parties();
    const offer = await makeOffer(test, next);
    const { order: confirmed } = await accept(test, next.seller, offer._id);
    expect(answer(await reorder(next.buyer, confirmed._id))).toBe(`409 ${DEALS.reorderNotDelivered}`);
    expect(answer(await reorder(next.seller, confirmed._id))).toBe(`403 ${DEALS.onlyBuyerReorders}`);

    const sample = await requested(next);
    const { data } = await approved(next, sample._id);
    await send(test, next.seller, 'POST', `/api/orders/${data.order._id}/status`, { status: 'fulfilled' });
    expect(answer(await reorder(next.buyer, data.order._id))).toBe(`409 ${DEALS.sampleNotReordered}`);
  });
});
