import {
  CART,
  type CartDto,
  DEALS,
  type InvoiceDto,
  OFFER_LINES_MAX,
  OFFER_RULES,
  type OfferDto,
  type OrderDto,
} from '@canopy/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, licenses, listings, offers, orderLines, orders } from '../src/db/schema/index.ts';
import { insertListing, insertMember } from '../src/seed/factories.ts';
import { listingQuantity } from './deals-helpers.ts';
import { type Person, person } from './messages-helpers.ts';
import { readPdf } from './support/pdf.ts';
import { bearer, createTestApp, json, signIn, type TestApp } from './support/test-app.ts';

// Issue 25 item 0: a buyer's cart (priced per line for them) and offers of several lots of one
// seller, countered per line, accepted all or none, cancelled line by line (decisions 237–239).
// The race for one line's last pounds needs PostgreSQL (see deals-race.test.ts).

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const DISTRIBUTOR = 'C11-0000901-LIC';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
  await test.db.insert(licenses).values({
    licenseNumber: DISTRIBUTOR,
    status: 'Active',
    licenseType: 'Adult-Use Distributor',
    legalName: 'Coast Haul LLC',
    county: 'Alameda',
    expiresOn: '2099-12-31',
  });
});
afterAll(() => test.close());

const call = (who: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  test.app.inject({ method, url, headers: bearer(who.token), payload });
const errorOf = (response: { json: () => unknown }) => (response.json() as { error: string }).error;

/** A seller with three lots: A at $1,000 (tier from 10 lbs: $900), B at $1,200, C at $800. */
async function sellerWithLots(name = 'Emerald Farms') {
  const seller = await person(test, { role: 'seller', businessName: name });
  const a = await insertListing(test.db, seller.user, {
    title: `${name} Lot A`,
    quantityLbs: 50,
    askingPrice: 1000,
  });
  await test.db
    .update(listings)
    .set({ priceTiers: [{ fromLbs: 10, pricePerLb: 900 }] })
    .where(eq(listings.id, a.id));
  const b = await insertListing(test.db, seller.user, {
    title: `${name} Lot B`,
    quantityLbs: 20,
    askingPrice: 1200,
  });
  const c = await insertListing(test.db, seller.user, {
    title: `${name} Lot C`,
    quantityLbs: 30,
    askingPrice: 800,
  });
  return { seller, a, b, c };
}

async function cartOffer(buyer: Person, sellerId: string, lines: Record<string, unknown>[], extra = {}) {
  const response = await call(buyer, 'POST', '/api/offers', { sellerId, lines, ...extra });
  if (response.statusCode !== 201) throw new Error(`offer: ${response.statusCode} ${response.body}`);
  return json<{ data: OfferDto }>(response).data;
}

const linesOf = (offer: OfferDto) =>
  offer.lines.map(({ listingTitle, quantityLbs, pricePerLb, total }) => [
    listingTitle,
    quantityLbs,
    pricePerLb,
    total,
  ]);

describe('the cart', () => {
  it('keeps lots per buying company, grouped by seller, each line priced for its pounds', async () => {
    const north = await sellerWithLots('North Farms');
    const south = await sellerWithLots('South Farms');
    const buyer = await person(test, { role: 'buyer' });
    const saved = await call(buyer, 'PUT', '/api/cart', {
      items: [
        { listingId: north.a.id, quantityLbs: 10 },
        { listingId: south.c.id, quantityLbs: 2 },
        { listingId: north.b.id, quantityLbs: 1.5 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const cart = json<{ data: CartDto }>(saved).data;
    expect(cart.itemCount).toBe(3);
    expect(cart.sellers.map((seller) => [seller.businessName, seller.total])).toEqual([
      ['North Farms', 10800],
      ['South Farms', 1600],
    ]);
    expect(
      cart.sellers[0]?.items.map((item) => [
        item.listingTitle,
        item.pricePerLb,
        item.priceSource,
        item.tierFromLbs,
        item.total,
      ]),
    ).toEqual([
      ['North Farms Lot A', 900, 'tier', 10, 9000],
      ['North Farms Lot B', 1200, 'asking', null, 1800],
    ]);
    // Just under the tier, the asking price.
    await call(buyer, 'PUT', '/api/cart', { items: [{ listingId: north.a.id, quantityLbs: 9.99 }] });
    const read = json<{ data: CartDto }>(await call(buyer, 'GET', '/api/cart')).data;
    expect(read.sellers[0]?.items[0]).toMatchObject({
      pricePerLb: 1000,
      priceSource: 'asking',
      total: 9990,
      availableLbs: 50,
      problem: null,
    });
    expect(read.itemCount).toBe(1);
  });

  it('refuses what cannot be bought with its text, and keeps the cart as it was', async () => {
    const { a, b } = await sellerWithLots('Refusing Farms');
    const seller = await person(test, { role: 'seller' });
    const offerOnly = await insertListing(test.db, seller.user, {
      title: 'Make me an offer',
      makeOffer: true,
    });
    const paused = await insertListing(test.db, seller.user, { title: 'Paused lot', askingPrice: 500 });
    await test.db.update(listings).set({ isActive: false }).where(eq(listings.id, paused.id));
    const buyer = await person(test, { role: 'buyer' });
    await call(buyer, 'PUT', '/api/cart', { items: [{ listingId: a.id, quantityLbs: 1 }] });
    for (const [items, text] of [
      [[{ listingId: b.id, quantityLbs: 20.01 }], CART.notEnough('Refusing Farms Lot B', '20 lbs')],
      [[{ listingId: offerOnly.id, quantityLbs: 1 }], CART.makeOffer('Make me an offer')],
      [[{ listingId: paused.id, quantityLbs: 1 }], CART.listingUnavailable('Paused lot')],
      [[{ listingId: 'not-a-lot', quantityLbs: 1 }], CART.unknownListing],
      [
        [
          { listingId: b.id, quantityLbs: 1 },
          { listingId: b.id, quantityLbs: 2 },
        ],
        CART.itemsDistinct,
      ],
      [[{ listingId: b.id, quantityLbs: 0 }], OFFER_RULES.quantityPositive],
      ['nope', CART.itemsInvalid],
    ] as const) {
      const response = await call(buyer, 'PUT', '/api/cart', { items });
      expect(response.statusCode, text).toBe(400);
      expect(errorOf(response)).toBe(text);
    }
    const kept = await test.db.select().from(cartItems).where(eq(cartItems.buyerCompanyId, buyer.user.id));
    expect(kept.map((item) => [item.listingId, item.quantityLbs])).toEqual([[a.id, 1]]);
    const bySeller = await call(seller, 'GET', '/api/cart');
    expect(bySeller.statusCode).toBe(403);
  });
});

describe('an offer of several lines', () => {
  it('is sent from the cart: one offer with every line, the lots leave the cart', async () => {
    const { seller, a, b, c } = await sellerWithLots('Sending Farms');
    const other = await sellerWithLots('Other Farms');
    const buyer = await person(test, { role: 'buyer' });
    await call(buyer, 'PUT', '/api/cart', {
      items: [
        { listingId: a.id, quantityLbs: 12 },
        { listingId: b.id, quantityLbs: 2 },
        { listingId: other.c.id, quantityLbs: 3 },
      ],
    });
    const offer = await cartOffer(
      buyer,
      seller.user.id,
      [
        { listingId: a.id, quantityLbs: 12, pricePerLb: 900 },
        { listingId: b.id, quantityLbs: 2, pricePerLb: 1100 },
        { listingId: c.id, quantityLbs: 5, pricePerLb: 800 },
      ],
      { paymentTerms: 'net15', note: 'Restock for spring' },
    );
    expect(linesOf(offer)).toEqual([
      ['Sending Farms Lot A', 12, 900, 10800],
      ['Sending Farms Lot B', 2, 1100, 2200],
      ['Sending Farms Lot C', 5, 800, 4000],
    ]);
    // Today's fields describe line 1.
    expect(offer).toMatchObject({
      listingId: a.id,
      listingTitle: 'Sending Farms Lot A',
      quantityLbs: 12,
      pricePerLb: 900,
      total: 10800,
      paymentTerms: 'net15',
      note: 'Restock for spring',
    });
    const cart = json<{ data: CartDto }>(await call(buyer, 'GET', '/api/cart')).data;
    expect(cart.sellers.map((group) => group.businessName)).toEqual(['Other Farms']);
    // The seller's conversation names every line.
    const seen = json<{ data: OfferDto }>(await call(seller, 'GET', `/api/offers/${offer._id}`)).data;
    expect(seen.lines).toHaveLength(3);
    const conversations = json<{ data: { lastMessage: string }[] }>(
      await call(seller, 'GET', '/api/messages/conversations'),
    ).data;
    expect(conversations[0]?.lastMessage).toMatch(
      /^Offer on "Sending Farms Lot A" and 2 more lots: "Sending Farms Lot A": 12 lbs at \$900\.00\/lb, total \$10,800\.00; "Sending Farms Lot B"/,
    );
  });

  it('refuses lines of another seller, a lot twice, too many lines and a short line, writing nothing', async () => {
    const { seller, a, b } = await sellerWithLots('Strict Farms');
    const other = await sellerWithLots('Elsewhere Farms');
    const buyer = await person(test, { role: 'buyer' });
    const line = (listingId: string, quantityLbs = 1) => ({ listingId, quantityLbs, pricePerLb: 100 });
    for (const [body, status, text] of [
      [{ sellerId: seller.user.id, lines: [line(a.id), line(other.a.id)] }, 400, DEALS.lineOtherSeller],
      [{ sellerId: seller.user.id, lines: [line(a.id), line(a.id)] }, 400, OFFER_RULES.linesDistinct],
      [{ sellerId: seller.user.id, lines: [] }, 400, OFFER_RULES.linesRequired],
      [
        { sellerId: seller.user.id, lines: Array.from({ length: OFFER_LINES_MAX + 1 }, () => line(a.id)) },
        400,
        OFFER_RULES.linesMax,
      ],
      [
        { sellerId: seller.user.id, lines: [line(a.id), line(b.id, 21)] },
        400,
        DEALS.lineNotEnoughQuantity('Strict Farms Lot B'),
      ],
      [{ lines: [line(a.id)] }, 400, OFFER_RULES.sellerRequired],
      [
        { sellerId: seller.user.id, lines: [{ listingId: a.id, quantityLbs: 1 }] },
        400,
        OFFER_RULES.priceRequired,
      ],
      [{ listingId: a.id, pricePerLb: 1 }, 400, OFFER_RULES.quantityRequired],
    ] as const) {
      const response = await call(buyer, 'POST', '/api/offers', body);
      expect([response.statusCode, errorOf(response)]).toEqual([status, text]);
    }
    expect(await test.db.select().from(offers).where(eq(offers.buyerId, buyer.user.id))).toEqual([]);
  });

  it('is countered per line by the seller (a price changed, a line removed) and accepted into an order of those lines', async () => {
    const { seller, a, b, c } = await sellerWithLots('Counter Farms');
    const buyer = await person(test, { role: 'buyer' });
    const offer = await cartOffer(buyer, seller.user.id, [
      { listingId: a.id, quantityLbs: 12, pricePerLb: 850 },
      { listingId: b.id, quantityLbs: 2, pricePerLb: 1200 },
      { listingId: c.id, quantityLbs: 5, pricePerLb: 800 },
    ]);
    // A one-line body cannot say which line it means.
    const vague = await call(seller, 'POST', `/api/offers/${offer._id}/counter`, {
      quantityLbs: 1,
      pricePerLb: 1,
    });
    expect([vague.statusCode, errorOf(vague)]).toEqual([400, DEALS.counterNeedsLines]);
    const foreign = await insertListing(test.db, seller.user, { title: 'Not offered' });
    const adding = await call(seller, 'POST', `/api/offers/${offer._id}/counter`, {
      lines: [{ listingId: foreign.id, quantityLbs: 1, pricePerLb: 1000 }],
    });
    expect([adding.statusCode, errorOf(adding)]).toEqual([400, DEALS.counterUnknownLine]);
    const countered = await call(seller, 'POST', `/api/offers/${offer._id}/counter`, {
      lines: [
        { listingId: a.id, quantityLbs: 12, pricePerLb: 900 },
        { listingId: c.id, quantityLbs: 5, pricePerLb: 780 },
      ],
      paymentTerms: 'net7',
    });
    expect(countered.statusCode).toBe(201);
    const counter = json<{ data: OfferDto }>(countered).data;
    expect(linesOf(counter)).toEqual([
      ['Counter Farms Lot A', 12, 900, 10800],
      ['Counter Farms Lot C', 5, 780, 3900],
    ]);
    expect(counter).toMatchObject({ madeBy: 'seller', previousOfferId: offer._id, paymentTerms: 'net7' });
    const accepted = await call(buyer, 'POST', `/api/offers/${counter._id}/accept`);
    expect(accepted.statusCode).toBe(200);
    const order = json<{ data: { order: OrderDto } }>(accepted).data.order;
    expect(
      order.lines.map((line) => [
        line.listingTitle,
        line.quantityLbs,
        line.pricePerLb,
        line.total,
        line.priceSource,
        line.tierFromLbs,
      ]),
    ).toEqual([
      ['Counter Farms Lot A', 12, 900, 10800, 'tier', 10],
      ['Counter Farms Lot C', 5, 780, 3900, 'negotiated', null],
    ]);
    expect(order).toMatchObject({ listingId: a.id, quantityLbs: 12, total: 10800, paymentTerms: 'net7' });
    expect([
      await listingQuantity(test, a.id),
      await listingQuantity(test, b.id),
      await listingQuantity(test, c.id),
    ]).toEqual([38, 20, 25]);
    // The confirmation names every line and the sum of them.
    const pdf = await call(buyer, 'GET', `/api/orders/${order._id}/confirmation.pdf`);
    const text = (await readPdf(pdf.rawPayload)).lines.map((line) => line.text).join('\n');
    expect(text).toContain('1. Counter Farms Lot A: 12 lbs at $900.00/lb, total $10,800.00');
    expect(text).toContain('2. Counter Farms Lot C: 5 lbs at $780.00/lb, total $3,900.00');
    expect(text).toContain('Total: $14,700.00');
  });

  it('keeps a one-line counter body for a one-line offer, answering lines of one', async () => {
    const { seller, b } = await sellerWithLots('Single Farms');
    const buyer = await person(test, { role: 'buyer' });
    const made = await call(buyer, 'POST', '/api/offers', {
      listingId: b.id,
      quantityLbs: 3,
      pricePerLb: 1100,
    });
    const offer = json<{ data: OfferDto }>(made).data;
    expect(linesOf(offer)).toEqual([['Single Farms Lot B', 3, 1100, 3300]]);
    const counter = await call(seller, 'POST', `/api/offers/${offer._id}/counter`, {
      quantityLbs: 4,
      pricePerLb: 1150,
    });
    expect(linesOf(json<{ data: OfferDto }>(counter).data)).toEqual([['Single Farms Lot B', 4, 1150, 4600]]);
  });

  it('is refused as a whole when one line is short or its lot was rewritten, naming that lot, and takes nothing', async () => {
    const { seller, a, b, c } = await sellerWithLots('Short Farms');
    const buyer = await person(test, { role: 'buyer' });
    const offer = await cartOffer(buyer, seller.user.id, [
      { listingId: a.id, quantityLbs: 10, pricePerLb: 900 },
      { listingId: b.id, quantityLbs: 15, pricePerLb: 1200 },
      { listingId: c.id, quantityLbs: 5, pricePerLb: 800 },
    ]);
    await test.db.update(listings).set({ quantityLbs: 14 }).where(eq(listings.id, b.id));
    const short = await call(seller, 'POST', `/api/offers/${offer._id}/accept`);
    expect([short.statusCode, errorOf(short)]).toEqual([
      409,
      DEALS.lineNotEnoughQuantity('Short Farms Lot B'),
    ]);
    expect((short.json() as { code: string }).code).toBe('line_quantity_unavailable');
    await test.db.update(listings).set({ quantityLbs: 20, strain: 'Rewritten' }).where(eq(listings.id, c.id));
    const changed = await call(seller, 'POST', `/api/offers/${offer._id}/accept`);
    expect([changed.statusCode, errorOf(changed)]).toEqual([409, DEALS.lineLotChanged('Short Farms Lot C')]);
    expect((changed.json() as { code: string }).code).toBe('line_lot_changed');
    expect([
      await listingQuantity(test, a.id),
      await listingQuantity(test, b.id),
      await listingQuantity(test, c.id),
    ]).toEqual([50, 14, 20]);
    expect(await test.db.select().from(orders).where(eq(orders.offerId, offer._id))).toEqual([]);
    const still = json<{ data: OfferDto }>(await call(buyer, 'GET', `/api/offers/${offer._id}`)).data;
    expect(still.status).toBe('open');
  });

  it('is scheduled with packages of every lot, invoiced line by line, and cancelled back line by line', async () => {
    const { seller, a, b, c } = await sellerWithLots('Trade Farms');
    const buyer = await person(test, { role: 'buyer' });
    const offer = await cartOffer(buyer, seller.user.id, [
      { listingId: a.id, quantityLbs: 10, pricePerLb: 900 },
      { listingId: b.id, quantityLbs: 2, pricePerLb: 1200 },
      { listingId: c.id, quantityLbs: 3, pricePerLb: 800 },
    ]);
    const order = json<{ data: { order: OrderDto } }>(
      await call(seller, 'POST', `/api/offers/${offer._id}/accept`),
    ).data.order;
    const schedule = (packages: { uid: string; quantityLbs: number }[]) =>
      call(seller, 'POST', `/api/orders/${order._id}/schedule`, {
        distributorLicenseNumber: DISTRIBUTOR,
        pickupAt: '2030-03-05T17:30:00Z',
        estimatedArrivalAt: '2030-03-05T21:00:00Z',
        driverName: 'Jordan Wheeler',
        driverLicenseNumber: 'D7654321',
        vehicleMake: 'Ford',
        vehicleModel: 'Transit 250',
        vehiclePlate: '8abc123',
        packages,
      });
    const uid = (n: number) => `1A4${String(n).padStart(21, '0')}`;
    // Line 1's pounds alone are not the order's.
    const partial = await schedule([{ uid: uid(1), quantityLbs: 10 }]);
    expect(partial.statusCode).toBe(400);
    const scheduled = await schedule([
      { uid: uid(1), quantityLbs: 10 },
      { uid: uid(2), quantityLbs: 2 },
      { uid: uid(3), quantityLbs: 3 },
    ]);
    expect(scheduled.statusCode).toBe(200);
    const invoice = json<{ data: InvoiceDto }>(
      await call(buyer, 'GET', `/api/orders/${order._id}/invoice`),
    ).data;
    expect(invoice.lines.map((line) => [line.quantityLbs, line.pricePerLb, line.amount])).toEqual([
      [10, 900, 9000],
      [2, 1200, 2400],
      [3, 800, 2400],
    ]);
    expect(invoice.total).toBe(13800);
    const cancelled = await call(buyer, 'POST', `/api/orders/${order._id}/status`, {
      status: 'cancelled',
      reason: 'Changed plans',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(json<{ data: OrderDto }>(cancelled).data.history.at(-1)?.quantityReturned).toBe(true);
    expect([
      await listingQuantity(test, a.id),
      await listingQuantity(test, b.id),
      await listingQuantity(test, c.id),
    ]).toEqual([50, 20, 30]);
  });

  it('returns only the lines whose lot the seller left alone when cancelled', async () => {
    const { seller, a, b } = await sellerWithLots('Return Farms');
    const buyer = await person(test, { role: 'buyer' });
    const offer = await cartOffer(buyer, seller.user.id, [
      { listingId: a.id, quantityLbs: 5, pricePerLb: 1000 },
      { listingId: b.id, quantityLbs: 5, pricePerLb: 1200 },
    ]);
    const order = json<{ data: { order: OrderDto } }>(
      await call(seller, 'POST', `/api/offers/${offer._id}/accept`),
    ).data.order;
    await test.db.update(listings).set({ strain: 'Rewritten' }).where(eq(listings.id, b.id));
    const cancelled = await call(seller, 'POST', `/api/orders/${order._id}/status`, {
      status: 'cancelled',
      reason: 'Crop failed',
    });
    expect(json<{ data: OrderDto }>(cancelled).data.history.at(-1)?.quantityReturned).toBe(false);
    expect([await listingQuantity(test, a.id), await listingQuantity(test, b.id)]).toEqual([50, 15]);
  });
});

describe('an offer of several lines and the order limit', () => {
  it('is held when the lines together pass the member’s limit, and checks every line when approved', async () => {
    const { seller, a, b } = await sellerWithLots('Limit Farms');
    const buyer = await person(test, { role: 'buyer' });
    const member = await insertMember(test.db, buyer.user.id, 'purchasing', { orderLimit: 5000 });
    const purchaser: Person = { user: member, token: await signIn(test.app, member.email) };
    const manager = await insertMember(test.db, buyer.user.id, 'manager');
    const approver: Person = { user: manager, token: await signIn(test.app, manager.email) };
    // Each line is under the limit; together they are $5,600.
    const offer = await cartOffer(purchaser, seller.user.id, [
      { listingId: a.id, quantityLbs: 4, pricePerLb: 1000 },
      { listingId: b.id, quantityLbs: 2, pricePerLb: 800 },
    ]);
    expect(offer.status).toBe('awaiting_approval');
    await test.db.update(listings).set({ quantityLbs: 1 }).where(eq(listings.id, b.id));
    const short = await call(approver, 'POST', `/api/offers/${offer._id}/approve`);
    expect([short.statusCode, errorOf(short)]).toEqual([
      409,
      DEALS.lineNotEnoughQuantity('Limit Farms Lot B'),
    ]);
    await test.db.update(listings).set({ quantityLbs: 20 }).where(eq(listings.id, b.id));
    const approved = await call(approver, 'POST', `/api/offers/${offer._id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(json<{ data: OfferDto }>(approved).data.status).toBe('open');
  });
});

describe.runIf(onPostgres)('two cart offers racing for one line’s last pounds (PostgreSQL)', () => {
  it('one acceptance wins; the other is refused naming the lot and writes nothing', async () => {
    for (let round = 0; round < 5; round++) {
      const { seller, a, b, c } = await sellerWithLots(`Race Farms ${round}`);
      await test.db.update(listings).set({ quantityLbs: 10 }).where(eq(listings.id, b.id));
      const first = await person(test, { role: 'buyer' });
      const second = await person(test, { role: 'buyer' });
      const one = await cartOffer(first, seller.user.id, [
        { listingId: a.id, quantityLbs: 5, pricePerLb: 1000 },
        { listingId: b.id, quantityLbs: 8, pricePerLb: 1200 },
      ]);
      const two = await cartOffer(second, seller.user.id, [
        { listingId: c.id, quantityLbs: 4, pricePerLb: 800 },
        { listingId: b.id, quantityLbs: 6, pricePerLb: 1200 },
      ]);
      const answers = await Promise.all(
        [one, two].map((offer) => call(seller, 'POST', `/api/offers/${offer._id}/accept`)),
      );
      expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const firstWon = answers[0]?.statusCode === 200;
      const refused = firstWon ? answers[1] : answers[0];
      if (!refused) throw new Error('two answers expected');
      expect(errorOf(refused)).toBe(DEALS.lineNotEnoughQuantity(`Race Farms ${round} Lot B`));
      const made = await test.db
        .select()
        .from(orders)
        .where(inArray(orders.offerId, [one._id, two._id]));
      expect(made).toHaveLength(1);
      const lines = await test.db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, made[0]?.id ?? ''));
      expect(lines).toHaveLength(2);
      // The losing offer's other lot is untouched: nothing partial was written.
      expect([
        await listingQuantity(test, a.id),
        await listingQuantity(test, b.id),
        await listingQuantity(test, c.id),
      ]).toEqual(firstWon ? [45, 2, 30] : [50, 4, 26]);
    }
  });
});
