import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageNotifications, users } from '../src/db/schema/index.ts';
import { NOTIFICATION_QUIET_MS, sendDueNotifications } from '../src/modules/messaging/notifications.ts';
import { call, contactAbout, person, replyTo, sellerWithListing } from './messages-helpers.ts';
import { createTestApp, TEST_APP_URL, type TestApp } from './support/test-app.ts';

// E-mail about unread messages, through the real SMTP capture. With the default delay (90 s) the
// app's own worker never finds anything due during a test; each test settles the queue itself at
// a chosen later moment instead of waiting.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);
const mailsTo = (email: string) => test.smtp.mails.filter((mail) => mail.to.includes(email));

/**
 * Settles the whole queue at `at`. Sending waits for the SMTP server's answer, which comes after
 * the capture stored the mail, so the capture holds every mail once this returns. Other tests'
 * rows may fall due too, so assertions count the mails of their own recipients.
 */
const settle = (at: Date) => sendDueNotifications(test.ctx, at);

describe('message notification e-mails', () => {
  it('mails the seller about a first contact (Listing Interest) once the delay has passed', async () => {
    const { seller, listing } = await sellerWithListing(test, {}, { title: 'Gelato 41 indoor' });
    const buyer = await person(test, { businessName: 'Coastal Collective' });
    await contactAbout(test, buyer, listing, 'Could you send a COA?');
    await settle(later(30_000));
    expect(mailsTo(seller.user.email)).toEqual([]);

    await settle(later(2 * MINUTE));
    expect(mailsTo(seller.user.email)).toHaveLength(1);
    const mail = await test.smtp.waitForMail(seller.user.email, /New inquiry about Gelato 41 indoor/);
    expect(mail.text).toContain('Coastal Collective is interested in your listing "Gelato 41 indoor"');
    expect(mail.text).toContain('Subject: Availability\n\nCould you send a COA?');
    expect(mail.text).toContain(`${TEST_APP_URL}/messages`);
    expect(mail.text).toContain('Listing Interest notifications are on');
    expect(mail.html).toContain('Coastal Collective');
    expect(mailsTo(buyer.user.email)).toEqual([]);
  });

  it('mails the buyer about a reply (New Messages)', async () => {
    const { seller, listing } = await sellerWithListing(test, { businessName: 'Humboldt Heritage' });
    const buyer = await person(test);
    await contactAbout(test, buyer, listing);
    await replyTo(test, seller, { receiverId: buyer.user.id, content: 'Yes, COA attached.' });
    await settle(later(2 * MINUTE));
    const mail = await test.smtp.waitForMail(buyer.user.email, /New message from Humboldt Heritage/);
    expect(mail.text).toContain('Humboldt Heritage sent you a message about');
    expect(mail.text).toContain('Yes, COA attached.');
    expect(mail.text).toContain('New Messages notifications are on');
  });

  it('sends nothing when the setting for that kind of message is off', async () => {
    const { seller, listing } = await sellerWithListing(test);
    const buyer = await person(test);
    await test.db.update(users).set({ notifyListingInterest: false }).where(eq(users.id, seller.user.id));
    await test.db.update(users).set({ notifyNewMessages: false }).where(eq(users.id, buyer.user.id));
    await contactAbout(test, buyer, listing);
    await replyTo(test, seller, { receiverId: buyer.user.id, content: 'Thanks' });
    await settle(later(2 * MINUTE));
    expect(mailsTo(seller.user.email)).toEqual([]);
    expect(mailsTo(buyer.user.email)).toEqual([]);
    const left = await test.db
      .select()
      .from(messageNotifications)
      .where(eq(messageNotifications.recipientId, seller.user.id));
    expect(left).toEqual([]);
  });

  it('sends nothing when the conversation was read before the mail was due', async () => {
    const { seller, listing } = await sellerWithListing(test);
    const buyer = await person(test);
    await contactAbout(test, buyer, listing);
    await call(test, seller, 'GET', `/api/messages/thread/${buyer.user.id}`);
    await settle(later(2 * MINUTE));
    expect(mailsTo(seller.user.email)).toEqual([]);
  });

  it('mails once for messages that arrive before it is due', async () => {
    const { seller, listing } = await sellerWithListing(test);
    const buyer = await person(test);
    await contactAbout(test, buyer, listing, 'first');
    await contactAbout(test, buyer, listing, 'second');
    await contactAbout(test, buyer, listing, 'third');
    await settle(later(2 * MINUTE));
    await settle(later(2 * NOTIFICATION_QUIET_MS));
    const mails = mailsTo(seller.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/New inquiry about/);
    expect(mails[0]?.text).toContain('third');
  });

  it('mails a conversation at most once per 15 minutes, then again if still unread', async () => {
    const { seller, listing } = await sellerWithListing(test);
    const buyer = await person(test);
    await contactAbout(test, buyer, listing, 'one');
    const firstAt = later(2 * MINUTE);
    await settle(firstAt);
    expect(mailsTo(seller.user.email)).toHaveLength(1);

    await replyTo(test, buyer, { receiverId: seller.user.id, content: 'two' });
    await settle(new Date(firstAt.getTime() + 5 * MINUTE));
    await settle(new Date(firstAt.getTime() + NOTIFICATION_QUIET_MS - 1000));
    expect(mailsTo(seller.user.email)).toHaveLength(1);

    await settle(new Date(firstAt.getTime() + NOTIFICATION_QUIET_MS + 1000));
    const mails = mailsTo(seller.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toMatch(/New message from/);
    expect(mails[1]?.text).toContain('two');
  });

  it('drops the owed mail if the quiet period ends with everything read', async () => {
    const { seller, listing } = await sellerWithListing(test);
    const buyer = await person(test);
    await contactAbout(test, buyer, listing, 'one');
    const firstAt = later(2 * MINUTE);
    await settle(firstAt);
    await replyTo(test, buyer, { receiverId: seller.user.id, content: 'two' });
    await settle(new Date(firstAt.getTime() + 5 * MINUTE));
    await call(test, seller, 'GET', `/api/messages/thread/${buyer.user.id}`);
    await settle(new Date(firstAt.getTime() + NOTIFICATION_QUIET_MS + 1000));
    expect(mailsTo(seller.user.email)).toHaveLength(1);
  });

  it('does not mail an account that is no longer verified', async () => {
    const { seller, listing } = await sellerWithListing(test);
    const buyer = await person(test);
    await contactAbout(test, buyer, listing);
    await test.db.update(users).set({ status: 'suspended' }).where(eq(users.id, seller.user.id));
    await settle(later(2 * MINUTE));
    expect(mailsTo(seller.user.email)).toEqual([]);
  });

  it('is sent by the app’s own worker when due, without anyone asking', async () => {
    const quick = await createTestApp({ MESSAGE_EMAIL_DELAY_SECONDS: '0.5' });
    try {
      const { seller, listing } = await sellerWithListing(quick, {}, { title: 'Worker lot' });
      const buyer = await person(quick);
      await contactAbout(quick, buyer, listing);
      const mail = await quick.smtp.waitForMail(seller.user.email, /New inquiry about Worker lot/, 10_000);
      expect(mail.to).toEqual([seller.user.email]);
    } finally {
      await quick.close();
    }
  });
});
