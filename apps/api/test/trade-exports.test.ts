import { type ApiKeyCreated, type InvoiceSummaryDto, scopeForbids } from '@canopy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accept, dealParties, makeOffer, send } from './deals-helpers.ts';
import type { Person } from './messages-helpers.ts';
import { issueTestInvoice } from './support/invoices.ts';
import { bearer, createTestApp, json, type TestApp } from './support/test-app.ts';

// Issue 24 item 4 (decision 231): the company's orders as CSV, one row per order line, and its
// invoices as JSON pages beside the existing CSV, by session or by a key with the read scope.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

async function keyFor(owner: Person, scopes: string[]) {
  const response = await send(test, owner, 'POST', '/api/api-keys', {
    name: `Books ${scopes.join(' ')}`,
    scopes,
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ data: ApiKeyCreated }>(response).data.secret;
}

const get = (auth: string, url: string) => test.app.inject({ method: 'GET', url, headers: bearer(auth) });

describe('the orders export', () => {
  it('writes one row per order line for either party, the counterparty named as the order recorded it', async () => {
    const deal = await dealParties(
      test,
      { title: 'Blue Dream greenhouse' },
      { buyer: { businessName: 'Coastal Retail' } },
    );
    const offer = await makeOffer(test, deal, { quantityLbs: 10, pricePerLb: 1200.5, paymentTerms: 'net30' });
    const { order } = await accept(test, deal.seller, offer._id);
    await issueTestInvoice(test, order._id, { deliveredAt: new Date('2026-03-02T20:00:00Z') });

    const sold = await get(deal.seller.token, '/api/orders/export.csv');
    expect(sold.statusCode).toBe(200);
    expect(sold.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, line, end] = sold.body.split('\r\n');
    expect(header).toBe(
      'order_number,date,status,counterparty,line,lot,pounds,price_per_lb,line_total,payment_terms,due_date',
    );
    const cells = (line ?? '').split('","').map((cell) => cell.replace(/^"|"$/g, ''));
    expect(cells).toEqual([
      order.number,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      'confirmed',
      'Coastal Retail',
      '1',
      'Blue Dream greenhouse',
      '10',
      '1200.50',
      '12005.00',
      'net30',
      '2026-04-01',
    ]);
    expect(end).toBe('');

    const bought = await get(deal.buyer.token, '/api/orders/export.csv');
    expect(bought.body).toContain(`"${order.number}"`);

    const reader = await get(await keyFor(deal.seller, ['orders:read']), '/api/orders/export.csv');
    expect(reader.statusCode).toBe(200);
    const refused = await get(await keyFor(deal.seller, ['invoices:read']), '/api/orders/export.csv');
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ error: scopeForbids('orders:read') });
  });
});

describe('the invoices export', () => {
  it('pages the current invoices oldest first after a cursor, as the list presents them', async () => {
    const deal = await dealParties(test);
    const numbers: string[] = [];
    for (let index = 0; index < 3; index++) {
      const offer = await makeOffer(test, deal, { quantityLbs: 5, pricePerLb: 1000 });
      const { order } = await accept(test, deal.seller, offer._id);
      await issueTestInvoice(test, order._id);
      numbers.push(order.number);
    }
    const page = async (auth: string, query: string) => {
      const response = await get(auth, `/api/invoices/export?role=seller${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return json<{ data: InvoiceSummaryDto[]; nextCursor: string | null }>(response);
    };
    const first = await page(deal.seller.token, '&limit=2');
    expect(first.data.map((invoice) => invoice.orderNumber)).toEqual(numbers.slice(0, 2));
    expect(first.data[0]).toMatchObject({ total: 5000, paid: 0, balance: 5000, status: 'open' });
    expect(first.nextCursor).toBe(first.data[1]?._id);
    const key = await keyFor(deal.seller, ['invoices:read']);
    const second = await page(key, `&limit=2&cursor=${first.nextCursor}`);
    expect(second.data.map((invoice) => invoice.orderNumber)).toEqual(numbers.slice(2));
    expect(second.nextCursor).toBeNull();
  });
});
