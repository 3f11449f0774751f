import {
  AUTH,
  californiaToday,
  DEALS,
  FULFILMENT,
  type InvoiceDto,
  OFFER_RULES,
  type OrderDto,
  SCHEDULE_RULES,
} from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, licenses, orderFulfilments, orders } from '../src/db/schema/index.ts';
import { accept, type Deal, dealParties, makeOffer, send } from './deals-helpers.ts';
import { type Person, person } from './messages-helpers.ts';
import { type PdfLine, readPdf } from './support/pdf.ts';
import { createTestApp, json, type TestApp } from './support/test-app.ts';

// Issue 23 items 2, 3, 4 and 6: payment terms carried from the offer to the order, scheduling with
// a distributor of record, the statuses confirmed → scheduled → in transit → fulfilled → completed,
// the invoice (numbered per seller, corrected into new versions until transit, never after), its
// PDF with every B&P §26161 field, and the manifest as PDF and CSV. PDFs are read back with
// pdf.js, as a person's viewer would show their words.

let test: TestApp;
let admin: Person;
beforeAll(async () => {
  test = await createTestApp();
  admin = await person(test, { role: 'admin' });
  await test.db.insert(licenses).values([
    {
      licenseNumber: REGISTRY.active,
      status: 'Active',
      licenseType: 'Adult-Use Distributor',
      legalName: 'Golden State Logistics LLC',
      dbaName: 'Golden State Transport',
      county: 'Alameda',
      expiresOn: '2099-12-31',
    },
    {
      licenseNumber: REGISTRY.suspended,
      status: 'Suspended',
      licenseType: 'Distributor',
      legalName: 'Gone LLC',
    },
    {
      licenseNumber: REGISTRY.expired,
      status: 'Active',
      licenseType: 'Distributor',
      legalName: 'Old Haul LLC',
      expiresOn: '2020-01-01',
    },
    {
      licenseNumber: REGISTRY.grower,
      status: 'Active',
      licenseType: 'Cultivation',
      legalName: 'Hill Farms LLC',
      expiresOn: '2099-12-31',
    },
  ]);
});
afterAll(() => test.close());

const REGISTRY = {
  active: 'C11-0000777-LIC',
  suspended: 'C11-0000778-LIC',
  expired: 'C11-0000779-LIC',
  grower: 'CCL18-0000780',
};

const uid = (n: number) => `1A4${String(n).padStart(21, '0')}`;

const schedule = (overrides: Record<string, unknown> = {}) => ({
  distributorLicenseNumber: REGISTRY.active,
  pickupAt: '2030-03-05T17:30:00Z',
  estimatedArrivalAt: '2030-03-05T21:00:00Z',
  driverName: 'Jordan Wheeler',
  driverLicenseNumber: 'D7654321',
  vehicleMake: 'Ford',
  vehicleModel: 'Transit 250',
  vehiclePlate: '8abc123',
  packages: [
    { uid: uid(1), quantityLbs: 6 },
    { uid: uid(2), quantityLbs: 4 },
  ],
  ...overrides,
});

const errorOf = (response: { json: () => unknown }) => (response.json() as { error: string }).error;

let sellers = 0;
/** A seller (a distributor itself when asked), a buyer, and an accepted net-15 order of 10 lbs at $1,200. */
async function confirmedOrder(options: { deal?: Deal; sellerLicenseType?: string } = {}) {
  sellers += 1;
  const deal =
    options.deal ??
    (await dealParties(
      test,
      { title: 'Blue Dream greenhouse' },
      {
        seller: {
          businessName: `Emerald Farms ${sellers}`,
          licenseType: options.sellerLicenseType ?? 'Adult-Use Cultivation',
        },
        buyer: { businessName: `Valley Dispensary ${sellers}` },
      },
    ));
  const offer = await makeOffer(test, deal, { quantityLbs: 10, pricePerLb: 1200, paymentTerms: 'net15' });
  const { order } = await accept(test, deal.seller, offer._id);
  return { deal, order };
}

const post = (who: Person, url: string, body?: Record<string, unknown>) => send(test, who, 'POST', url, body);

async function scheduled(options: Parameters<typeof confirmedOrder>[0] = {}) {
  const made = await confirmedOrder(options);
  const response = await post(made.deal.seller, `/api/orders/${made.order._id}/schedule`, schedule());
  if (response.statusCode !== 200) throw new Error(`schedule: ${response.body}`);
  return { ...made, order: json<{ data: OrderDto }>(response).data };
}

async function invoiceOf(who: Person, orderId: string): Promise<InvoiceDto> {
  const response = await send(test, who, 'GET', `/api/orders/${orderId}/invoice`);
  if (response.statusCode !== 200) throw new Error(`invoice: ${response.body}`);
  return json<{ data: InvoiceDto }>(response).data;
}

const move = (who: Person, orderId: string, status: string, reason?: string) =>
  post(who, `/api/orders/${orderId}/status`, reason ? { status, reason } : { status });

/** A PDF's words as a viewer shows them: the runs drawn on one line, left to right, a line each. */
async function pdfText(body: Buffer): Promise<string> {
  const { lines } = await readPdf(body);
  const rows = new Map<string, PdfLine[]>();
  for (const line of lines) {
    const key = `${line.page}:${Math.round(line.y)}`;
    rows.set(key, [...(rows.get(key) ?? []), line]);
  }
  return [...rows.values()]
    .map((row) =>
      row
        .sort((a, b) => a.x - b.x)
        .map((run) => run.text)
        .join(' '),
    )
    .join('\n')
    .replace(/[ \t]+/g, ' ');
}

/** RFC 4180 as the manifest writes it: every cell quoted, rows ended by CRLF. */
const readCsv = (text: string) =>
  text
    .trimEnd()
    .split('\r\n')
    .map((row) =>
      [...row.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => (match[1] ?? '').replace(/""/g, '"')),
    );

describe('payment terms', () => {
  it('default to cash on delivery, travel with an offer and its counters, and land on the order', async () => {
    const deal = await dealParties(test);
    const plain = await makeOffer(test, deal, { quantityLbs: 1, pricePerLb: 100 });
    expect(plain.paymentTerms).toBe('cod');
    await post(deal.buyer, `/api/offers/${plain._id}/withdraw`);

    const refused = await post(deal.buyer, '/api/offers', {
      listingId: deal.listingId,
      quantityLbs: 1,
      pricePerLb: 100,
      paymentTerms: 'net60',
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe(OFFER_RULES.paymentTermsInvalid);

    const net15 = await makeOffer(test, deal, { quantityLbs: 2, pricePerLb: 100, paymentTerms: 'net15' });
    expect(net15.paymentTerms).toBe('net15');
    // A counter that says nothing of terms keeps them; one that names them changes them.
    const kept = await post(deal.seller, `/api/offers/${net15._id}/counter`, {
      quantityLbs: 2,
      pricePerLb: 110,
    });
    expect(json<{ data: { paymentTerms: string } }>(kept).data.paymentTerms).toBe('net15');
    const keptId = json<{ data: { _id: string } }>(kept).data._id;
    const changed = await post(deal.buyer, `/api/offers/${keptId}/counter`, {
      quantityLbs: 2,
      pricePerLb: 105,
      paymentTerms: 'net30',
    });
    const counter = json<{ data: { _id: string; paymentTerms: string } }>(changed).data;
    expect(counter.paymentTerms).toBe('net30');
    const { order } = await accept(test, deal.seller, counter._id);
    expect(order).toMatchObject({
      paymentTerms: 'net30',
      dueDate: null,
      fulfilment: null,
      status: 'confirmed',
    });
  });
});

describe('scheduling an order', () => {
  it('refuses a malformed schedule with its text and writes nothing', async () => {
    const { deal, order } = await confirmedOrder();
    const cases: [Record<string, unknown>, string][] = [
      [{ pickupAt: 'tomorrow' }, SCHEDULE_RULES.pickupRequired],
      [{ estimatedArrivalAt: '2030-03-05T17:00:00Z' }, SCHEDULE_RULES.arrivalBeforePickup],
      [{ distributorLicenseNumber: ' ' }, SCHEDULE_RULES.distributorRequired],
      [{ driverName: '' }, SCHEDULE_RULES.driverNameRequired],
      [{ driverLicenseNumber: 'D1' }, SCHEDULE_RULES.driverLicenseInvalid],
      [{ vehiclePlate: 'TOO-LONG-PLATE' }, SCHEDULE_RULES.vehiclePlateInvalid],
      [{ packages: [] }, SCHEDULE_RULES.packagesRequired],
      [{ packages: [{ uid: '1A4-short', quantityLbs: 10 }] }, SCHEDULE_RULES.packageUidInvalid],
      [{ packages: [{ uid: `1B4${'0'.repeat(21)}`, quantityLbs: 10 }] }, SCHEDULE_RULES.packageUidInvalid],
      [
        {
          packages: [
            { uid: uid(1), quantityLbs: 5 },
            { uid: uid(1), quantityLbs: 5 },
          ],
        },
        SCHEDULE_RULES.packageUidRepeated,
      ],
      [{ packages: [{ uid: uid(1), quantityLbs: 9.5 }] }, FULFILMENT.packagesDontAddUp('9.5 lbs', '10 lbs')],
      [
        { distributorLicenseNumber: REGISTRY.suspended },
        FULFILMENT.distributorInactive(REGISTRY.suspended, 'suspended'),
      ],
    ];
    for (const [change, text] of cases) {
      const response = await post(deal.seller, `/api/orders/${order._id}/schedule`, schedule(change));
      expect([response.statusCode, errorOf(response)], JSON.stringify(change)).toEqual([400, text]);
    }
    const [row] = await test.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order._id));
    expect(row?.status).toBe('confirmed');
    expect(
      await test.db.select().from(orderFulfilments).where(eq(orderFulfilments.orderId, order._id)),
    ).toEqual([]);
    expect(await test.db.select().from(invoices).where(eq(invoices.orderId, order._id))).toEqual([]);
  });

  it("takes the seller's own distributor license, or one the registry lists as active distribution", async () => {
    const own = await confirmedOrder({ sellerLicenseType: 'Adult-Use Distribution' });
    const ownLicense = own.deal.seller.user.licenseNumber;
    const byOwn = await post(
      own.deal.seller,
      `/api/orders/${own.order._id}/schedule`,
      schedule({ distributorLicenseNumber: ownLicense.toLowerCase() }),
    );
    expect(byOwn.statusCode).toBe(200);
    expect(json<{ data: OrderDto }>(byOwn).data.fulfilment?.distributor).toMatchObject({
      source: 'own',
      licenseNumber: ownLicense,
      businessName: own.deal.seller.user.businessName,
      address: { street: '100 Main Street', city: 'Sacramento' },
    });

    const { deal, order } = await confirmedOrder();
    const refusals: [string, string][] = [
      [
        deal.seller.user.licenseNumber.replace('C11', 'C12'),
        FULFILMENT.distributorUnknown(deal.seller.user.licenseNumber.replace('C11', 'C12')),
      ],
      [REGISTRY.expired, FULFILMENT.distributorExpired(REGISTRY.expired)],
      [REGISTRY.grower, FULFILMENT.distributorNotDistribution(REGISTRY.grower, 'Cultivation')],
    ];
    for (const [number, text] of refusals) {
      const response = await post(
        deal.seller,
        `/api/orders/${order._id}/schedule`,
        schedule({ distributorLicenseNumber: number }),
      );
      expect([response.statusCode, errorOf(response)]).toEqual([400, text]);
      expect(json<{ code: string }>(response).code).toBe('distributor_refused');
    }
    const response = await post(deal.seller, `/api/orders/${order._id}/schedule`, schedule());
    expect(response.statusCode).toBe(200);
    const body = json<{ message: string; data: OrderDto }>(response);
    expect(body.message).toBe(FULFILMENT.scheduled);
    expect(body.data).toMatchObject({
      status: 'scheduled',
      fulfilment: {
        distributor: {
          source: 'registry',
          licenseNumber: REGISTRY.active,
          businessName: 'Golden State Transport',
          licenseType: 'Adult-Use Distributor',
          address: { county: 'Alameda', state: 'CA' },
        },
        pickupAt: '2030-03-05T17:30:00.000Z',
        estimatedArrivalAt: '2030-03-05T21:00:00.000Z',
        driverName: 'Jordan Wheeler',
        driverLicenseNumber: 'D7654321',
        vehiclePlate: '8ABC123',
        packages: [
          { uid: uid(1), quantityLbs: 6 },
          { uid: uid(2), quantityLbs: 4 },
        ],
      },
    });
    expect(body.data.history.map((entry) => entry.status)).toEqual(['confirmed', 'scheduled']);
  });

  it('is the seller’s alone: the buyer gets 403, an outsider 404, an admin 403, and nothing changes', async () => {
    const { deal, order } = await confirmedOrder();
    const outsider = await person(test, { role: 'seller' });
    const url = `/api/orders/${order._id}/schedule`;
    const buyer = await post(deal.buyer, url, schedule());
    expect([buyer.statusCode, errorOf(buyer)]).toEqual([403, FULFILMENT.onlySellerSchedules]);
    const other = await post(outsider, url, schedule());
    expect([other.statusCode, errorOf(other)]).toEqual([404, DEALS.orderNotFound]);
    const byAdmin = await post(admin, url, schedule());
    expect([byAdmin.statusCode, errorOf(byAdmin)]).toEqual([403, AUTH.forbidden]);
    expect(
      await test.db.select().from(orderFulfilments).where(eq(orderFulfilments.orderId, order._id)),
    ).toEqual([]);
  });
});

describe('the statuses of a scheduled order', () => {
  it('go scheduled → in transit → fulfilled → completed, with the due date counted from delivery', async () => {
    const { deal, order } = await scheduled();
    const refusedSkip = await move(deal.seller, order._id, 'fulfilled');
    expect([refusedSkip.statusCode, errorOf(refusedSkip)]).toEqual([
      409,
      DEALS.orderTransition('scheduled', 'fulfilled'),
    ]);
    const byBuyer = await move(deal.buyer, order._id, 'in_transit');
    expect([byBuyer.statusCode, errorOf(byBuyer)]).toEqual([403, FULFILMENT.onlySellerShips]);

    expect((await move(deal.seller, order._id, 'in_transit')).statusCode).toBe(200);
    const cancel = await move(deal.buyer, order._id, 'cancelled', 'Changed our mind');
    expect([cancel.statusCode, errorOf(cancel)]).toEqual([
      409,
      DEALS.orderTransition('in transit', 'cancelled'),
    ]);
    const reschedule = await post(deal.seller, `/api/orders/${order._id}/schedule`, schedule());
    expect([reschedule.statusCode, errorOf(reschedule)]).toEqual([409, FULFILMENT.frozenInTransit]);

    const delivered = await move(deal.seller, order._id, 'fulfilled');
    const fulfilled = json<{ data: OrderDto }>(delivered).data;
    const due = new Date(`${californiaToday()}T12:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 15);
    expect(fulfilled.dueDate).toBe(due.toISOString().slice(0, 10));
    const completed = json<{ data: OrderDto }>(await move(deal.buyer, order._id, 'completed')).data;
    expect(completed.history.map((entry) => [entry.status, entry.by])).toEqual([
      ['confirmed', 'seller'],
      ['scheduled', 'seller'],
      ['in_transit', 'seller'],
      ['fulfilled', 'seller'],
      ['completed', 'buyer'],
    ]);

    await test.ctx.mailer.drain();
    const subjects = test.smtp.mails
      .filter((mail) => mail.to.includes(deal.buyer.user.email))
      .map((mail) => mail.subject);
    expect(subjects).toContain(`Order ${order.number} scheduled for delivery`);
    expect(subjects).toContain(`Order ${order.number} in transit`);
  });

  it('keep the old moves for an order that skips scheduling, and let a scheduled order be cancelled', async () => {
    const skipping = await confirmedOrder();
    const early = await move(skipping.deal.seller, skipping.order._id, 'in_transit');
    expect([early.statusCode, errorOf(early)]).toEqual([
      409,
      DEALS.orderTransition('confirmed', 'in transit'),
    ]);
    const fulfilled = json<{ data: OrderDto }>(
      await move(skipping.deal.seller, skipping.order._id, 'fulfilled'),
    ).data;
    expect(fulfilled.status).toBe('fulfilled');
    expect(fulfilled.dueDate).not.toBeNull();

    const { deal, order } = await scheduled();
    const cancelled = await move(deal.buyer, order._id, 'cancelled', 'Store closed');
    expect(json<{ data: OrderDto }>(cancelled).data.status).toBe('cancelled');
    const again = await post(deal.seller, `/api/orders/${order._id}/schedule`, schedule());
    expect([again.statusCode, errorOf(again)]).toEqual([409, FULFILMENT.cannotSchedule('cancelled')]);
  });
});

describe('the invoice', () => {
  it('is issued on scheduling, numbered by each seller, with the lines, parties and origin', async () => {
    const first = await scheduled();
    const invoice = await invoiceOf(first.deal.buyer, first.order._id);
    expect(invoice).toMatchObject({
      number: 'INV-000001',
      version: 1,
      seller: {
        businessName: first.deal.seller.user.businessName,
        licenseNumber: first.deal.seller.user.licenseNumber,
        address: { street: '100 Main Street', city: 'Sacramento', state: 'CA', zipCode: '95814' },
      },
      buyer: {
        businessName: first.deal.buyer.user.businessName,
        licenseNumber: first.deal.buyer.user.licenseNumber,
      },
      transportOrigin: '100 Main Street, Sacramento, CA 95814',
      lines: [
        {
          description: expect.stringMatching(/^Blue Dream greenhouse \(.+\)$/),
          quantityLbs: 10,
          unit: 'lb',
          pricePerLb: 1200,
          discount: 0,
          amount: 12000,
        },
      ],
      total: 12000,
      paymentTerms: 'net15',
      dueDate: null,
      paid: 0,
      balance: 12000,
      status: 'open',
      payments: [],
      orderNumber: first.order.number,
    });
    expect(invoice.versions.map((version) => [version.version, version.supersededAt])).toEqual([[1, null]]);

    // The same seller's next order takes the next number; another seller starts at 1.
    const second = await scheduled({ deal: first.deal });
    expect((await invoiceOf(second.deal.seller, second.order._id)).number).toBe('INV-000002');
    const other = await scheduled();
    expect((await invoiceOf(other.deal.seller, other.order._id)).number).toBe('INV-000001');
  });

  it('is corrected into new versions before transit, keeps the old ones, and never changes after', async () => {
    const { deal, order } = await scheduled();
    const url = `/api/orders/${order._id}/invoice/corrections`;
    const tooMuch = await post(deal.seller, url, { lines: [{ position: 1, discount: 12000.01 }] });
    expect([tooMuch.statusCode, errorOf(tooMuch)]).toEqual([
      400,
      FULFILMENT.discountTooLarge(1, '$12,000.00'),
    ]);
    const noLine = await post(deal.seller, url, { lines: [{ position: 9, discount: 1 }] });
    expect([noLine.statusCode, errorOf(noLine)]).toEqual([400, FULFILMENT.lineNotOnInvoice(9)]);
    const byBuyer = await post(deal.buyer, url, { lines: [{ position: 1, discount: 1 }] });
    expect([byBuyer.statusCode, errorOf(byBuyer)]).toEqual([403, FULFILMENT.onlySellerCorrects]);

    const corrected = await post(deal.seller, url, {
      lines: [{ position: 1, discount: 500 }],
      reason: 'Trim',
    });
    expect(corrected.statusCode).toBe(201);
    const v2 = json<{ message: string; data: InvoiceDto }>(corrected);
    expect(v2.message).toBe(FULFILMENT.corrected);
    expect(v2.data).toMatchObject({ number: 'INV-000001', version: 2, total: 11500, balance: 11500 });
    expect(v2.data.lines[0]).toMatchObject({ discount: 500, amount: 11500 });

    // Rescheduling issues the next version, the discount carried, the number kept.
    const moved = await post(
      deal.seller,
      `/api/orders/${order._id}/schedule`,
      schedule({ driverName: 'Ana Ruiz' }),
    );
    expect(json<{ message: string }>(moved).message).toBe(FULFILMENT.rescheduled);
    const v3 = await invoiceOf(deal.seller, order._id);
    expect(v3).toMatchObject({ number: 'INV-000001', version: 3, total: 11500 });
    expect(
      v3.versions.map((version) => [version.version, version.total, version.supersededAt === null]),
    ).toEqual([
      [3, 11500, true],
      [2, 11500, false],
      [1, 12000, false],
    ]);

    await move(deal.seller, order._id, 'in_transit');
    const late = await post(deal.seller, url, { lines: [{ position: 1, discount: 600 }] });
    expect([late.statusCode, errorOf(late)]).toEqual([409, FULFILMENT.frozenInTransit]);
    expect(json<{ code: string }>(late).code).toBe('fulfilment_frozen');
    expect((await invoiceOf(deal.seller, order._id)).version).toBe(3);
  });

  it('prints every field of B&P §26161 in its PDF', async () => {
    const { deal, order } = await scheduled();
    const response = await send(test, deal.buyer, 'GET', `/api/orders/${order._id}/invoice.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(response.rawPayload);
    const invoice = await invoiceOf(deal.buyer, order._id);
    for (const field of [
      // Names and addresses of seller and purchaser, with their licenses.
      deal.seller.user.businessName,
      deal.buyer.user.businessName,
      `License: ${deal.seller.user.licenseNumber}`,
      `License: ${deal.buyer.user.licenseNumber}`,
      '100 Main Street',
      'Sacramento, CA 95814',
      // Date of sale and invoice number.
      `Invoice ${invoice.number}`,
      'Date of sale:',
      // Kind, quantity and size of each item and package.
      invoice.lines[0]?.description ?? 'no line',
      'Quantity: 10 lbs (unit: lb) at $1,200.00/lb',
      `${uid(1)}: 6 lbs`,
      `${uid(2)}: 4 lbs`,
      // Cost with discounts.
      'Discount: $0.00. Amount: $12,000.00',
      'Total due: $12,000.00',
      // Where transport started.
      'Transport origin: 100 Main Street, Sacramento, CA 95814',
      'Payment terms: Net 15 days',
    ]) {
      expect(text, field).toContain(field);
    }
  });
});

describe('the manifest', () => {
  it('names shipper, distributor, receiver, driver, vehicle and times, as a PDF and one CSV row per package', async () => {
    const { deal, order } = await scheduled();
    const pdf = await send(test, deal.seller, 'GET', `/api/orders/${order._id}/manifest.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const field of [
      `Transport manifest, order ${order.number}`,
      deal.seller.user.businessName,
      deal.buyer.user.businessName,
      'Golden State Transport',
      `License: ${REGISTRY.active}`,
      `License: ${deal.seller.user.licenseNumber}`,
      `License: ${deal.buyer.user.licenseNumber}`,
      "Driver: Jordan Wheeler, driver's license D7654321",
      'Vehicle: Ford Transit 250, plate 8ABC123',
      'Departure: March 5, 2030 at 9:30 AM (Pacific time)',
      'Estimated arrival: March 5, 2030 at 1:00 PM (Pacific time)',
      uid(1),
      'Blue Dream greenhouse: 6 lbs, wholesale value $7,200.00',
    ]) {
      expect(text, field).toContain(field);
    }

    const csv = await send(test, deal.buyer, 'GET', `/api/orders/${order._id}/manifest.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = readCsv(csv.body);
    expect(header?.slice(0, 5)).toEqual([
      'Package UID',
      'Item',
      'Quantity',
      'Unit of Measure',
      'Wholesale Value',
    ]);
    expect(rows).toHaveLength(2);
    const record = Object.fromEntries((header ?? []).map((column, index) => [column, rows[0]?.[index]]));
    expect(record).toEqual({
      'Package UID': uid(1),
      Item: 'Blue Dream greenhouse',
      Quantity: '6.00',
      'Unit of Measure': 'Pounds',
      'Wholesale Value': '7200.00',
      'Shipper Name': deal.seller.user.businessName,
      'Shipper License': deal.seller.user.licenseNumber,
      'Shipper Address': '100 Main Street, Sacramento, CA 95814',
      'Distributor Name': 'Golden State Transport',
      'Distributor License': REGISTRY.active,
      'Distributor Address': 'Alameda County, CA',
      'Receiver Name': deal.buyer.user.businessName,
      'Receiver License': deal.buyer.user.licenseNumber,
      'Receiver Address': '100 Main Street, Sacramento, CA 95814',
      'Driver Name': 'Jordan Wheeler',
      'Driver License': 'D7654321',
      'Vehicle Make': 'Ford',
      'Vehicle Model': 'Transit 250',
      'Vehicle Plate': '8ABC123',
      'Departure (Pacific)': '2030-03-05 09:30',
      'Estimated Arrival (Pacific)': '2030-03-05 13:00',
    });
    expect(rows[1]?.[0]).toBe(uid(2));
  });
});

describe('who sees the invoice and the manifest', () => {
  it('the parties and admins; anyone else 404; nothing before the order is scheduled', async () => {
    const pending = await confirmedOrder();
    const notYet = await send(test, pending.deal.seller, 'GET', `/api/orders/${pending.order._id}/invoice`);
    expect([notYet.statusCode, errorOf(notYet)]).toEqual([404, FULFILMENT.invoiceNotIssued]);
    const noManifest = await send(
      test,
      pending.deal.buyer,
      'GET',
      `/api/orders/${pending.order._id}/manifest.csv`,
    );
    expect([noManifest.statusCode, errorOf(noManifest)]).toEqual([404, FULFILMENT.notScheduled]);

    const { deal, order } = await scheduled();
    const outsider = await person(test, { role: 'buyer' });
    for (const suffix of ['invoice', 'invoice.pdf', 'manifest.pdf', 'manifest.csv']) {
      const url = `/api/orders/${order._id}/${suffix}`;
      for (const reader of [deal.seller, deal.buyer, admin]) {
        expect((await send(test, reader, 'GET', url)).statusCode, `${suffix}`).toBe(200);
      }
      const hidden = await send(test, outsider, 'GET', url);
      expect([hidden.statusCode, errorOf(hidden)]).toEqual([404, DEALS.orderNotFound]);
    }
    const byAdmin = await post(admin, `/api/orders/${order._id}/invoice/corrections`, {
      lines: [{ position: 1, discount: 1 }],
    });
    expect(byAdmin.statusCode).toBe(403);
  });
});
