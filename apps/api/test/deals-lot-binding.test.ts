import { DEALS, type OfferDto, type OrderDto } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/index.ts';
import { accept, type Deal, dealParties, listingQuantity, makeOffer, send } from './deals-helpers.ts';
import { person } from './messages-helpers.ts';
import { type FileFixture, formBody, sampleJpeg } from './support/listings.ts';
import { bearer, createTestApp, json, type TestApp } from './support/test-app.ts';

// Issue 27 items 3 and 8 (decision 187): an offer binds the lot as it was when the offer (or the
// counter) was made, and a cancelled order gives its pounds back only to the lot it was sold from.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const errorOf = (response: { json(): unknown }) => (response.json() as { error: string }).error;

/** The lot as the seller's form writes it; each test starts by saving it, so later saves differ only where told. */
const LOT = {
  title: 'Humboldt OG A-grade trim',
  description: 'A-grade hand trim from this autumn, dried and cured for three weeks in glass.',
  product_type: 'Flower - Indoor',
  strain: 'Humboldt OG',
  thc_content: '28',
  cbd_content: '0.5',
  zip_code: '95501',
  quantity_lbs: '100',
  asking_price: '1200',
  make_offer: 'false',
  negotiable: 'true',
  tested: 'false',
  test_link: undefined as string | undefined,
};

async function saveLot(deal: Deal, changes: Partial<typeof LOT> = {}, images: FileFixture[] = []) {
  const body = await formBody({ fields: { ...LOT, ...changes }, images });
  const response = await test.app.inject({
    method: 'PUT',
    url: `/api/listings/${deal.listingId}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(deal.seller.token) },
  });
  expect(response.statusCode).toBe(200);
}

/** A buyer and a seller whose listing is LOT (100 lbs). */
async function lotDeal(): Promise<Deal> {
  const deal = await dealParties(test);
  await saveLot(deal);
  return deal;
}

const acceptCall = (who: Deal['seller'], offerId: string) =>
  send(test, who, 'POST', `/api/offers/${offerId}/accept`);

async function counter(who: Deal['seller'], offerId: string, terms = { quantityLbs: 10, pricePerLb: 1300 }) {
  const response = await send(test, who, 'POST', `/api/offers/${offerId}/counter`, terms);
  expect(response.statusCode).toBe(201);
  return json<{ data: OfferDto }>(response).data;
}

async function orderCount(deal: Deal): Promise<number> {
  return (await test.db.select().from(orders).where(eq(orders.listingId, deal.listingId))).length;
}

describe('an offer binds the lot it was made on', () => {
  it('refuses to accept after the seller rewrote the lot, and takes nothing from it', async () => {
    const deal = await lotDeal();
    const offer = await makeOffer(test, deal);
    await saveLot(deal, { title: 'Humboldt OG B-grade trim', thc_content: '8' });

    const refused = await acceptCall(deal.seller, offer._id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe(DEALS.lotChanged);
    expect(await listingQuantity(test, deal.listingId)).toBe(100);
    expect(await orderCount(deal)).toBe(0);

    // The offer is still open: the buyer takes it back and offers again on the lot as it is now.
    const withdrawn = await send(test, deal.buyer, 'POST', `/api/offers/${offer._id}/withdraw`);
    expect(withdrawn.statusCode).toBe(200);
    const again = await makeOffer(test, deal);
    const { order } = await accept(test, deal.seller, again._id);
    expect(order.listingTitle).toBe('Humboldt OG B-grade trim');
  });

  it('refuses after any other change of the lot too: the price asked, the lab results, the pictures', async () => {
    const changes: [Partial<typeof LOT>, FileFixture[]][] = [
      [{ asking_price: '900' }, []],
      [{ tested: 'true', test_link: 'https://lab.example/coa/1' }, []],
      [{}, [await sampleJpeg(3)]],
    ];
    for (const [change, images] of changes) {
      const deal = await lotDeal();
      const offer = await makeOffer(test, deal);
      await saveLot(deal, change, images);
      const refused = await acceptCall(deal.seller, offer._id);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toBe(DEALS.lotChanged);
    }
  });

  it('accepts after a change of quantity only, by the seller or by another order', async () => {
    const deal = await lotDeal();
    const offer = await makeOffer(test, deal);
    await saveLot(deal, { quantity_lbs: '150' });
    const other = await person(test, { role: 'buyer' });
    const otherOffer = await makeOffer(
      test,
      { ...deal, buyer: other },
      { quantityLbs: 20, pricePerLb: 1100 },
    );
    await accept(test, deal.seller, otherOffer._id);

    const { order } = await accept(test, deal.seller, offer._id);
    expect(order.listingTitle).toBe(LOT.title);
    expect(await listingQuantity(test, deal.listingId)).toBe(120);
  });

  it("binds a seller's counter to the lot as it was when countered", async () => {
    const deal = await lotDeal();
    const offer = await makeOffer(test, deal);
    await saveLot(deal, { title: 'Humboldt OG B-grade trim', thc_content: '8' });
    // Countered after the change: the counter is made on the lot as it now is, and can be accepted.
    const current = await counter(deal.seller, offer._id);
    const { order } = await accept(test, deal.buyer, current._id);
    expect(order.listingTitle).toBe('Humboldt OG B-grade trim');

    const second = await lotDeal();
    const first = await makeOffer(test, second);
    const stale = await counter(second.seller, first._id);
    await saveLot(second, { description: 'Mixed B-grade machine trim, stored in bags since spring.' });
    const refused = await acceptCall(second.buyer, stale._id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe(DEALS.lotChanged);
    // The buyer answers with a counter of their own, made on the lot as it is now.
    const reoffer = await counter(second.buyer, stale._id);
    const accepted = await accept(test, second.seller, reoffer._id);
    expect(accepted.order.quantityLbs).toBe(10);
  });
});

describe('a cancelled order gives its pounds back only to the lot it was sold from', () => {
  async function confirmedOrder() {
    const deal = await lotDeal();
    const offer = await makeOffer(test, deal);
    const { order } = await accept(test, deal.seller, offer._id);
    return { deal, order };
  }

  async function cancel(deal: Deal, order: OrderDto): Promise<OrderDto> {
    const response = await send(test, deal.buyer, 'POST', `/api/orders/${order._id}/status`, {
      status: 'cancelled',
      reason: 'Our licence renewal is delayed',
    });
    expect(response.statusCode).toBe(200);
    return json<{ data: OrderDto }>(response).data;
  }

  const cancelledEntry = (order: OrderDto) => order.history.find((entry) => entry.status === 'cancelled');

  it('returns them when only other orders moved the quantity, and says so', async () => {
    const { deal, order } = await confirmedOrder();
    const other = await person(test, { role: 'buyer' });
    const otherOffer = await makeOffer(
      test,
      { ...deal, buyer: other },
      { quantityLbs: 30, pricePerLb: 1100 },
    );
    await accept(test, deal.seller, otherOffer._id);
    expect(await listingQuantity(test, deal.listingId)).toBe(60);

    const cancelled = await cancel(deal, order);
    expect(await listingQuantity(test, deal.listingId)).toBe(70);
    expect(cancelledEntry(cancelled)).toMatchObject({ by: 'buyer', quantityReturned: true });
    expect(cancelled.history[0]).toMatchObject({ status: 'confirmed', quantityReturned: null });
  });

  it('keeps them out when the seller has since set the quantity (sold the rest elsewhere)', async () => {
    const { deal, order } = await confirmedOrder();
    await saveLot(deal, { quantity_lbs: '5' });
    const cancelled = await cancel(deal, order);
    expect(await listingQuantity(test, deal.listingId)).toBe(5);
    expect(cancelledEntry(cancelled)).toMatchObject({ quantityReturned: false });
  });

  it('keeps them out when the seller has since rewritten the lot', async () => {
    const { deal, order } = await confirmedOrder();
    await saveLot(deal, { title: 'Humboldt OG B-grade trim', thc_content: '8', quantity_lbs: '90' });
    const cancelled = await cancel(deal, order);
    expect(await listingQuantity(test, deal.listingId)).toBe(90);
    expect(cancelledEntry(cancelled)).toMatchObject({ quantityReturned: false });
  });
});
