import type { OfferDto, OrderDto } from '@canopy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accept, dealParties, makeOffer, send } from './deals-helpers.ts';
import { openStream } from './messages-helpers.ts';
import { createTestApp, listenOnLoopback, type TestApp } from './support/test-app.ts';

// A deal's moves reach the other side live (the messaging stream's `offer`, `order` and `message`
// events); their e-mails are deals-mail.test.ts's.

let test: TestApp;
let baseUrl: string;
beforeAll(async () => {
  test = await createTestApp();
  baseUrl = await listenOnLoopback(test.app);
});
afterAll(() => test.close());

describe('live notices', () => {
  it('both sides receive the offer, the order and the notice as they happen', async () => {
    const deal = await dealParties(test);
    const sellerStream = await openStream(baseUrl, deal.seller.token);
    const buyerStream = await openStream(baseUrl, deal.buyer.token);
    await sellerStream.nextEvent('unread');
    await buyerStream.nextEvent('unread');

    const offer = await makeOffer(test, deal);
    // The notice comes first (it is published first in the same transaction), then the offer.
    const notice = await sellerStream.nextEvent<{ message: { dealEvent: string; offer: OfferDto } }>(
      'message',
    );
    expect(notice.message).toMatchObject({ dealEvent: 'offer_made', offer: { _id: offer._id } });
    const heard = await sellerStream.nextEvent<OfferDto>('offer');
    expect(heard).toMatchObject({ _id: offer._id, status: 'open', madeBy: 'buyer' });
    expect((await buyerStream.nextEvent<OfferDto>('offer'))._id).toBe(offer._id);

    const { order } = await accept(test, deal.seller, offer._id);
    expect(await buyerStream.nextEvent<OfferDto>('offer')).toMatchObject({
      _id: offer._id,
      status: 'accepted',
    });
    expect(await buyerStream.nextEvent<OrderDto>('order')).toMatchObject({
      _id: order._id,
      status: 'confirmed',
    });

    await send(test, deal.seller, 'POST', `/api/orders/${order._id}/status`, { status: 'fulfilled' });
    expect(await buyerStream.nextEvent<OrderDto>('order')).toMatchObject({
      _id: order._id,
      status: 'fulfilled',
    });
    sellerStream.close();
    buyerStream.close();
  });
});
