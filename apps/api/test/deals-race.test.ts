import { DEALS, type OrderDto } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, orders } from '../src/db/schema/index.ts';
import { dealParties, listingQuantity, makeOffer, send } from './deals-helpers.ts';
import { person } from './messages-helpers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Acceptances racing each other. Only PostgreSQL shows a real race: the embedded PGlite runs one
// statement at a time on one connection, so "concurrent" calls there are queued, never
// interleaved, and a pass would prove nothing. Run with TEST_DATABASE_URL to exercise the row locks.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const errorOf = (response: { json(): unknown }) => (response.json() as { error: string }).error;

describe.runIf(onPostgres)('concurrent acceptances (PostgreSQL)', () => {
  it('two buyers racing for the last quantity: one order, "Not enough quantity available" for the other', async () => {
    for (let round = 0; round < 5; round++) {
      const deal = await dealParties(test, { quantityLbs: 10 });
      const rival = await person(test, { role: 'buyer' });
      const first = await makeOffer(test, deal, { quantityLbs: 8, pricePerLb: 100 });
      const second = await makeOffer(test, { ...deal, buyer: rival }, { quantityLbs: 5, pricePerLb: 120 });
      const answers = await Promise.all(
        [first, second].map((offer) => send(test, deal.seller, 'POST', `/api/offers/${offer._id}/accept`)),
      );
      const statuses = answers.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      const [won, refused] = answers[0]?.statusCode === 200 ? answers : [...answers].reverse();
      if (!won || !refused) throw new Error('two answers expected');
      expect(errorOf(refused)).toBe(DEALS.notEnoughQuantity);
      const order = (won.json() as { data: { order: OrderDto } }).data.order;
      expect(await listingQuantity(test, deal.listingId)).toBe(10 - order.quantityLbs);
    }
  });

  it('two accepts of one offer at once create one order', async () => {
    for (let round = 0; round < 5; round++) {
      const deal = await dealParties(test, { quantityLbs: 100 });
      const offer = await makeOffer(test, deal, { quantityLbs: 10, pricePerLb: 100 });
      const answers = await Promise.all(
        [0, 1, 2].map(() => send(test, deal.seller, 'POST', `/api/offers/${offer._id}/accept`)),
      );
      expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
      expect(answers.filter((response) => response.statusCode === 409).map(errorOf)).toEqual([
        DEALS.offerNotOpen,
        DEALS.offerNotOpen,
      ]);
      expect(await test.db.select().from(orders).where(eq(orders.offerId, offer._id))).toHaveLength(1);
      expect(await listingQuantity(test, deal.listingId)).toBe(90);
    }
  });

  it('an accept racing a withdrawal: either the order stands or the offer is withdrawn, never both', async () => {
    for (let round = 0; round < 5; round++) {
      const deal = await dealParties(test, { quantityLbs: 100 });
      const offer = await makeOffer(test, deal, { quantityLbs: 10, pricePerLb: 100 });
      const [accepted, withdrawn] = await Promise.all([
        send(test, deal.seller, 'POST', `/api/offers/${offer._id}/accept`),
        send(test, deal.buyer, 'POST', `/api/offers/${offer._id}/withdraw`),
      ]);
      expect([accepted.statusCode, withdrawn.statusCode].sort()).toEqual([200, 409]);
      const made = await test.db.select().from(orders).where(eq(orders.offerId, offer._id));
      expect(made).toHaveLength(accepted.statusCode === 200 ? 1 : 0);
      expect(await listingQuantity(test, deal.listingId)).toBe(accepted.statusCode === 200 ? 90 : 100);
    }
  });
});

describe('the quantity guard in the database', () => {
  it('refuses a listing quantity below zero whatever path writes it', async () => {
    const deal = await dealParties(test, { quantityLbs: 1 });
    await expect(
      test.db.update(listings).set({ quantityLbs: -0.01 }).where(eq(listings.id, deal.listingId)),
    ).rejects.toThrow();
    expect(await listingQuantity(test, deal.listingId)).toBe(1);
  });
});
