import { AUTH, DEALS, OFFER_EXPIRY_MS, OFFER_NOTE_MAX, OFFER_RULES, type OfferDto } from '@canopy/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, offers, users } from '../src/db/schema/index.ts';
import { accept, dealParties, listingQuantity, makeOffer, send } from './deals-helpers.ts';
import { person } from './messages-helpers.ts';
import { createTestApp, json, type TestApp } from './support/test-app.ts';

// Offers and their answers (issue 14): every move, every refusal, expiry and who may see what.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const errorOf = (response: { json(): unknown }) => (response.json() as { error: string }).error;
const offerOf = (response: { json(): unknown }) => (response.json() as { data: OfferDto }).data;

describe('POST /api/offers', () => {
  it('makes an open offer with its total and a 7-day expiry', async () => {
    const deal = await dealParties(test);
    const offer = await makeOffer(test, deal, {
      quantityLbs: '12.5',
      pricePerLb: 1199.99,
      deliverBy: '2099-01-31',
      note: '  Pick-up in Oakland  ',
    });
    expect(offer).toMatchObject({
      listingId: deal.listingId,
      listingTitle: 'Blue Dream greenhouse',
      buyerId: deal.buyer.user.id,
      sellerId: deal.seller.user.id,
      buyer: { _id: deal.buyer.user.id, businessName: deal.buyer.user.businessName },
      seller: { _id: deal.seller.user.id, businessName: deal.seller.user.businessName },
      quantityLbs: 12.5,
      pricePerLb: 1199.99,
      total: 14999.88,
      deliverBy: '2099-01-31',
      note: 'Pick-up in Oakland',
      status: 'open',
      madeBy: 'buyer',
      previousOfferId: null,
      orderId: null,
    });
    expect(Date.parse(offer.expiresAt) - Date.parse(offer.createdAt)).toBe(OFFER_EXPIRY_MS);
  });

  it.each([
    [{ quantityLbs: undefined, pricePerLb: 10 }, OFFER_RULES.quantityRequired],
    [{ quantityLbs: 'ten', pricePerLb: 10 }, OFFER_RULES.quantityInvalid],
    [{ quantityLbs: 0, pricePerLb: 10 }, OFFER_RULES.quantityPositive],
    [{ quantityLbs: -1, pricePerLb: 10 }, OFFER_RULES.quantityPositive],
    [{ quantityLbs: 1.234, pricePerLb: 10 }, OFFER_RULES.quantityStep],
    [{ quantityLbs: 1, pricePerLb: undefined }, OFFER_RULES.priceRequired],
    [{ quantityLbs: 1, pricePerLb: 0 }, OFFER_RULES.pricePositive],
    [{ quantityLbs: 1, pricePerLb: 10.001 }, OFFER_RULES.priceStep],
    [{ quantityLbs: 1, pricePerLb: 10, deliverBy: '2020-01-01' }, OFFER_RULES.deliverByPast],
    [{ quantityLbs: 1, pricePerLb: 10, deliverBy: '2099-02-30' }, OFFER_RULES.deliverByInvalid],
    [{ quantityLbs: 1, pricePerLb: 10, note: 'x'.repeat(OFFER_NOTE_MAX + 1) }, OFFER_RULES.noteTooLong],
    [{ quantityLbs: 1, pricePerLb: 10, extra: true }, 'Unknown field: extra'],
    [{ quantityLbs: 6, pricePerLb: 10 }, DEALS.notEnoughQuantity],
  ])('refuses %j with a 400 and its text, and writes nothing', async (terms, text) => {
    const deal = await dealParties(test, { quantityLbs: 5 });
    const response = await send(test, deal.buyer, 'POST', '/api/offers', {
      listingId: deal.listingId,
      ...terms,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toBe(text);
    expect(await test.db.select().from(offers).where(eq(offers.buyerId, deal.buyer.user.id))).toEqual([]);
  });

  it('accepts a note of exactly 1,000 characters and a delivery date of today', async () => {
    const deal = await dealParties(test);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
    const offer = await makeOffer(test, deal, {
      quantityLbs: 1,
      pricePerLb: 1,
      note: 'n'.repeat(OFFER_NOTE_MAX),
      deliverBy: today,
    });
    expect(offer.deliverBy).toBe(today);
  });

  it('is for verified buyers: sellers, pending, rejected and suspended accounts get 403, signed out 401', async () => {
    const deal = await dealParties(test);
    const body = { listingId: deal.listingId, quantityLbs: 1, pricePerLb: 1 };
    expect((await send(test, null, 'POST', '/api/offers', body)).statusCode).toBe(401);
    const ownSeller = await send(test, deal.seller, 'POST', '/api/offers', body);
    expect(ownSeller.statusCode).toBe(403);
    expect(errorOf(ownSeller)).toBe(AUTH.forbidden);
    for (const status of ['pending', 'rejected', 'suspended'] as const) {
      const buyer = await person(test, { role: 'buyer', status });
      const response = await send(test, buyer, 'POST', '/api/offers', body);
      expect(response.statusCode).toBe(403);
    }
  });

  it('answers 404 for a listing that is missing, archived or of a seller no longer verified', async () => {
    const archived = await dealParties(test, { isActive: false });
    const body = { quantityLbs: 1, pricePerLb: 1 };
    for (const listingId of [archived.listingId, '0196aaaa-0000-7000-8000-000000000000', 'nope']) {
      const response = await send(test, archived.buyer, 'POST', '/api/offers', { listingId, ...body });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toBe(DEALS.listingUnavailable);
    }
  });

  it('keeps one live offer per listing and buyer', async () => {
    const deal = await dealParties(test);
    await makeOffer(test, deal);
    const second = await send(test, deal.buyer, 'POST', '/api/offers', {
      listingId: deal.listingId,
      quantityLbs: 2,
      pricePerLb: 2,
    });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toBe(DEALS.liveOfferExists);
    // Another buyer may offer on the same listing meanwhile.
    const other = await person(test, { role: 'buyer' });
    await makeOffer(test, { ...deal, buyer: other });
  });
});

describe('answers', () => {
  it('the seller counters, the buyer counters back, the seller accepts the latest terms', async () => {
    const deal = await dealParties(test);
    const first = await makeOffer(test, deal, { quantityLbs: 10, pricePerLb: 1000 });
    const counter = await send(test, deal.seller, 'POST', `/api/offers/${first._id}/counter`, {
      quantityLbs: 10,
      pricePerLb: 1150,
      note: 'Best I can do',
    });
    expect(counter.statusCode).toBe(201);
    const sellerTerms = offerOf(counter);
    expect(sellerTerms).toMatchObject({
      madeBy: 'seller',
      previousOfferId: first._id,
      status: 'open',
      total: 11500,
    });
    const before = offerOf(await send(test, deal.buyer, 'GET', `/api/offers/${first._id}`));
    expect(before.status).toBe('countered');
    expect(before.respondedAt).not.toBeNull();

    // The seller made the last move: only the buyer may answer it now.
    const early = await send(test, deal.seller, 'POST', `/api/offers/${sellerTerms._id}/accept`);
    expect(early.statusCode).toBe(403);
    expect(errorOf(early)).toBe(DEALS.notYourTurn);

    const back = offerOf(
      await send(test, deal.buyer, 'POST', `/api/offers/${sellerTerms._id}/counter`, {
        quantityLbs: 8,
        pricePerLb: 1100,
      }),
    );
    expect(back).toMatchObject({ madeBy: 'buyer', previousOfferId: sellerTerms._id });
    const { order, offer } = await accept(test, deal.seller, back._id);
    expect(offer.status).toBe('accepted');
    expect(offer.orderId).toBe(order._id);
    expect(order).toMatchObject({
      offerId: back._id,
      quantityLbs: 8,
      pricePerLb: 1100,
      total: 8800,
      status: 'confirmed',
    });
    expect(await listingQuantity(test, deal.listingId)).toBe(92);
  });

  it('a counter cannot ask for more than is available', async () => {
    const deal = await dealParties(test, { quantityLbs: 20 });
    const offer = await makeOffer(test, deal, { quantityLbs: 10, pricePerLb: 10 });
    const response = await send(test, deal.seller, 'POST', `/api/offers/${offer._id}/counter`, {
      quantityLbs: 21,
      pricePerLb: 10,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toBe(DEALS.notEnoughQuantity);
    expect(offerOf(await send(test, deal.buyer, 'GET', `/api/offers/${offer._id}`)).status).toBe('open');
  });

  it('the seller declines with a reason; the offer is closed to every further move', async () => {
    const deal = await dealParties(test);
    const offer = await makeOffer(test, deal);
    const declined = await send(test, deal.seller, 'POST', `/api/offers/${offer._id}/decline`, {
      reason: 'Reserved for a regular',
    });
    expect(declined.statusCode).toBe(200);
    expect(offerOf(declined)).toMatchObject({ status: 'declined', declineReason: 'Reserved for a regular' });
    for (const [who, move] of [
      [deal.seller, 'accept'],
      [deal.seller, 'decline'],
      [deal.buyer, 'withdraw'],
    ] as const) {
      const response = await send(test, who, 'POST', `/api/offers/${offer._id}/${move}`);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toBe(DEALS.offerNotOpen);
    }
  });

  it('the buyer withdraws; a stale page cannot accept it afterwards and the listing is untouched', async () => {
    const deal = await dealParties(test);
    const offer = await makeOffer(test, deal);
    const notMaker = await send(test, deal.seller, 'POST', `/api/offers/${offer._id}/withdraw`);
    expect(notMaker.statusCode).toBe(403);
    expect(errorOf(notMaker)).toBe(DEALS.onlyMakerWithdraws);
    const ownAccept = await send(test, deal.buyer, 'POST', `/api/offers/${offer._id}/accept`);
    expect(errorOf(ownAccept)).toBe(DEALS.notYourTurn);

    const withdrawn = await send(test, deal.buyer, 'POST', `/api/offers/${offer._id}/withdraw`);
    expect(offerOf(withdrawn).status).toBe('withdrawn');
    const stale = await send(test, deal.seller, 'POST', `/api/offers/${offer._id}/accept`);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toBe(DEALS.offerNotOpen);
    expect(await listingQuantity(test, deal.listingId)).toBe(100);
    // With nothing live, the buyer may offer again.
    await makeOffer(test, deal);
  });

  it('refuses an acceptance when the listing no longer has the quantity', async () => {
    const deal = await dealParties(test, { quantityLbs: 10 });
    const first = await makeOffer(test, deal, { quantityLbs: 8, pricePerLb: 10 });
    const rival = await person(test, { role: 'buyer' });
    const second = await makeOffer(test, { ...deal, buyer: rival }, { quantityLbs: 5, pricePerLb: 11 });
    await accept(test, deal.seller, second._id);
    const response = await send(test, deal.seller, 'POST', `/api/offers/${first._id}/accept`);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toBe(DEALS.notEnoughQuantity);
    expect(await listingQuantity(test, deal.listingId)).toBe(5);
    expect(offerOf(await send(test, deal.buyer, 'GET', `/api/offers/${first._id}`)).status).toBe('open');
  });
  it('refuses to accept or counter an offer from a buyer whose account is no longer verified', async () => {
    const deal = await dealParties(test, { quantityLbs: 10 });
    const offer = await makeOffer(test, deal, { quantityLbs: 4, pricePerLb: 10 });
    await test.db.update(users).set({ status: 'suspended' }).where(eq(users.id, deal.buyer.user.id));
    const accepted = await send(test, deal.seller, 'POST', `/api/offers/${offer._id}/accept`);
    expect(accepted.statusCode).toBe(409);
    expect(errorOf(accepted)).toBe(DEALS.partyNotVerified);
    const countered = await send(test, deal.seller, 'POST', `/api/offers/${offer._id}/counter`, {
      quantityLbs: 4,
      pricePerLb: 12,
    });
    expect(countered.statusCode).toBe(409);
    expect(errorOf(countered)).toBe(DEALS.partyNotVerified);
    expect(await listingQuantity(test, deal.listingId)).toBe(10);
    expect(offerOf(await send(test, deal.seller, 'GET', `/api/offers/${offer._id}`)).status).toBe('open');
  });
});

describe('expiry', () => {
  /** Moves an offer's clock back, as if it had been made 8 days ago. */
  const age = (id: string) =>
    test.db
      .update(offers)
      .set({ createdAt: sql`now() - interval '8 days'`, expiresAt: sql`now() - interval '1 day'` })
      .where(eq(offers.id, id));

  it('an unanswered offer reads expired after 7 days, cannot be answered, and a new one may be made', async () => {
    const deal = await dealParties(test);
    const offer = await makeOffer(test, deal);
    await age(offer._id);
    expect(offerOf(await send(test, deal.seller, 'GET', `/api/offers/${offer._id}`)).status).toBe('expired');
    const expiredList = json<{ data: OfferDto[] }>(
      await send(
        test,
        deal.seller,
        'GET',
        `/api/offers?role=seller&status=expired&listingId=${deal.listingId}`,
      ),
    ).data;
    expect(expiredList.map((row) => row._id)).toEqual([offer._id]);
    const openList = json<{ data: OfferDto[] }>(
      await send(test, deal.seller, 'GET', `/api/offers?role=seller&status=open&listingId=${deal.listingId}`),
    ).data;
    expect(openList).toEqual([]);

    const late = await send(test, deal.seller, 'POST', `/api/offers/${offer._id}/accept`);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late)).toBe(DEALS.offerNotOpen);

    const fresh = await makeOffer(test, deal);
    expect(fresh.status).toBe('open');
    const [stored] = await test.db.select().from(offers).where(eq(offers.id, offer._id));
    expect(stored?.status).toBe('expired');
    const trail = await test.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, offer._id))
      .orderBy(adminAuditLog.createdAt);
    expect(trail.map((entry) => [entry.action, entry.adminEmail])).toEqual([
      ['offer.create', deal.buyer.user.email],
      ['offer.expire', 'system'],
    ]);
  });
});

describe('who sees an offer', () => {
  it('the two parties and admins (read-only); anyone else gets 404', async () => {
    const deal = await dealParties(test);
    const offer = await makeOffer(test, deal);
    const outsiders = [await person(test, { role: 'buyer' }), await person(test, { role: 'seller' })];
    for (const outsider of outsiders) {
      const seen = await send(test, outsider, 'GET', `/api/offers/${offer._id}`);
      expect(seen.statusCode).toBe(404);
      expect(errorOf(seen)).toBe(DEALS.offerNotFound);
      for (const move of ['accept', 'decline', 'withdraw']) {
        const response = await send(test, outsider, 'POST', `/api/offers/${offer._id}/${move}`);
        expect(response.statusCode).toBe(404);
      }
      const listed = json<{ data: OfferDto[] }>(await send(test, outsider, 'GET', '/api/offers'));
      expect(listed.data.map((row) => row._id)).not.toContain(offer._id);
    }
    const admin = await person(test, { role: 'admin' });
    expect((await send(test, admin, 'GET', `/api/offers/${offer._id}`)).statusCode).toBe(200);
    const adminMove = await send(test, admin, 'POST', `/api/offers/${offer._id}/accept`);
    expect(adminMove.statusCode).toBe(403);
    expect(errorOf(adminMove)).toBe(AUTH.forbidden);
    expect(offerOf(await send(test, deal.buyer, 'GET', `/api/offers/${offer._id}`)).status).toBe('open');
  });

  it('lists each side its own offers, newest first, by role and status', async () => {
    const deal = await dealParties(test);
    const first = await makeOffer(test, deal);
    await send(test, deal.buyer, 'POST', `/api/offers/${first._id}/withdraw`);
    const second = await makeOffer(test, deal);
    const mine = json<{ data: OfferDto[]; pagination: { total: number } }>(
      await send(test, deal.buyer, 'GET', '/api/offers?role=buyer'),
    );
    expect(mine.data.map((row) => row._id)).toEqual([second._id, first._id]);
    expect(mine.pagination.total).toBe(2);
    const theirs = json<{ data: OfferDto[] }>(
      await send(test, deal.seller, 'GET', '/api/offers?role=seller&status=open'),
    );
    expect(theirs.data.map((row) => row._id)).toEqual([second._id]);
    const wrongSide = json<{ data: OfferDto[] }>(
      await send(test, deal.buyer, 'GET', '/api/offers?role=seller'),
    );
    expect(wrongSide.data).toEqual([]);
    const waiting = async (who: typeof deal.seller) =>
      json<{ data: { offersToAnswer: number } }>(await send(test, who, 'GET', '/api/deals/summary')).data
        .offersToAnswer;
    expect(await waiting(deal.seller)).toBe(1);
    expect(await waiting(deal.buyer)).toBe(0);
  });
});

describe('the offer in the conversation', () => {
  it('opens the conversation with the seller and shows each move as a card with the offer as it is now', async () => {
    const deal = await dealParties(test, { title: 'Gelato smalls' });
    const offer = await makeOffer(test, deal, { quantityLbs: 4, pricePerLb: 500 });
    const conversations = json<{
      data: { _id: string; productName: string; lastMessage: string; unreadCount: number }[];
    }>(await send(test, deal.seller, 'GET', '/api/messages/conversations')).data;
    expect(conversations).toEqual([
      expect.objectContaining({
        _id: deal.buyer.user.id,
        productName: 'Gelato smalls',
        lastMessage: 'Offer on "Gelato smalls": 4 lbs at $500.00/lb, total $2,000.00.',
        unreadCount: 1,
      }),
    ]);
    await send(test, deal.seller, 'POST', `/api/offers/${offer._id}/decline`, { reason: 'Too low' });
    const thread = json<{
      data: {
        content: string;
        listingId: string;
        listingTitle: string;
        dealEvent: string;
        offer: OfferDto | null;
      }[];
    }>(await send(test, deal.buyer, 'GET', `/api/messages/thread/${deal.seller.user.id}`)).data;
    expect(thread.map((message) => [message.dealEvent, message.offer?.status, message.listingTitle])).toEqual(
      [
        ['offer_made', 'declined', 'Gelato smalls'],
        ['offer_declined', 'declined', 'Gelato smalls'],
      ],
    );
    expect(thread[1]?.content).toBe('Offer declined on "Gelato smalls".\nReason: Too low');
    expect(thread.every((message) => message.listingId === deal.listingId)).toBe(true);
  });
});
