import { DEALS, OFFER_RULES } from '@canopy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accept, dealParties, listingQuantity, makeOffer, send } from './deals-helpers.ts';
import { createTestApp, json, type TestApp } from './support/test-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('offers', () => {
  it('a buyer offers, the seller accepts, the order is made and the quantity moves', async () => {
    const deal = await dealParties(test);
    const offer = await makeOffer(test, deal, { quantityLbs: 12.5, pricePerLb: 1200, note: 'Can pick up' });
    expect(offer).toMatchObject({
      listingId: deal.listingId,
      buyerId: deal.buyer.user.id,
      sellerId: deal.seller.user.id,
      quantityLbs: 12.5,
      pricePerLb: 1200,
      total: 15000,
      status: 'open',
      madeBy: 'buyer',
      previousOfferId: null,
      note: 'Can pick up',
      deliverBy: null,
    });
    const { offer: accepted, order } = await accept(test, deal.seller, offer._id);
    expect(accepted.status).toBe('accepted');
    expect(order.number).toMatch(/^CNP-\d{6}$/);
    expect(order.total).toBe(15000);
    expect(await listingQuantity(test, deal.listingId)).toBe(87.5);
  });

  it('refuses a quantity above what is available', async () => {
    const deal = await dealParties(test, { quantityLbs: 5 });
    const response = await send(test, deal.buyer, 'POST', '/api/offers', {
      listingId: deal.listingId,
      quantityLbs: 6,
      pricePerLb: 10,
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).error).toBe(DEALS.notEnoughQuantity);
    const bad = await send(test, deal.buyer, 'POST', '/api/offers', {
      listingId: deal.listingId,
      quantityLbs: 1.234,
      pricePerLb: 10,
    });
    expect(json(bad).error).toBe(OFFER_RULES.quantityStep);
  });
});
