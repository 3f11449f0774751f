import type { OfferDto, OrderDto } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { sendDueNotifications } from '../src/modules/messaging/notifications.ts';
import { accept, dealParties, makeOffer, send } from './deals-helpers.ts';
import { openStream } from './messages-helpers.ts';
import { createTestApp, listenOnLoopback, TEST_APP_URL, type TestApp } from './support/test-app.ts';

// A deal's moves reach the other side live (the messaging stream's `offer`, `order` and `message`
// events) and by e-mail through the message notifications: same setting, delay and throttle.

let test: TestApp;
let baseUrl: string;
beforeAll(async () => {
  test = await createTestApp();
  baseUrl = await listenOnLoopback(test.app);
});
afterAll(() => test.close());

const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);
const mailsTo = (email: string) => test.smtp.mails.filter((mail) => mail.to.includes(email));

describe('deal e-mails', () => {
  it('mails the seller about an offer once the message delay has passed, in one e-mail per quiet period', async () => {
    const deal = await dealParties(
      test,
      { title: 'Wedding Cake indoor' },
      { buyer: { businessName: 'Valley Retail' } },
    );
    const offer = await makeOffer(test, deal, { quantityLbs: 3, pricePerLb: 900 });
    await sendDueNotifications(test.ctx, later(10_000));
    expect(mailsTo(deal.seller.user.email)).toEqual([]);

    await sendDueNotifications(test.ctx, later(2 * MINUTE));
    const mail = await test.smtp.waitForMail(deal.seller.user.email, /Deal update from Valley Retail/);
    expect(mail.text).toContain('Valley Retail updated your deal about "Wedding Cake indoor":');
    expect(mail.text).toContain('Offer on "Wedding Cake indoor": 3 lbs at $900.00/lb, total $2,700.00.');
    expect(mail.text).toContain(`${TEST_APP_URL}/messages`);

    // The buyer withdraws and offers again within the quiet period: no second e-mail yet.
    await send(test, deal.buyer, 'POST', `/api/offers/${offer._id}/withdraw`);
    await makeOffer(test, deal, { quantityLbs: 2, pricePerLb: 950 });
    await sendDueNotifications(test.ctx, later(5 * MINUTE));
    expect(mailsTo(deal.seller.user.email)).toHaveLength(1);
  });

  it('mails the buyer about the acceptance, and nobody whose New Messages setting is off', async () => {
    const deal = await dealParties(test, {}, { seller: { businessName: 'North Coast Growers' } });
    await test.db.update(users).set({ notifyNewMessages: false }).where(eq(users.id, deal.seller.user.id));
    const offer = await makeOffer(test, deal);
    await accept(test, deal.seller, offer._id);
    await sendDueNotifications(test.ctx, later(2 * MINUTE));
    const mail = await test.smtp.waitForMail(deal.buyer.user.email, /Deal update from North Coast Growers/);
    expect(mail.text).toMatch(/Offer accepted on "Blue Dream greenhouse"\. Order CNP-\d{6} is confirmed/);
    expect(mailsTo(deal.seller.user.email)).toEqual([]);
  });
});

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
