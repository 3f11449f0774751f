import { createRequire } from 'node:module';
import path from 'node:path';
import { AUTH, DEALS, OFFER_RULES, type OrderDto } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, users } from '../src/db/schema/index.ts';
import { accept, dealParties, listingQuantity, makeOffer, send } from './deals-helpers.ts';
import { person } from './messages-helpers.ts';
import { formBody } from './support/listings.ts';
import { bearer, createTestApp, json, type TestApp } from './support/test-app.ts';

// Orders (issue 14): their status changes and refusals, the quantity they take and give back,
// "Sold out", the snapshot of both businesses, the PDF confirmation, the audit trail and the
// admin overview's figures.

/** pdf.js reads the metrics of the standard fonts the confirmation uses from its own package. */
const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const errorOf = (response: { json(): unknown }) => (response.json() as { error: string }).error;
const orderOf = (response: { json(): unknown }) => (response.json() as { data: OrderDto }).data;

async function confirmedOrder(listing = {}, terms = { quantityLbs: 10, pricePerLb: 1250 }) {
  const deal = await dealParties(test, listing, {
    seller: { businessName: 'Emerald Triangle Farms', licenseNumber: 'CCL21-0001234' },
    buyer: { businessName: 'Bay Area Dispensary', licenseNumber: 'C10-0000567-LIC' },
  });
  const offer = await makeOffer(test, deal, terms);
  const { order } = await accept(test, deal.seller, offer._id);
  return { deal, order };
}

const setStatus = (who: Parameters<typeof send>[1], id: string, payload: Record<string, unknown>) =>
  send(test, who, 'POST', `/api/orders/${id}/status`, payload);

describe('order status', () => {
  it('confirmed → fulfilled by the seller → completed by the buyer, with its timeline', async () => {
    const { deal, order } = await confirmedOrder();
    expect(order.history).toEqual([
      expect.objectContaining({ status: 'confirmed', by: 'seller', reason: null }),
    ]);

    const buyerFulfils = await setStatus(deal.buyer, order._id, { status: 'fulfilled' });
    expect(buyerFulfils.statusCode).toBe(403);
    expect(errorOf(buyerFulfils)).toBe(DEALS.onlySellerFulfils);
    const early = await setStatus(deal.buyer, order._id, { status: 'completed' });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toBe(DEALS.orderTransition('confirmed', 'completed'));

    const fulfilled = await setStatus(deal.seller, order._id, { status: 'fulfilled' });
    expect(fulfilled.statusCode).toBe(200);
    expect(json(fulfilled).message).toBe(DEALS.orderUpdated('fulfilled'));
    const sellerCompletes = await setStatus(deal.seller, order._id, { status: 'completed' });
    expect(errorOf(sellerCompletes)).toBe(DEALS.onlyBuyerCompletes);
    const lateCancel = await setStatus(deal.buyer, order._id, {
      status: 'cancelled',
      reason: 'Changed my mind',
    });
    expect(lateCancel.statusCode).toBe(409);
    expect(errorOf(lateCancel)).toBe(DEALS.orderTransition('fulfilled', 'cancelled'));

    const completed = orderOf(await setStatus(deal.buyer, order._id, { status: 'completed' }));
    expect(completed.status).toBe('completed');
    expect(completed.history.map((entry) => [entry.status, entry.by])).toEqual([
      ['confirmed', 'seller'],
      ['fulfilled', 'seller'],
      ['completed', 'buyer'],
    ]);
    expect(await listingQuantity(test, deal.listingId)).toBe(90);
  });

  it('either side cancels before fulfilment with a reason, which gives the quantity back', async () => {
    const { deal, order } = await confirmedOrder();
    for (const payload of [{ status: 'cancelled' }, { status: 'cancelled', reason: '   ' }]) {
      const response = await setStatus(deal.buyer, order._id, payload);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toBe(OFFER_RULES.cancelReasonRequired);
    }
    const unknown = await setStatus(deal.buyer, order._id, { status: 'confirmed' });
    expect(errorOf(unknown)).toBe(OFFER_RULES.statusInvalid);
    expect(await listingQuantity(test, deal.listingId)).toBe(90);

    const cancelled = orderOf(
      await setStatus(deal.buyer, order._id, { status: 'cancelled', reason: 'Failed QA' }),
    );
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.history.at(-1)).toMatchObject({ status: 'cancelled', by: 'buyer', reason: 'Failed QA' });
    expect(await listingQuantity(test, deal.listingId)).toBe(100);
    const again = await setStatus(deal.seller, order._id, { status: 'cancelled', reason: 'x' });
    expect(errorOf(again)).toBe(DEALS.orderTransition('cancelled', 'cancelled'));
  });

  it('writes every move to the audit trail with its actor', async () => {
    const { deal, order } = await confirmedOrder();
    await setStatus(deal.seller, order._id, { status: 'cancelled', reason: 'Crop failed' });
    const offerTrail = await test.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, order.offerId ?? ''))
      .orderBy(adminAuditLog.createdAt);
    expect(offerTrail.map((entry) => [entry.action, entry.adminEmail, entry.targetType])).toEqual([
      ['offer.create', deal.buyer.user.email, 'offer'],
      ['offer.accept', deal.seller.user.email, 'offer'],
    ]);
    expect(offerTrail[1]?.after).toMatchObject({
      status: 'accepted',
      order: order.number,
      listingQuantityLbs: 90,
    });
    const [cancel] = await test.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, order._id));
    expect(cancel).toMatchObject({
      action: 'order.cancel',
      adminEmail: deal.seller.user.email,
      targetLabel: order.number,
      reason: 'Crop failed',
      before: { status: 'confirmed' },
      after: { status: 'cancelled' },
    });
  });
});

describe('sold out', () => {
  it('a listing taken to zero leaves the catalog, reads "Sold out", and returns when the seller adds quantity', async () => {
    const title = `Sold out lot ${Date.now()}`;
    const catalogTotal = async () =>
      json<{ pagination: { total: number } }>(await send(test, null, 'GET', '/api/products?limit=1'))
        .pagination.total;
    const before = await catalogTotal();
    const { deal } = await confirmedOrder({ quantityLbs: 10, title }, { quantityLbs: 10, pricePerLb: 100 });
    expect(await listingQuantity(test, deal.listingId)).toBe(0);
    const search = async () =>
      json<{ data: { _id: string }[] }>(
        await send(test, null, 'GET', `/api/products?query=${encodeURIComponent(title)}`),
      ).data.map((row) => row._id);
    expect(await search()).not.toContain(deal.listingId);
    // The counters behind the page count follow the same rule (a listing was added and sold out),
    // and so does the sitemap.
    expect(await catalogTotal()).toBe(before);
    const sitemap = async () => (await send(test, null, 'GET', '/sitemap.xml')).body;
    expect(await sitemap()).not.toContain(deal.listingId);
    const page = await send(test, null, 'GET', `/api/products/${deal.listingId}`);
    expect(page.statusCode).toBe(200);
    expect(json<{ product: { availableQuantity: string } }>(page).product.availableQuantity).toBe(
      DEALS.soldOut,
    );

    const soldOutOffer = await send(test, deal.buyer, 'POST', '/api/offers', {
      listingId: deal.listingId,
      quantityLbs: 1,
      pricePerLb: 1,
    });
    expect(errorOf(soldOutOffer)).toBe(DEALS.notEnoughQuantity);

    const body = await formBody({ fields: { title, quantity_lbs: '4' } });
    const restock = await test.app.inject({
      method: 'PUT',
      url: `/api/listings/${deal.listingId}`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(deal.seller.token) },
    });
    expect(restock.statusCode).toBe(200);
    expect(await search()).toContain(deal.listingId);
    expect(await catalogTotal()).toBe(before + 1);
    expect(await sitemap()).toContain(deal.listingId);
  });
});

describe('who sees an order', () => {
  it('the parties and admins (read-only); anyone else gets 404 on the order, its PDF and its status', async () => {
    const { deal, order } = await confirmedOrder();
    expect(orderOf(await send(test, deal.buyer, 'GET', `/api/orders/${order._id}`))._id).toBe(order._id);
    for (const outsider of [await person(test, { role: 'buyer' }), await person(test, { role: 'seller' })]) {
      for (const url of [`/api/orders/${order._id}`, `/api/orders/${order._id}/confirmation.pdf`]) {
        const response = await send(test, outsider, 'GET', url);
        expect(response.statusCode).toBe(404);
        expect(errorOf(response)).toBe(DEALS.orderNotFound);
      }
      expect((await setStatus(outsider, order._id, { status: 'cancelled', reason: 'x' })).statusCode).toBe(
        404,
      );
    }
    const admin = await person(test, { role: 'admin' });
    expect((await send(test, admin, 'GET', `/api/orders/${order._id}`)).statusCode).toBe(200);
    const adminMove = await setStatus(admin, order._id, { status: 'cancelled', reason: 'x' });
    expect(adminMove.statusCode).toBe(403);
    expect(errorOf(adminMove)).toBe(AUTH.forbidden);
    const suspended = await person(test, { role: 'buyer', status: 'suspended' });
    expect((await send(test, suspended, 'GET', '/api/orders')).statusCode).toBe(403);
  });

  it('lists each side its orders by status, newest first, with the tab total, and counts what waits', async () => {
    const { deal, order } = await confirmedOrder();
    const second = await makeOffer(test, deal, { quantityLbs: 2, pricePerLb: 100 });
    const { order: newer } = await accept(test, deal.seller, second._id);
    await setStatus(deal.seller, order._id, { status: 'fulfilled' });
    const all = json<{ data: OrderDto[]; pagination: { total: number }; totalValue: number }>(
      await send(test, deal.buyer, 'GET', '/api/orders?role=buyer'),
    );
    expect(all.data.map((row) => row._id)).toEqual([newer._id, order._id]);
    expect(all.totalValue).toBe(12700);
    const confirmed = json<{ data: OrderDto[] }>(
      await send(test, deal.seller, 'GET', '/api/orders?role=seller&status=confirmed&limit=1'),
    );
    expect(confirmed.data.map((row) => row._id)).toEqual([newer._id]);
    const summary = json<{ data: Record<string, number> }>(
      await send(test, deal.seller, 'GET', '/api/deals/summary'),
    );
    expect(summary.data).toEqual({ offersToAnswer: 0, ordersToFulfil: 1, ordersToComplete: 1 });
  });
});

describe('the order keeps the businesses as they were', () => {
  it('a later profile change does not alter the order or its PDF confirmation', async () => {
    const { deal, order } = await confirmedOrder();
    expect(order.seller).toMatchObject({
      businessName: 'Emerald Triangle Farms',
      licenseNumber: 'CCL21-0001234',
    });
    await test.db
      .update(users)
      .set({ businessName: 'Renamed Farms LLC' })
      .where(eq(users.id, deal.seller.user.id));
    const later = orderOf(await send(test, deal.buyer, 'GET', `/api/orders/${order._id}`));
    expect(later.seller.businessName).toBe('Emerald Triangle Farms');
    expect(later.listingTitle).toBe('Blue Dream greenhouse');

    const pdf = await send(test, deal.buyer, 'GET', `/api/orders/${order._id}/confirmation.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const document = await getDocument({ data: new Uint8Array(pdf.rawPayload), standardFontDataUrl }).promise;
    const page = await document.getPage(1);
    const text = (await page.getTextContent()).items
      .map((item) => ('str' in item ? item.str : ''))
      .join('\n');
    for (const expected of [
      `Order confirmation ${order.number}`,
      'Emerald Triangle Farms',
      'Bay Area Dispensary',
      'License: CCL21-0001234',
      'License: C10-0000567-LIC',
      'Total: $12,500.00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Renamed Farms LLC');
  });
});

describe('admin overview', () => {
  it('adds the order count and value of the last 30 days, cancelled orders left out', async () => {
    const admin = await person(test, { role: 'admin' });
    const stats = async () =>
      json<{ data: Record<string, number> }>(await send(test, admin, 'GET', '/api/admin/stats')).data;
    const before = await stats();
    await confirmedOrder({}, { quantityLbs: 3, pricePerLb: 100.5 });
    await confirmedOrder();
    const { deal, order } = await confirmedOrder({}, { quantityLbs: 1, pricePerLb: 999 });
    const cancelled = await setStatus(deal.buyer, order._id, { status: 'cancelled', reason: 'no' });
    expect(cancelled.statusCode).toBe(200);
    const after = await stats();
    expect(after.ordersLast30Days).toBe((before.ordersLast30Days ?? 0) + 2);
    expect(after.orderValueLast30Days).toBeCloseTo((before.orderValueLast30Days ?? 0) + 301.5 + 12500, 2);
  });
});
