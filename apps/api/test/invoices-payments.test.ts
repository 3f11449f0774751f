import {
  AUTH,
  type BuyerRecordDto,
  californiaToday,
  DEALS,
  INVOICES,
  type InvoiceStandingDto,
  type InvoiceSummaryDto,
  type InvoiceTotalsDto,
  type OfferDto,
  type OrderDto,
  PAYMENT_RULES,
  roleForbids,
  scopeForbids,
} from '@canopy/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceReminders, listings, orders, payments, users } from '../src/db/schema/index.ts';
import { sendInvoiceReminders } from '../src/modules/invoices/index.ts';
import { invoiceStanding } from '../src/modules/invoices/standing.ts';
import { accept, type Deal, dealParties, makeOffer, send } from './deals-helpers.ts';
import { type Person, person } from './messages-helpers.ts';
import { issueTestInvoice } from './support/invoices.ts';
import { memberOf } from './support/members.ts';
import { bearer, createTestApp, json, type TestApp, userWithToken } from './support/test-app.ts';

// Issue 23 items 5, 7 and 8: payments against an order's invoice and the balance they leave, the
// Pacific due date and "overdue", the receivables and payables with their CSV, the reminder mails,
// the buyer's payment record on an offer, and trade records that outlive a deleted account or
// listing. Invoices are written by support/invoices.ts (issuing them is the scheduling branch's).

const DAY_MS = 24 * 60 * 60_000;

let test: TestApp;
let admin: Person;
beforeAll(async () => {
  test = await createTestApp();
  admin = await userWithToken(test, { role: 'admin', email: 'payments.admin@example.com' });
});
afterAll(() => test.close());

const errorOf = (response: { json(): unknown }) => (response.json() as { error: string }).error;
const standingOf = (response: { json(): unknown }) => (response.json() as { data: InvoiceStandingDto }).data;

/** An accepted order of 10 lbs at $1,200 ($12,000) between two fresh businesses. */
async function acceptedOrder(
  names: { seller?: string; buyer?: string } = {},
  deal?: Deal,
): Promise<{ deal: Deal; order: OrderDto; offer: OfferDto }> {
  const parties =
    deal ??
    (await dealParties(
      test,
      {},
      {
        seller: { businessName: names.seller ?? 'Emerald Triangle Farms' },
        buyer: { businessName: names.buyer ?? 'Bay Area Dispensary', contactName: 'Rosa Diaz' },
      },
    ));
  const offer = await makeOffer(test, parties, { quantityLbs: 10, pricePerLb: 1200 });
  const { order } = await accept(test, parties.seller, offer._id);
  return { deal: parties, order, offer };
}

const pay = (who: Person | null, orderId: string, payload: Record<string, unknown>) =>
  send(test, who, 'POST', `/api/orders/${orderId}/payments`, payload);

const paymentCount = async (orderId: string) =>
  (await test.db.select().from(payments).where(eq(payments.orderId, orderId))).length;

const isoDaysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
/** A YYYY-MM-DD calendar date plus whole days. */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

describe('recording payments', () => {
  it('takes partial payments, then the rest, and both parties read paid, balance and status', async () => {
    const { deal, order } = await acceptedOrder();
    const invoice = await issueTestInvoice(test, order._id, { terms: 'net30', deliveredAt: isoDaysAgo(1) });

    const first = await pay(deal.seller, order._id, {
      amount: 5000,
      method: 'check',
      paidAt: californiaToday(),
      reference: 'Check 1042',
    });
    expect(first.statusCode).toBe(200);
    expect(standingOf(first)).toMatchObject({
      orderId: order._id,
      orderNumber: order.number,
      number: invoice.number,
      version: 1,
      total: 12000,
      paymentTerms: 'net30',
      paid: 5000,
      balance: 7000,
      status: 'partially_paid',
      payments: [{ amount: 5000, method: 'check', paidAt: californiaToday(), reference: 'Check 1042' }],
    });

    const rest = await pay(deal.seller, order._id, {
      amount: '7000.00',
      method: 'wire',
      paidAt: californiaToday(),
    });
    expect(standingOf(rest)).toMatchObject({ paid: 12000, balance: 0, status: 'paid' });
    expect(standingOf(rest).payments.map((payment) => [payment.amount, payment.reference])).toEqual([
      [5000, 'Check 1042'],
      [7000, null],
    ]);

    for (const who of [deal.buyer, deal.seller, admin]) {
      const read = await send(test, who, 'GET', `/api/orders/${order._id}/payments`);
      expect(read.statusCode).toBe(200);
      expect(standingOf(read)).toEqual(standingOf(rest));
    }
  });

  it('refuses a payment past the balance with the balance in the text, and writes nothing', async () => {
    const { deal, order } = await acceptedOrder();
    await issueTestInvoice(test, order._id, { discount: 250.5 });
    await pay(deal.seller, order._id, { amount: 1000, method: 'ach', paidAt: californiaToday() });

    const over = await pay(deal.seller, order._id, {
      amount: 10749.51,
      method: 'ach',
      paidAt: californiaToday(),
    });
    expect(over.statusCode).toBe(400);
    expect(errorOf(over)).toBe(INVOICES.overBalance(10749.5));
    expect(errorOf(over)).toBe('This payment is more than the balance due of $10,749.50');
    expect(json(over).code).toBe('payment_over_balance');
    expect(await paymentCount(order._id)).toBe(1);

    const exact = await pay(deal.seller, order._id, {
      amount: 10749.5,
      method: 'ach',
      paidAt: californiaToday(),
    });
    expect(standingOf(exact)).toMatchObject({ balance: 0, status: 'paid' });
    const after = await pay(deal.seller, order._id, { amount: 1, method: 'ach', paidAt: californiaToday() });
    expect(after.statusCode).toBe(409);
    expect(errorOf(after)).toBe(INVOICES.alreadyPaid);
    expect(await paymentCount(order._id)).toBe(2);
  });

  it('answers 409 before an invoice is issued, and reads null', async () => {
    const { deal, order } = await acceptedOrder();
    const early = await pay(deal.seller, order._id, {
      amount: 10,
      method: 'cash',
      paidAt: californiaToday(),
    });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toBe(INVOICES.noInvoice);
    expect(json(early).code).toBe('no_invoice');
    const read = await send(test, deal.buyer, 'GET', `/api/orders/${order._id}/payments`);
    expect(read.statusCode).toBe(200);
    expect(json(read).data).toBeNull();
    expect(await paymentCount(order._id)).toBe(0);
  });

  it('refuses bad input field by field', async () => {
    const { deal, order } = await acceptedOrder();
    await issueTestInvoice(test, order._id);
    const tomorrow = new Date(Date.now() + DAY_MS);
    const cases: [Record<string, unknown>, string][] = [
      [{ method: 'ach', paidAt: '2026-01-05' }, PAYMENT_RULES.amountRequired],
      [{ amount: 0, method: 'ach', paidAt: '2026-01-05' }, PAYMENT_RULES.amountPositive],
      [{ amount: -5, method: 'ach', paidAt: '2026-01-05' }, PAYMENT_RULES.amountPositive],
      [{ amount: 'ten', method: 'ach', paidAt: '2026-01-05' }, PAYMENT_RULES.amountInvalid],
      [{ amount: 10.005, method: 'ach', paidAt: '2026-01-05' }, PAYMENT_RULES.amountStep],
      [{ amount: 10, method: 'bitcoin', paidAt: '2026-01-05' }, PAYMENT_RULES.methodInvalid],
      [{ amount: 10, method: 'ach' }, PAYMENT_RULES.paidAtRequired],
      [{ amount: 10, method: 'ach', paidAt: '2026-02-30' }, PAYMENT_RULES.paidAtInvalid],
      [{ amount: 10, method: 'ach', paidAt: californiaToday(tomorrow) }, PAYMENT_RULES.paidAtFuture],
      [
        { amount: 10, method: 'ach', paidAt: '2026-01-05', reference: 'x'.repeat(101) },
        PAYMENT_RULES.referenceTooLong,
      ],
    ];
    for (const [payload, text] of cases) {
      const response = await pay(deal.seller, order._id, payload);
      expect([response.statusCode, errorOf(response)]).toEqual([400, text]);
    }
    expect(await paymentCount(order._id)).toBe(0);
  });

  it('lets only the seller record: the buyer and an admin 403, an outsider 404, a role without payments:write 403', async () => {
    const { deal, order } = await acceptedOrder();
    await issueTestInvoice(test, order._id);
    const body = { amount: 10, method: 'ach', paidAt: californiaToday() };

    const buyer = await pay(deal.buyer, order._id, body);
    expect([buyer.statusCode, errorOf(buyer)]).toEqual([403, INVOICES.onlySellerRecords]);
    const byAdmin = await pay(admin, order._id, body);
    expect([byAdmin.statusCode, errorOf(byAdmin)]).toEqual([403, AUTH.forbidden]);
    const outsider = await person(test, { role: 'seller' });
    const stranger = await pay(outsider, order._id, body);
    expect([stranger.statusCode, errorOf(stranger)]).toEqual([404, DEALS.orderNotFound]);
    const strangerRead = await send(test, outsider, 'GET', `/api/orders/${order._id}/payments`);
    expect([strangerRead.statusCode, errorOf(strangerRead)]).toEqual([404, DEALS.orderNotFound]);
    const missing = await pay(deal.seller, '00000000-0000-4000-8000-000000000000', body);
    expect([missing.statusCode, errorOf(missing)]).toEqual([404, DEALS.orderNotFound]);
    const malformed = await pay(deal.seller, 'not-an-id', body);
    expect([malformed.statusCode, errorOf(malformed)]).toEqual([404, DEALS.orderNotFound]);

    const sales = await memberOf(test, deal.seller.user, 'sales');
    const bySales = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/payments`,
      headers: bearer(sales.token),
      payload: body,
    });
    expect(bySales.statusCode).toBe(403);
    expect(errorOf(bySales)).toBe(roleForbids('sales', 'payments:write'));
    const finance = await memberOf(test, deal.seller.user, 'finance');
    const byFinance = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/payments`,
      headers: bearer(finance.token),
      payload: body,
    });
    expect(byFinance.statusCode).toBe(200);
    expect(await paymentCount(order._id)).toBe(1);
  });

  it('bills the current version: a correction keeps the payments and changes the balance', async () => {
    const { deal, order } = await acceptedOrder();
    await issueTestInvoice(test, order._id);
    await pay(deal.seller, order._id, { amount: 2000, method: 'ach', paidAt: californiaToday() });
    await issueTestInvoice(test, order._id, { discount: 1000 });
    const read = standingOf(await send(test, deal.buyer, 'GET', `/api/orders/${order._id}/payments`));
    expect(read).toMatchObject({ version: 2, total: 11000, paid: 2000, balance: 9000 });
    const over = await pay(deal.seller, order._id, {
      amount: 9500,
      method: 'ach',
      paidAt: californiaToday(),
    });
    expect(errorOf(over)).toBe(INVOICES.overBalance(9000));
  });

  it('never lets two payments at once pass the balance together (the order row is locked)', async () => {
    const { deal, order } = await acceptedOrder();
    await issueTestInvoice(test, order._id);
    const body = { amount: 7000, method: 'wire', paidAt: californiaToday() };
    const answers = await Promise.all([pay(deal.seller, order._id, body), pay(deal.seller, order._id, body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(errorOf(answers.find((answer) => answer.statusCode === 400) ?? answers[0])).toBe(
      INVOICES.overBalance(5000),
    );
    expect(await paymentCount(order._id)).toBe(1);
  });
});

describe('due date and overdue, in Pacific dates', () => {
  async function dueFor(deliveredAt: string, terms: 'cod' | 'net7' | 'net15' | 'net30') {
    const { order } = await acceptedOrder();
    await issueTestInvoice(test, order._id, { terms, deliveredAt: new Date(deliveredAt) });
    return { order, standing: await invoiceStanding(test.db, order._id) };
  }

  it('counts from the Pacific date of delivery, on either side of Pacific midnight', async () => {
    // 23:30 on Jan 14 in California is already Jan 15 in UTC; 00:30 on Jan 15 is 08:30 UTC.
    expect((await dueFor('2026-01-15T07:30:00Z', 'net7')).standing?.dueDate).toBe('2026-01-21');
    expect((await dueFor('2026-01-15T08:30:00Z', 'net7')).standing?.dueDate).toBe('2026-01-22');
    expect((await dueFor('2026-01-15T08:30:00Z', 'cod')).standing?.dueDate).toBe('2026-01-15');
    expect((await dueFor('2026-01-15T08:30:00Z', 'net30')).standing?.dueDate).toBe('2026-02-14');
  });

  it('moves Pacific midnight with daylight saving (8 March 2026: UTC−8 to UTC−7)', async () => {
    // Before the change midnight is 08:00 UTC; after it, 07:00 UTC.
    expect((await dueFor('2026-03-08T07:30:00Z', 'net15')).standing?.dueDate).toBe('2026-03-22');
    expect((await dueFor('2026-03-09T06:59:00Z', 'net15')).standing?.dueDate).toBe('2026-03-23');
    expect((await dueFor('2026-03-09T07:01:00Z', 'net15')).standing?.dueDate).toBe('2026-03-24');
    // And back in November: 1 November 2026, UTC−7 to UTC−8.
    expect((await dueFor('2026-11-02T07:30:00Z', 'net7')).standing?.dueDate).toBe('2026-11-08');
    expect((await dueFor('2026-11-02T08:30:00Z', 'net7')).standing?.dueDate).toBe('2026-11-09');
  });

  it('is overdue from the Pacific day after the due date until paid in full', async () => {
    const { order } = await dueFor('2026-03-09T07:01:00Z', 'net7');
    const on = (today: string) => invoiceStanding(test.db, order._id, today);
    expect((await on('2026-03-16'))?.status).toBe('open');
    expect((await on('2026-03-17'))?.status).toBe('overdue');
    await test.db.insert(payments).values({
      id: crypto.randomUUID(),
      orderId: order._id,
      amount: 100,
      method: 'ach',
      paidAt: '2026-03-10',
    });
    expect((await on('2026-03-16'))?.status).toBe('partially_paid');
    expect((await on('2026-03-17'))?.status).toBe('overdue');
    await test.db.insert(payments).values({
      id: crypto.randomUUID(),
      orderId: order._id,
      amount: 11900,
      method: 'ach',
      paidAt: '2026-03-20',
    });
    expect(await on('2026-03-21')).toMatchObject({ status: 'paid', balance: 0 });
  });

  it('has no due date and is never overdue before delivery', async () => {
    const { order } = await acceptedOrder();
    await issueTestInvoice(test, order._id, { terms: 'cod', deliveredAt: null });
    expect(await invoiceStanding(test.db, order._id, '2030-01-01')).toMatchObject({
      dueDate: null,
      status: 'open',
    });
  });
});

interface InvoiceList {
  data: InvoiceSummaryDto[];
  pagination: { page: number; limit: number; total: number; pages: number };
  totals: InvoiceTotalsDto;
  buyerRecord?: BuyerRecordDto | null;
}

describe('receivables and payables', () => {
  let seller: Person;
  let buyer: Person;
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    const deal = await dealParties(
      test,
      { quantityLbs: 1000 },
      {
        seller: { businessName: 'Ledger Farms' },
        buyer: { businessName: '=HYPERLINK("http://evil.example","Bay Buyer")' },
      },
    );
    seller = deal.seller;
    buyer = deal.buyer;
    // open (not delivered), partially paid, paid, overdue (delivered 40 days ago on net30).
    const open = await acceptedOrder({}, deal);
    await issueTestInvoice(test, open.order._id);
    const partial = await acceptedOrder({}, deal);
    await issueTestInvoice(test, partial.order._id, { terms: 'net30', deliveredAt: isoDaysAgo(2) });
    await pay(seller, partial.order._id, { amount: 2000, method: 'ach', paidAt: californiaToday() });
    const paid = await acceptedOrder({}, deal);
    await issueTestInvoice(test, paid.order._id, { terms: 'net7', deliveredAt: isoDaysAgo(3) });
    await pay(seller, paid.order._id, { amount: 12000, method: 'wire', paidAt: californiaToday() });
    const overdue = await acceptedOrder({}, deal);
    await issueTestInvoice(test, overdue.order._id, { terms: 'net30', deliveredAt: isoDaysAgo(40) });
    // A corrected invoice: only its current version is listed.
    await issueTestInvoice(test, overdue.order._id, { discount: 500 });
    Object.assign(numbers, {
      open: open.order.number,
      partial: partial.order.number,
      paid: paid.order.number,
      overdue: overdue.order.number,
    });
  });

  const list = async (who: Person, query: string) => {
    const response = await send(test, who, 'GET', `/api/invoices${query}`);
    expect(response.statusCode).toBe(200);
    return json<InvoiceList>(response);
  };

  it('lists the seller’s receivables, current versions only, with totals by status', async () => {
    const page = await list(seller, '?role=seller');
    expect(page.pagination).toEqual({ page: 1, limit: 20, total: 4, pages: 1 });
    expect(page.data.map((row) => [row.orderNumber, row.status, row.version]).sort()).toEqual(
      [
        [numbers.open, 'open', 1],
        [numbers.partial, 'partially_paid', 1],
        [numbers.paid, 'paid', 1],
        [numbers.overdue, 'overdue', 2],
      ].sort(),
    );
    expect(page.data[0]?.counterparty).toBe('=HYPERLINK("http://evil.example","Bay Buyer")');
    expect(page.totals).toEqual({
      open: { count: 1, total: 12000, balance: 12000 },
      partially_paid: { count: 1, total: 12000, balance: 10000 },
      paid: { count: 1, total: 12000, balance: 0 },
      overdue: { count: 1, total: 11500, balance: 11500 },
    });
    expect(page.buyerRecord).toBeUndefined();
  });

  it('filters by status and pages like the orders list', async () => {
    const overdue = await list(seller, '?role=seller&status=overdue');
    expect(overdue.data.map((row) => row.orderNumber)).toEqual([numbers.overdue]);
    expect(overdue.data[0]).toMatchObject({ total: 11500, paid: 0, balance: 11500, status: 'overdue' });
    expect(overdue.totals.paid.count).toBe(1);
    const second = await list(seller, '?role=seller&limit=3&page=2');
    expect(second.pagination).toEqual({ page: 2, limit: 3, total: 4, pages: 2 });
    expect(second.data).toHaveLength(1);
    // Filters not understood are no filter.
    expect((await list(seller, '?role=seller&status=lost')).pagination.total).toBe(4);
  });

  it('shows the buyer the same invoices as payables, named by the seller, and nothing to outsiders', async () => {
    const payables = await list(buyer, '');
    expect(payables.pagination.total).toBe(4);
    expect(new Set(payables.data.map((row) => row.counterparty))).toEqual(new Set(['Ledger Farms']));
    expect(payables.totals.partially_paid.balance).toBe(10000);
    expect(payables.buyerRecord).toBeNull();
    expect((await list(buyer, '?role=seller')).pagination.total).toBe(0);
    const outsider = await person(test, { role: 'seller' });
    expect((await list(outsider, '?role=seller')).pagination.total).toBe(0);
    expect((await list(admin, '?role=seller&status=overdue')).data.map((row) => row.orderNumber)).toContain(
      numbers.overdue,
    );
  });

  it('exports the filtered list as CSV, one row per invoice, formulas defused', async () => {
    const response = await send(test, seller, 'GET', '/api/invoices.csv?role=seller');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="canopy-receivables-/);
    const [header, ...rows] = response.body.trimEnd().split('\r\n');
    expect(header).toBe('invoice_number,order_number,counterparty,issued,due,total,paid,balance,status');
    expect(rows).toHaveLength(4);
    const partial = rows.find((row) => row.includes(numbers.partial ?? '?'));
    expect(partial).toBe(
      [
        `"INV-${numbers.partial?.slice(4)}"`,
        `"${numbers.partial}"`,
        `"'=HYPERLINK(""http://evil.example"",""Bay Buyer"")"`,
        `"${californiaToday()}"`,
        `"${plusDays(californiaToday(isoDaysAgo(2)), 30)}"`,
        '"12000.00"',
        '"2000.00"',
        '"10000.00"',
        '"partially_paid"',
      ].join(','),
    );
    const paidOnly = await send(test, buyer, 'GET', '/api/invoices.csv?status=paid');
    expect(paidOnly.headers['content-disposition']).toMatch(/filename="canopy-payables-/);
    expect(paidOnly.body.trimEnd().split('\r\n')).toHaveLength(2);
    expect(paidOnly.body).toContain('"Ledger Farms"');
  });

  it('is read by every trading role, and refused to a key without invoices:read', async () => {
    // A sales member issues invoices by scheduling orders, so reads them (as purchasing does its payables).
    const sales = await memberOf(test, seller.user, 'sales');
    for (const url of ['/api/invoices', '/api/invoices.csv']) {
      const response = await test.app.inject({ method: 'GET', url, headers: bearer(sales.token) });
      expect(response.statusCode, response.body).toBe(200);
    }
    const created = await send(test, seller, 'POST', '/api/api-keys', {
      name: 'Orders only',
      scopes: ['orders:read'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = json<{ data: { secret: string } }>(created).data.secret;
    for (const url of ['/api/invoices', '/api/invoices.csv']) {
      const response = await test.app.inject({ method: 'GET', url, headers: bearer(key) });
      expect(response.statusCode).toBe(403);
      expect(json(response)).toMatchObject({ error: scopeForbids('invoices:read') });
    }
    const anonymous = await send(test, null, 'GET', '/api/invoices');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('reminder mails', () => {
  const remindersTo = (email: string) =>
    test.smtp.mails.filter((mail) => mail.to.includes(email) && /invoice INV-/.test(mail.subject));

  it('mails the buyer on the due date and 7 days after, once each, and never about a paid invoice', async () => {
    const { deal, order } = await acceptedOrder({ seller: 'Reminder Farms' });
    const { number } = await issueTestInvoice(test, order._id, {
      terms: 'net7',
      deliveredAt: new Date('2026-06-01T19:00:00Z'),
    });
    const email = deal.buyer.user.email;
    // Due 2026-06-08 (Pacific). The day before, nothing.
    await sendInvoiceReminders(test.ctx, '2026-06-07');
    expect(remindersTo(email)).toHaveLength(0);

    const [onTime, again] = await Promise.all([
      sendInvoiceReminders(test.ctx, '2026-06-08'),
      sendInvoiceReminders(test.ctx, '2026-06-08'),
    ]);
    expect(onTime.due + again.due).toBe(1);
    await sendInvoiceReminders(test.ctx, '2026-06-10');
    const due = remindersTo(email);
    expect(due.map((mail) => mail.subject)).toEqual([INVOICES.reminderSubject(number, false)]);
    expect(due[0]?.text).toContain(`$12,000.00 is still owed on invoice ${number} from Reminder Farms`);
    expect(due[0]?.text).toContain(`/orders/${order._id}`);

    await pay(deal.seller, order._id, { amount: 500, method: 'ach', paidAt: '2026-06-09' });
    await sendInvoiceReminders(test.ctx, '2026-06-14');
    expect(remindersTo(email)).toHaveLength(1);
    await sendInvoiceReminders(test.ctx, '2026-06-15');
    await sendInvoiceReminders(test.ctx, '2026-06-20');
    const all = remindersTo(email);
    expect(all.map((mail) => mail.subject)).toEqual([
      INVOICES.reminderSubject(number, false),
      INVOICES.reminderSubject(number, true),
    ]);
    expect(all[1]?.text).toContain('$11,500.00 is still owed');
    expect(all[1]?.text).toContain('it was due on 2026-06-08');

    const paid = await acceptedOrder({}, deal);
    await issueTestInvoice(test, paid.order._id, {
      terms: 'cod',
      deliveredAt: new Date('2026-06-08T19:00:00Z'),
    });
    await pay(deal.seller, paid.order._id, { amount: 12000, method: 'cash', paidAt: '2026-06-08' });
    await sendInvoiceReminders(test.ctx, '2026-06-08');
    await sendInvoiceReminders(test.ctx, '2026-06-15');
    expect(remindersTo(email)).toHaveLength(2);
    const marks = await test.db
      .select()
      .from(invoiceReminders)
      .where(eq(invoiceReminders.orderId, paid.order._id));
    expect(marks).toEqual([]);
  });

  it('honours the buyer’s New Messages setting, and catches up with the late reminder only', async () => {
    const { deal, order } = await acceptedOrder();
    await issueTestInvoice(test, order._id, {
      terms: 'net15',
      deliveredAt: new Date('2026-07-01T19:00:00Z'),
    });
    await test.db.update(users).set({ notifyNewMessages: false }).where(eq(users.id, deal.buyer.user.id));
    await sendInvoiceReminders(test.ctx, '2026-07-16');
    expect(remindersTo(deal.buyer.user.email)).toHaveLength(0);
    await test.db.update(users).set({ notifyNewMessages: true }).where(eq(users.id, deal.buyer.user.id));
    // Eight days after the due date the "due" reminder's day has passed: only the late one goes.
    await sendInvoiceReminders(test.ctx, '2026-07-24');
    expect(remindersTo(deal.buyer.user.email).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Overdue: invoice INV-/),
    ]);
  });
});

describe("the buyer's payment record", () => {
  const offerFor = async (who: Person, id: string) => {
    const response = await send(test, who, 'GET', `/api/offers/${id}`);
    expect(response.statusCode).toBe(200);
    return json<{ data: OfferDto & { buyerRecord?: BuyerRecordDto | null } }>(response).data;
  };

  /** A paid order: delivered on `delivered` (Pacific noon) on net7, settled by payments on the dates given. */
  async function paidOrder(deal: Deal, delivered: string, paidOn: string[]) {
    const { order } = await acceptedOrder({}, deal);
    await issueTestInvoice(test, order._id, {
      terms: 'net7',
      deliveredAt: new Date(`${delivered}T20:00:00Z`),
    });
    const share = 12000 / paidOn.length;
    for (const date of paidOn)
      await pay(deal.seller, order._id, { amount: share, method: 'ach', paidAt: date });
  }

  it('is shown to the seller from 3 paid invoices: on time when the last payment is on or before the due date', async () => {
    const deal = await dealParties(test, { quantityLbs: 1000 });
    // Due 2026-02-08: paid on the due date (on time), in two parts the last 3 days late.
    await paidOrder(deal, '2026-02-01', ['2026-02-08']);
    await paidOrder(deal, '2026-02-01', ['2026-02-05', '2026-02-11']);
    // An unpaid invoice and a partly paid one do not count.
    const unpaid = await acceptedOrder({}, deal);
    await issueTestInvoice(test, unpaid.order._id, { terms: 'net7', deliveredAt: isoDaysAgo(60) });
    await pay(deal.seller, unpaid.order._id, { amount: 100, method: 'ach', paidAt: '2026-02-01' });

    const { offer } = await acceptedOrder({}, deal);
    expect((await offerFor(deal.seller, offer._id)).buyerRecord).toBeNull();

    // Due 2026-03-17 (the first Pacific date after the change to summer time is 2026-03-08), paid 9 days late.
    await paidOrder(deal, '2026-03-10', ['2026-03-26']);
    expect((await offerFor(deal.seller, offer._id)).buyerRecord).toEqual({
      paidInvoices: 3,
      onTimeShare: 0.33,
      averageDaysLate: 4,
    });
    // The buyer does not see it on the offer, but on their payables.
    expect((await offerFor(deal.buyer, offer._id)).buyerRecord).toBeUndefined();
    const payables = json<InvoiceList>(await send(test, deal.buyer, 'GET', '/api/invoices?role=buyer'));
    expect(payables.buyerRecord).toEqual({ paidInvoices: 3, onTimeShare: 0.33, averageDaysLate: 4 });
    expect((await offerFor(admin, offer._id)).buyerRecord).toBeUndefined();
  });

  it('counts an order paid before it was delivered as on time', async () => {
    const deal = await dealParties(test, { quantityLbs: 1000 });
    for (let index = 0; index < 3; index += 1) {
      const { order } = await acceptedOrder({}, deal);
      await issueTestInvoice(test, order._id, { deliveredAt: null });
      await pay(deal.seller, order._id, { amount: 12000, method: 'wire', paidAt: '2026-04-01' });
    }
    const { offer } = await acceptedOrder({}, deal);
    expect((await offerFor(deal.seller, offer._id)).buyerRecord).toEqual({
      paidInvoices: 3,
      onTimeShare: 1,
      averageDaysLate: 0,
    });
  });
});

describe('records are kept', () => {
  it('an admin deleting the listing leaves the order, invoice and payments readable', async () => {
    const { deal, order } = await acceptedOrder({ seller: 'Kept Listing Farms' });
    await issueTestInvoice(test, order._id);
    await pay(deal.seller, order._id, { amount: 1000, method: 'ach', paidAt: californiaToday() });
    const response = await test.app.inject({
      method: 'DELETE',
      url: `/api/admin/listings/${deal.listingId}`,
      headers: bearer(admin.token),
      payload: { reason: 'Test listing removed' },
    });
    expect(response.statusCode).toBe(200);
    expect(await test.db.select().from(listings).where(eq(listings.id, deal.listingId))).toEqual([]);
    for (const who of [deal.buyer, deal.seller]) {
      const read = json<{ data: OrderDto }>(await send(test, who, 'GET', `/api/orders/${order._id}`)).data;
      expect(read).toMatchObject({ listingId: null, listingTitle: 'Blue Dream greenhouse' });
      expect(standingOf(await send(test, who, 'GET', `/api/orders/${order._id}/payments`))).toMatchObject({
        paid: 1000,
        balance: 11000,
      });
    }
  });

  it('deleting an account leaves its orders, invoices and payments to the other party, names as they were', async () => {
    const { deal, order } = await acceptedOrder({ seller: 'Gone Seller Co', buyer: 'Stays Buyer LLC' });
    await issueTestInvoice(test, order._id, { terms: 'net7', deliveredAt: isoDaysAgo(1) });
    await pay(deal.seller, order._id, { amount: 3000, method: 'check', paidAt: californiaToday() });
    const second = await acceptedOrder({}, deal);
    await issueTestInvoice(test, second.order._id);

    // The seller's account is deleted (no route deletes an account; the rows go as an operator would).
    await test.db.delete(users).where(eq(users.id, deal.seller.user.id));
    expect(await test.db.select().from(users).where(eq(users.id, deal.seller.user.id))).toEqual([]);

    const read = await send(test, deal.buyer, 'GET', `/api/orders/${order._id}`);
    expect(read.statusCode).toBe(200);
    expect(json<{ data: OrderDto }>(read).data).toMatchObject({
      offerId: null,
      seller: { _id: deal.seller.user.id, businessName: 'Gone Seller Co' },
      buyer: { businessName: 'Stays Buyer LLC' },
    });
    expect(
      standingOf(await send(test, deal.buyer, 'GET', `/api/orders/${order._id}/payments`)),
    ).toMatchObject({
      paid: 3000,
      balance: 9000,
      payments: [{ amount: 3000, method: 'check' }],
    });
    const payables = json<InvoiceList>(await send(test, deal.buyer, 'GET', '/api/invoices?role=buyer'));
    expect(payables.data.map((row) => [row.orderNumber, row.counterparty]).sort()).toEqual(
      [
        [order.number, 'Gone Seller Co'],
        [second.order.number, 'Gone Seller Co'],
      ].sort(),
    );
    const csv = await send(test, deal.buyer, 'GET', '/api/invoices.csv');
    expect(csv.body).toContain('"Gone Seller Co"');
    const orderList = json<{ data: OrderDto[] }>(
      await send(test, deal.buyer, 'GET', '/api/orders?role=buyer'),
    );
    expect(orderList.data.map((row) => row.number)).toContain(order.number);

    // The kept order cannot move any more: there is nobody on the other side.
    const cancel = await send(test, deal.buyer, 'POST', `/api/orders/${order._id}/status`, {
      status: 'cancelled',
      reason: 'Seller gone',
    });
    expect([cancel.statusCode, errorOf(cancel)]).toEqual([409, DEALS.orderPartyGone]);
    const [kept] = await test.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order._id));
    expect(kept?.status).toBe('confirmed');
  });

  it('deleting the buyer leaves the seller the receivable and lets them record what arrives', async () => {
    const { deal, order } = await acceptedOrder({ buyer: 'Gone Buyer Inc' });
    await issueTestInvoice(test, order._id);
    await test.db.delete(users).where(eq(users.id, deal.buyer.user.id));
    const paid = await pay(deal.seller, order._id, {
      amount: 12000,
      method: 'wire',
      paidAt: californiaToday(),
    });
    expect(standingOf(paid)).toMatchObject({ status: 'paid', balance: 0 });
    const receivables = json<InvoiceList>(await send(test, deal.seller, 'GET', '/api/invoices?role=seller'));
    expect(receivables.data.map((row) => row.counterparty)).toEqual(['Gone Buyer Inc']);
    const [{ n } = { n: 0 }] = await test.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.id, order._id));
    expect(n).toBe(1);
  });
});
