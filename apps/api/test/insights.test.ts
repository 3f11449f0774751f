import {
  AUTH,
  insightDay,
  insightDays,
  LISTINGS,
  type ListingInsightsResponse,
  type SellerInsightsResponse,
} from '@canopy/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, offers } from '../src/db/schema/index.ts';
import { insertListing } from '../src/seed/factories.ts';
import { type Deal, dealParties, makeOffer, send } from './deals-helpers.ts';
import { contactAbout, type Person, person } from './messages-helpers.ts';
import { createTestApp, json, type TestApp } from './support/test-app.ts';

// Seller insights (issue 15 item 6): views per day from the view counter's flush, inquiries from
// buyers' first messages about the listing, offers from buyers' offers, over the last 30 Pacific
// days, zero-filled; the seller's own listings only.

let test: TestApp;
let deal: Deal;
let otherBuyer: Person;

beforeAll(async () => {
  test = await createTestApp();
  deal = await dealParties(test, { title: 'Insights lot' });
  otherBuyer = await person(test, { role: 'buyer' });
});
afterAll(() => test.close());

const today = () => insightDay(new Date());
const daysAgo = (days: number) => sql`now() - ${`${days} days`}::interval`;

async function insightsOf(who: Person, listingId: string) {
  const response = await send(test, who, 'GET', `/api/listings/${listingId}/insights`);
  expect(response.statusCode).toBe(200);
  return json<ListingInsightsResponse>(response).insights;
}

describe('GET /api/listings/:id/insights', () => {
  it('answers 30 zero-filled Pacific days ending today for a listing nobody has looked at', async () => {
    const quiet = await insertListing(test.db, deal.seller.user, { title: 'Quiet lot' });
    const insights = await insightsOf(deal.seller, quiet.id);
    expect(insights.days).toEqual(insightDays(today(), 30));
    expect(insights.days).toHaveLength(30);
    const zeros = Array.from({ length: 30 }, () => 0);
    expect(insights.listing).toEqual({
      listingId: quiet.id,
      views: zeros,
      inquiries: zeros,
      offers: zeros,
      totals: { views: 0, inquiries: 0, offers: 0 },
    });
  });

  it('counts new views per day, first inquiries per buyer and buyers’ offers, each on its day', async () => {
    const { listingId } = deal;
    const listing = { id: listingId, sellerId: deal.seller.user.id } as Parameters<typeof contactAbout>[2];
    // Views: two viewers, one of them twice; the seller's own view is not counted.
    for (const remoteAddress of ['10.3.0.1', '10.3.0.1', '10.3.0.2']) {
      await test.app.inject({ method: 'GET', url: `/api/products/${listingId}`, remoteAddress });
    }
    await send(test, deal.seller, 'GET', `/api/products/${listingId}`);
    await test.app.viewCounter.flush();

    // Inquiries: the first buyer writes twice (one inquiry), the second once; the seller's reply
    // and the notice an offer posts are not inquiries.
    await contactAbout(test, deal.buyer, listing);
    await contactAbout(test, deal.buyer, listing, 'And can you deliver?');
    await contactAbout(test, otherBuyer, listing);
    const reply = await test.app.inject({
      method: 'POST',
      url: '/api/messages/reply',
      headers: { authorization: `Bearer ${deal.seller.token}` },
      payload: { receiverId: deal.buyer.user.id, content: 'Yes, it is.', listingId },
    });
    expect(reply.statusCode).toBe(201);
    // The second buyer's first message was three days ago; one of 40 days ago is out of the window.
    await test.db
      .update(messages)
      .set({ createdAt: daysAgo(3) })
      .where(eq(messages.senderId, otherBuyer.user.id));

    // Offers: the buyer's offer counts; the seller's counter-offer does not.
    const offer = await makeOffer(test, deal);
    const countered = await send(test, deal.seller, 'POST', `/api/offers/${offer._id}/counter`, {
      quantityLbs: 10,
      pricePerLb: 1300,
    });
    expect(countered.statusCode).toBe(201);

    const insights = await insightsOf(deal.seller, listingId);
    const at = (days: number) => insights.days.indexOf(insightDay(new Date(Date.now() - days * 86_400_000)));
    expect(insights.listing.totals).toEqual({ views: 2, inquiries: 2, offers: 1 });
    expect(insights.listing.views[29]).toBe(2);
    expect(insights.listing.inquiries[29]).toBe(1);
    expect(insights.listing.inquiries[at(3)]).toBe(1);
    expect(insights.listing.offers[29]).toBe(1);

    // Older than the 30 days: out of every series.
    await test.db
      .update(offers)
      .set({ createdAt: daysAgo(40), expiresAt: daysAgo(33) })
      .where(eq(offers.id, offer._id));
    await test.db
      .update(messages)
      .set({ createdAt: daysAgo(40) })
      .where(eq(messages.senderId, otherBuyer.user.id));
    expect((await insightsOf(deal.seller, listingId)).listing.totals).toEqual({
      views: 2,
      inquiries: 1,
      offers: 0,
    });
  });

  it('is the owning seller’s: another seller is told the listing does not exist, buyers and admins are refused', async () => {
    const otherSeller = await person(test, { role: 'seller' });
    const admin = await person(test, { role: 'admin' });
    for (const id of [deal.listingId, '0196f000-0000-7000-8000-000000000000', 'nope']) {
      const response = await send(test, otherSeller, 'GET', `/api/listings/${id}/insights`);
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({
        success: false,
        error: LISTINGS.notFound,
        message: LISTINGS.notFound,
        code: 'listing_not_found',
      });
    }
    for (const who of [admin, deal.buyer]) {
      const response = await send(test, who, 'GET', `/api/listings/${deal.listingId}/insights`);
      expect(response.statusCode).toBe(403);
      expect(json(response)).toMatchObject({ success: false, message: AUTH.forbidden });
    }
    expect((await send(test, null, 'GET', `/api/listings/${deal.listingId}/insights`)).statusCode).toBe(401);
  });
});

describe('GET /api/listings/my/insights', () => {
  it("answers every one of the seller's listings, zero-filled, and their sums", async () => {
    const response = await send(test, deal.seller, 'GET', '/api/listings/my/insights');
    expect(response.statusCode).toBe(200);
    const { insights } = json<SellerInsightsResponse>(response);
    expect(insights.days).toEqual(insightDays(today(), 30));
    const byId = new Map(insights.listings.map((listing) => [listing.listingId, listing]));
    expect(byId.get(deal.listingId)?.totals).toEqual({ views: 2, inquiries: 1, offers: 0 });
    expect(insights.listings).toHaveLength(2);
    // Newest first, as the dashboard lists them: the deal's lot was listed before the quiet one.
    expect(insights.listings.at(-1)?.listingId).toBe(deal.listingId);
    expect(insights.totals).toEqual({ views: 2, inquiries: 1, offers: 0 });
    for (const listing of insights.listings) expect(listing.views).toHaveLength(30);

    const stranger = await person(test, { role: 'seller' });
    const theirs = json<SellerInsightsResponse>(
      await send(test, stranger, 'GET', '/api/listings/my/insights'),
    );
    expect(theirs.insights).toMatchObject({ listings: [], totals: { views: 0, inquiries: 0, offers: 0 } });
  });
});
