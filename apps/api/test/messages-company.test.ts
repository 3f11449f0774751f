import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { sendDueNotifications } from '../src/modules/messaging/notifications.ts';
import {
  call,
  contactAbout,
  conversationsOf,
  feedCaughtUp,
  openStream,
  type Person,
  person,
  replyTo,
  sellerWithListing,
  unreadOf,
} from './messages-helpers.ts';
import { memberOf } from './support/members.ts';
import { createTestApp, json, listenOnLoopback, type TestApp } from './support/test-app.ts';

// Conversations belong to the company (issue 28 item 4, decision 208): every member who may read
// messages sees them, each message names the member who wrote it, and unread state, mails and
// live events are each member's own.

let test: TestApp;
let baseUrl: string;
beforeAll(async () => {
  test = await createTestApp();
  baseUrl = await listenOnLoopback(test.app);
});
afterAll(() => test.close());

interface ThreadBody {
  data: {
    content: string;
    senderId: { _id: string; profile: { businessName: string } };
    sentBy: { _id: string; name: string } | null;
    readAt: string | null;
  }[];
}

/** A selling company with its owner and a sales member, a buying company of one, and a first inquiry. */
async function twoCompanies() {
  const { seller: owner, listing } = await sellerWithListing(
    test,
    { businessName: 'Emerald Farms', contactName: 'Olive Owner' },
    { title: 'Gelato 41 indoor' },
  );
  const sales = await memberOf(test, owner.user, 'sales', { contactName: 'Sam Sales' });
  const buyer = await person(test, { businessName: 'Coastal Collective', contactName: 'Bea Buyer' });
  await contactAbout(test, buyer, listing, 'Is this still available?');
  return { owner, sales, buyer, listing };
}

const threadOf = async (who: Person, participantId: string) => {
  const response = await call(test, who, 'GET', `/api/messages/thread/${participantId}`);
  expect(response.statusCode).toBe(200);
  return json<ThreadBody>(response).data;
};

describe('conversations as a company', () => {
  it("shows the company's conversations to every member who may read them", async () => {
    const { owner, sales, buyer } = await twoCompanies();
    for (const member of [owner, sales]) {
      const { data } = await conversationsOf(test, member);
      expect(data.map((row) => [row._id, row.participantBusinessName])).toEqual([
        [buyer.user.id, 'Coastal Collective'],
      ]);
    }
    // A role without messages:read (finance) has no unread counter to keep.
    const finance = await memberOf(test, owner.user, 'finance');
    expect((await unreadOf(test, finance)).count).toBe(0);
  });

  it('names the member who wrote each message beside the business name', async () => {
    const { owner, sales, buyer } = await twoCompanies();
    const response = await replyTo(test, sales, { receiverId: buyer.user.id, content: 'Yes, 20 lbs left.' });
    expect(response.statusCode).toBe(201);
    expect(json<{ data: ThreadBody['data'][number] }>(response).data).toMatchObject({
      senderId: { _id: owner.user.id, profile: { businessName: 'Emerald Farms' } },
      sentBy: { _id: sales.user.id, name: 'Sam Sales' },
    });

    const thread = await threadOf(buyer, owner.user.id);
    expect(
      thread.map((message) => [message.content, message.senderId.profile.businessName, message.sentBy?.name]),
    ).toEqual([
      ['Subject: Availability\n\nIs this still available?', 'Coastal Collective', 'Bea Buyer'],
      ['Yes, 20 lbs left.', 'Emerald Farms', 'Sam Sales'],
    ]);
    // The other member of the company sees the same thread, their colleague's reply included.
    expect((await threadOf(owner, buyer.user.id)).map((message) => message.sentBy?.name)).toEqual([
      'Bea Buyer',
      'Sam Sales',
    ]);
  });

  it('keeps unread counts per member: reading clears them for the reader only', async () => {
    const { owner, sales, buyer } = await twoCompanies();
    expect(await unreadOf(test, owner)).toMatchObject({ count: 1, conversationCount: 1 });
    expect(await unreadOf(test, sales)).toMatchObject({ count: 1, conversationCount: 1 });

    await threadOf(sales, buyer.user.id);
    expect((await unreadOf(test, sales)).count).toBe(0);
    expect((await conversationsOf(test, sales)).data[0]?.unreadCount).toBe(0);
    expect(await unreadOf(test, owner)).toMatchObject({
      count: 1,
      conversations: [{ _id: buyer.user.id, participantBusinessName: 'Coastal Collective', unreadCount: 1 }],
    });
    expect((await conversationsOf(test, owner)).data[0]?.unreadCount).toBe(1);

    // A colleague's reply is not news to the owner; the buyer's next message is, to both.
    await replyTo(test, sales, { receiverId: buyer.user.id, content: 'Yes.' });
    expect((await unreadOf(test, owner)).count).toBe(1);
    // The buyer's company of one reads as before: the reply is unread there until they answer.
    expect((await unreadOf(test, buyer)).count).toBe(1);
    await replyTo(test, buyer, { receiverId: owner.user.id, content: 'Great, sending an offer.' });
    expect((await unreadOf(test, owner)).count).toBe(2);
    expect((await unreadOf(test, sales)).count).toBe(1);
    expect((await unreadOf(test, buyer)).count).toBe(0);
  });

  it('reaches every reading member with a live message; a colleague’s message appears for the others', async () => {
    const { owner, sales, buyer } = await twoCompanies();
    await feedCaughtUp(test, baseUrl);
    const ownerStream = await openStream(baseUrl, owner.token);
    const salesStream = await openStream(baseUrl, sales.token);
    try {
      await ownerStream.nextEvent('unread');
      await salesStream.nextEvent('unread');
      await replyTo(test, buyer, { receiverId: owner.user.id, content: 'Any COA?' });
      for (const stream of [ownerStream, salesStream]) {
        const event = await stream.nextEvent<{
          message: { content: string; sentBy: { name: string } };
          conversation: { unreadCount: number };
        }>('message');
        expect(event.message).toMatchObject({ content: 'Any COA?', sentBy: { name: 'Bea Buyer' } });
        expect(event.conversation.unreadCount).toBe(2);
      }
      await replyTo(test, sales, { receiverId: buyer.user.id, content: 'Attached.' });
      const seen = await ownerStream.nextEvent<{ message: { content: string; sentBy: { name: string } } }>(
        'message',
      );
      expect(seen.message).toMatchObject({ content: 'Attached.', sentBy: { name: 'Sam Sales' } });
    } finally {
      ownerStream.close();
      salesStream.close();
    }
  });

  it('mails each reading member by their own setting, not the one who already read it', async () => {
    const { owner, sales, buyer } = await twoCompanies();
    const viewer = await memberOf(test, owner.user, 'viewer', { contactName: 'Vic Viewer' });
    await replyTo(test, buyer, { receiverId: owner.user.id, content: 'Second question' });
    await test.db
      .update(users)
      .set({ notifyNewMessages: false, notifyListingInterest: false })
      .where(eq(users.id, viewer.user.id));
    await threadOf(owner, buyer.user.id);
    await sendDueNotifications(test.ctx, new Date(Date.now() + 5 * 60_000));
    const mailsTo = (email: string) => test.smtp.mails.filter((mail) => mail.to.includes(email));
    expect(mailsTo(owner.user.email)).toEqual([]);
    expect(mailsTo(viewer.user.email)).toEqual([]);
    const [mail] = mailsTo(sales.user.email);
    expect(mail?.subject).toBe('New inquiry about Gelato 41 indoor');
    expect(mail?.text).toContain('Hello Sam Sales,');
    expect(mail?.text).toContain('Second question');
    expect(mailsTo(sales.user.email)).toHaveLength(1);
  });
});
