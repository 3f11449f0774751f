import { DEALS, NOTIFICATIONS, type NotificationDto } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, notifications, users } from '../src/db/schema/index.ts';
import { uuidv7 } from '../src/lib/ids.ts';
import { sendInvoiceReminders } from '../src/modules/invoices/index.ts';
import { notify, sweepOldNotifications } from '../src/modules/notifications/index.ts';
import { sendSavedSearchAlerts } from '../src/modules/saved-searches/index.ts';
import { insertListing, insertUser } from '../src/seed/factories.ts';
import { accept, type Deal, dealParties, makeOffer, send } from './deals-helpers.ts';
import { openStream, type Person, person } from './messages-helpers.ts';
import { issueTestInvoice } from './support/invoices.ts';
import { memberOf } from './support/members.ts';
import {
  bearer,
  createTestApp,
  json,
  listenOnLoopback,
  type TestApp,
  userWithToken,
} from './support/test-app.ts';

// The notification centre (issue 25 item 6, decisions 249-251): each member's own notices, by what
// their role may see, written in the transaction of the event they tell of.

let test: TestApp;
let baseUrl: string;
beforeAll(async () => {
  test = await createTestApp();
  baseUrl = await listenOnLoopback(test.app);
});
afterAll(() => test.close());

interface ListBody {
  data: NotificationDto[];
  pagination: { page: number; limit: number; total: number; pages: number };
  unreadCount: number;
}

const list = async (who: Person, query = '') => {
  const response = await send(test, who, 'GET', `/api/notifications${query}`);
  expect(response.statusCode).toBe(200);
  return json<ListBody>(response);
};
const titles = async (who: Person) => (await list(who)).data.map((item) => item.title);

/** A seller company of four members and a buyer company of two, with a lot of 100 lbs. */
async function companies(): Promise<{
  deal: Deal;
  sales: Person;
  finance: Person;
  purchasing: Person;
  buyerFinance: Person;
}> {
  const deal = await dealParties(test);
  return {
    deal,
    sales: await memberOf(test, deal.seller.user, 'sales'),
    finance: await memberOf(test, deal.seller.user, 'finance'),
    purchasing: await memberOf(test, deal.seller.user, 'purchasing'),
    buyerFinance: await memberOf(test, deal.buyer.user, 'finance'),
  };
}

describe('notices of a deal, per member and role', () => {
  it('an offer reaches the seller’s members who may answer it, the order moves everyone who sees orders', async () => {
    const { deal, sales, finance, purchasing, buyerFinance } = await companies();
    const outsider = await person(test, { role: 'buyer' });

    const offer = await makeOffer(test, deal);
    const sellerView = await list(deal.seller);
    expect(sellerView.unreadCount).toBe(1);
    expect(sellerView.data).toEqual([
      {
        _id: expect.any(String),
        kind: 'offer',
        title: 'New offer on Blue Dream greenhouse',
        summary: expect.stringMatching(/^Offer on "Blue Dream greenhouse": /),
        link: '/messages',
        read: false,
        createdAt: expect.any(String),
      },
    ]);
    expect(await titles(sales)).toEqual(['New offer on Blue Dream greenhouse']);
    // Finance and purchasing may not answer a sale; the buyer made it; another company is not told.
    for (const someone of [finance, purchasing, deal.buyer, buyerFinance, outsider]) {
      expect(await list(someone)).toMatchObject({ data: [], unreadCount: 0 });
    }

    const { order } = await accept(test, deal.seller, offer._id);
    const accepted = `Offer accepted on Blue Dream greenhouse: order ${order.number} confirmed`;
    const buyerView = await list(deal.buyer);
    expect(buyerView.data.map((item) => [item.title, item.link])).toEqual([
      [accepted, `/orders/${order._id}`],
    ]);
    expect(await titles(buyerFinance)).toEqual([]);

    const moved = await send(test, deal.seller, 'POST', `/api/orders/${order._id}/status`, {
      status: 'fulfilled',
    });
    expect(moved.statusCode).toBe(200);
    const fulfilled = `Order ${order.number} fulfilled`;
    expect(await titles(deal.buyer)).toEqual([fulfilled, accepted]);
    expect(await titles(buyerFinance)).toEqual([fulfilled]);
    expect(await titles(outsider)).toEqual([]);
  });
});

describe('read state', () => {
  it('is each member’s own; another member’s notice is not found', async () => {
    const { deal, sales } = await companies();
    const offer = await makeOffer(test, deal);
    await send(test, deal.buyer, 'POST', `/api/offers/${offer._id}/withdraw`);
    const [newest, older] = (await list(deal.seller)).data;
    expect([newest?.title, older?.title]).toEqual([
      'Offer withdrawn on Blue Dream greenhouse',
      'New offer on Blue Dream greenhouse',
    ]);
    if (!newest || !older) throw new Error('two notices expected');

    const read = await send(test, deal.seller, 'POST', `/api/notifications/${newest._id}/read`);
    expect(read.statusCode).toBe(200);
    expect(json(read)).toEqual({ success: true, message: NOTIFICATIONS.markedRead, unreadCount: 1 });
    const again = await send(test, deal.seller, 'POST', `/api/notifications/${newest._id}/read`);
    expect(json(again)).toMatchObject({ unreadCount: 1 });
    expect((await list(deal.seller)).data.map((item) => item.read)).toEqual([true, false]);
    expect((await list(deal.seller, '?unread=true')).data.map((item) => item._id)).toEqual([older._id]);
    // The colleague's copy is still unread, and the owner's row is not theirs to mark.
    expect((await list(sales)).unreadCount).toBe(2);
    for (const id of [newest._id, 'not-an-id', uuidv7()]) {
      const refused = await send(test, sales, 'POST', `/api/notifications/${id}/read`);
      expect(refused.statusCode).toBe(404);
      expect(json(refused)).toMatchObject({ success: false, error: NOTIFICATIONS.notFound });
    }

    const all = await send(test, sales, 'POST', '/api/notifications/read-all');
    expect(json(all)).toEqual({ success: true, message: NOTIFICATIONS.allMarkedRead, unreadCount: 0 });
    expect(await list(sales, '?unread=true')).toMatchObject({ data: [], unreadCount: 0 });
    expect((await list(deal.seller)).unreadCount).toBe(1);
  });

  it('pages newest first', async () => {
    const deal = await dealParties(test);
    const offer = await makeOffer(test, deal, { quantityLbs: 1, pricePerLb: 1000 });
    await send(test, deal.buyer, 'POST', `/api/offers/${offer._id}/withdraw`);
    await makeOffer(test, deal, { quantityLbs: 3, pricePerLb: 1000 });
    const first = await list(deal.seller, '?limit=2');
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    expect(first.data.map((item) => item.title)).toEqual([
      'New offer on Blue Dream greenhouse',
      'Offer withdrawn on Blue Dream greenhouse',
    ]);
    expect(first.data[0]?.summary).toContain('3 lbs');
    const second = await list(deal.seller, '?limit=2&page=2');
    expect(second.data.map((item) => item.summary)).toEqual([expect.stringContaining('1 lb ')]);
  });

  it('is refused signed out', async () => {
    expect((await send(test, null, 'GET', '/api/notifications')).statusCode).toBe(401);
  });
});

describe('written in the event’s transaction', () => {
  it('a rolled-back event leaves no notice', async () => {
    const owner = await person(test, { role: 'seller' });
    await expect(
      test.db.transaction(async (tx) => {
        await notify(tx, { companyId: owner.user.id, kind: 'account', title: 'Never', link: '/dashboard' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await test.db.select().from(notifications).where(eq(notifications.userId, owner.user.id))).toEqual(
      [],
    );
  });

  it('a refused offer writes nothing', async () => {
    const deal = await dealParties(test);
    const refused = await send(test, deal.buyer, 'POST', '/api/offers', {
      listingId: deal.listingId,
      quantityLbs: 1000,
      pricePerLb: 1000,
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ error: DEALS.notEnoughQuantity });
    expect(await list(deal.seller)).toMatchObject({ data: [], unreadCount: 0 });
  });
});

describe('other events', () => {
  it('an admin’s decision on an account reaches every member of the company', async () => {
    const admin = await userWithToken(test, { role: 'admin' });
    const owner = await person(test, { role: 'seller' });
    const viewer = await memberOf(test, owner.user, 'viewer');
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${owner.user.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'suspended', reason: 'License lapsed' },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await test.db.select().from(notifications).where(eq(notifications.userId, viewer.user.id));
    expect(row).toMatchObject({
      kind: 'account',
      title: 'Your account was suspended',
      summary: 'Reason: License lapsed',
    });
  });
});

describe('invoices, moderation and saved searches', () => {
  it('an invoice reminder reaches the buyer’s members who see invoices, mailed or not', async () => {
    const { deal, buyerFinance } = await companies();
    const purchasing = await memberOf(test, deal.buyer.user, 'purchasing');
    await test.db
      .update(users)
      .set({ emailSwitchesOff: ['invoices'] })
      .where(eq(users.id, deal.buyer.user.id));
    const { order } = await accept(test, deal.seller, (await makeOffer(test, deal))._id);
    await issueTestInvoice(test, order._id, { terms: 'cod', deliveredAt: new Date('2026-06-08T19:00:00Z') });
    expect(await sendInvoiceReminders(test.ctx, '2026-06-08')).toEqual({ due: 1, late: 0 });
    const [invoice] = await test.db.select().from(invoices).where(eq(invoices.orderId, order._id));
    const notice = {
      title: `Invoice ${invoice?.number} is due today`,
      summary: `Order ${order.number} from ${deal.seller.user.businessName}: $12,000.00 open, due 2026-06-08.`,
      link: `/orders/${order._id}`,
    };
    expect((await list(deal.buyer)).data[0]).toMatchObject(notice);
    expect((await list(buyerFinance)).data[0]).toMatchObject(notice);
    expect((await titles(purchasing)).filter((title) => title.startsWith('Invoice'))).toEqual([]);
    // The buyer's Invoices switch is off: no reminder mail.
    const reminders = test.smtp.mails.filter(
      (mail) => mail.to.includes(deal.buyer.user.email) && /invoice/i.test(mail.subject),
    );
    expect(reminders).toEqual([]);
  });

  it('a moderation outcome reaches the seller’s members who see lots, in the mail’s words', async () => {
    const admin = await userWithToken(test, { role: 'admin' });
    const { deal, sales, purchasing } = await companies();
    const hidden = await test.app.inject({
      method: 'PUT',
      url: `/api/admin/listings/${deal.listingId}/toggle-status`,
      headers: bearer(admin.token),
      payload: { reason: 'Photos show another lot' },
    });
    expect(hidden.statusCode).toBe(200);
    const notice = {
      kind: 'listing_moderation',
      title: 'Your listing "Blue Dream greenhouse" was hidden by Canopy',
      summary: 'Reason: Photos show another lot',
      link: '/seller',
    };
    expect((await list(deal.seller)).data).toEqual([expect.objectContaining(notice)]);
    expect((await list(sales)).data).toEqual([expect.objectContaining(notice)]);
    expect(await titles(purchasing)).toEqual([]);
  });

  it('a saved search’s new matches reach the members who keep searches', async () => {
    const buyer = await person(test, { role: 'buyer' });
    const finance = await memberOf(test, buyer.user, 'finance');
    const saved = await send(test, buyer, 'POST', '/api/saved-searches', {
      name: 'Zebra kush',
      filters: { query: 'zebrakush' },
    });
    expect(saved.statusCode).toBe(201);
    const farm = await insertUser(test.db, { role: 'seller' });
    await insertListing(test.db, farm, { title: 'Zebrakush indoor' });
    await sendSavedSearchAlerts(test.ctx, new Date(Date.now() + 60_000));
    expect((await list(buyer)).data).toEqual([
      expect.objectContaining({
        kind: 'saved_search',
        title: '1 new listing for your search "Zebra kush"',
        link: '/saved-searches',
      }),
    ]);
    expect(await titles(finance)).toEqual([]);
  });
});

describe('watched lots', () => {
  it('pounds again after none reach the watching company’s members who keep a watchlist', async () => {
    const { deal, buyerFinance } = await companies();
    const purchasing = await memberOf(test, deal.buyer.user, 'purchasing');
    const watch = await test.app.inject({
      method: 'PUT',
      url: `/api/watchlist/${deal.listingId}`,
      headers: bearer(deal.buyer.token),
    });
    expect(watch.statusCode).toBe(200);
    const setQuantity = async (quantityLbs: number) => {
      const response = await test.app.inject({
        method: 'PATCH',
        url: `/api/listings/${deal.listingId}/quantity`,
        headers: bearer(deal.seller.token),
        payload: { quantityLbs },
      });
      expect(response.statusCode).toBe(200);
    };
    await setQuantity(0);
    expect(await titles(deal.buyer)).toEqual([]);
    await setQuantity(25);
    const notice = { kind: 'watchlist', title: 'Blue Dream greenhouse is back in stock', link: '/watchlist' };
    expect((await list(deal.buyer)).data).toEqual([expect.objectContaining(notice)]);
    expect((await list(purchasing)).data).toEqual([expect.objectContaining(notice)]);
    expect(await titles(buyerFinance)).toEqual([]);
    // More pounds on a lot that had some is not news.
    await setQuantity(30);
    expect(await titles(deal.buyer)).toHaveLength(1);
  });
});

describe('the 90-day sweep', () => {
  it('deletes notices older than 90 days and keeps the rest', async () => {
    const owner = await person(test, { role: 'buyer' });
    const now = new Date('2026-09-01T12:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);
    const row = (title: string, createdAt: Date) => ({
      id: uuidv7(),
      userId: owner.user.id,
      companyId: owner.user.id,
      kind: 'account',
      title,
      link: '/dashboard',
      createdAt,
    });
    await test.db
      .insert(notifications)
      .values([row('Old', daysAgo(90.01)), row('Kept', daysAgo(89.99)), row('New', daysAgo(0))]);
    expect(await sweepOldNotifications(test.db, now)).toBeGreaterThanOrEqual(1);
    const left = await test.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(left.map((kept) => kept.title).sort()).toEqual(['Kept', 'New']);
  });
});

describe('the live stream', () => {
  it('sends the member’s unread count when a notice arrives and when they read', async () => {
    const { deal, sales, finance } = await companies();
    const salesStream = await openStream(baseUrl, sales.token);
    const financeStream = await openStream(baseUrl, finance.token);
    expect(await salesStream.nextEvent('notification')).toEqual({ unreadCount: 0 });
    expect(await financeStream.nextEvent('notification')).toEqual({ unreadCount: 0 });

    await makeOffer(test, deal);
    expect(await salesStream.nextEvent('notification')).toEqual({ unreadCount: 1 });
    await send(test, sales, 'POST', '/api/notifications/read-all');
    expect(await salesStream.nextEvent('notification')).toEqual({ unreadCount: 0 });
    // Finance sees no offers: its stream never hears of this one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(financeStream.frames.filter((frame) => frame.event === 'notification')).toHaveLength(1);
    salesStream.close();
    financeStream.close();
  });
});

describe('e-mail switches', () => {
  it('start on, are saved per login beside SPEC’s settings, and stop the mails of their kind', async () => {
    const deal = await dealParties(test, {}, { seller: { businessName: 'Switch Farms' } });
    const profile = await send(test, deal.seller, 'GET', '/api/auth/profile');
    const { user } = json<{ user: Record<string, unknown> & { profile: Record<string, unknown> } }>(profile);
    expect(user.notificationEmails).toEqual({
      offers: true,
      orders: true,
      invoices: true,
      account: true,
      savedSearches: true,
      watchlist: true,
      wanted: true,
      samples: true,
    });
    const saved = await test.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(deal.seller.token),
      payload: {
        email: user.email,
        profile: { ...user.profile, licenseDocument: undefined },
        notificationEmails: { offers: false },
      },
    });
    expect(saved.statusCode).toBe(200);
    const [row] = await test.db.select().from(users).where(eq(users.id, deal.seller.user.id));
    expect(row?.emailSwitchesOff).toEqual(['offers']);
    expect(row?.notifyNewMessages).toBe(true);

    const offer = await makeOffer(test, deal);
    const { order } = await accept(test, deal.seller, offer._id);
    await send(test, deal.buyer, 'POST', `/api/orders/${order._id}/status`, {
      status: 'cancelled',
      reason: 'Changed plans',
    });
    await test.smtp.waitForMail(deal.seller.user.email, new RegExp(`^Order ${order.number} cancelled$`));
    const subjects = test.smtp.mails
      .filter((mail) => mail.to.includes(deal.seller.user.email))
      .map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.startsWith('New offer'))).toEqual([]);
    // The notice is there whatever the mail switch says.
    expect((await titles(deal.seller))[1]).toBe('New offer on Blue Dream greenhouse');
  });
});
