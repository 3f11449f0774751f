import {
  AUTH,
  CONVERSATIONS,
  failureCodeOf,
  MESSAGE_MAX,
  MESSAGE_PREVIEW_MAX,
  MESSAGE_RULES,
  MESSAGE_SUBJECT_MAX,
} from '@canopy/shared';
import { count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, listings, messages, users } from '../src/db/schema/index.ts';
import { uuidv7 } from '../src/lib/ids.ts';
import { countMessages } from '../src/modules/messaging/read-model.ts';
import { insertListing } from '../src/seed/factories.ts';
import {
  call,
  contact,
  contactAbout,
  conversationsOf,
  type Person,
  person,
  replyTo,
  sellerWithListing,
  unreadOf,
} from './messages-helpers.ts';
import { createTestApp, json, type TestApp } from './support/test-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const stored = async () => ({
  messages: await countMessages(test.db),
  conversations: (await test.db.select({ n: count() }).from(conversations))[0]?.n ?? 0,
});

interface ThreadBody {
  data: {
    _id: string;
    content: string;
    senderId: { _id: string; profile: { businessName: string } };
    sender_id: { _id: string; profile: { businessName: string } };
    receiverId: string;
    listingId: string | null;
    createdAt: string;
    created_at: string;
    readAt: string | null;
  }[];
  nextCursor: string | null;
}

const thread = async (who: Person, participantId: string, query = '') => {
  const response = await call(test, who, 'GET', `/api/messages/thread/${participantId}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<ThreadBody>(response);
};

describe('POST /api/messages (contact a seller from a product page)', () => {
  it('stores the message with its subject and opens a conversation on both sides', async () => {
    const { seller, listing } = await sellerWithListing(
      test,
      { businessName: 'Emerald Farms' },
      { title: 'Blue Dream 10 lb' },
    );
    const buyer = await person(test, { businessName: 'Harbor Dispensary' });
    const response = await contact(test, buyer, {
      receiverId: seller.user.id,
      listingId: listing.id,
      subject: '  Bulk order ',
      content: '  Can you do 20 lbs?\nThanks  ',
    });
    expect(response.statusCode).toBe(201);
    const body = json(response);
    expect(body).toMatchObject({ success: true, message: CONVERSATIONS.sent });
    const sent = body.data as ThreadBody['data'][number];
    const sender = { _id: buyer.user.id, profile: { businessName: 'Harbor Dispensary' } };
    expect(sent).toEqual({
      _id: expect.any(String),
      content: 'Subject: Bulk order\n\nCan you do 20 lbs?\nThanks',
      senderId: sender,
      sender_id: sender,
      receiverId: seller.user.id,
      listingId: listing.id,
      createdAt: expect.any(String),
      created_at: sent.createdAt,
      readAt: null,
      // Beyond SPEC (issue 14, decision 122): the product chip's title; no deal on a typed message.
      listingTitle: 'Blue Dream 10 lb',
      dealEvent: null,
      offer: null,
      // Beyond SPEC (issue 28, decision 208): the member who wrote it; a company of one's own login.
      sentBy: { _id: buyer.user.id, name: buyer.user.contactName },
    });

    const [mine] = (await conversationsOf(test, buyer)).data;
    expect(mine).toEqual({
      _id: seller.user.id,
      participantBusinessName: 'Emerald Farms',
      productName: 'Blue Dream 10 lb',
      productId: listing.id,
      lastMessage: sent.content,
      lastMessageDate: sent.createdAt,
      unreadCount: 0,
    });
    const [theirs] = (await conversationsOf(test, seller)).data;
    expect(theirs).toMatchObject({
      _id: buyer.user.id,
      participantBusinessName: 'Harbor Dispensary',
      unreadCount: 1,
    });
  });

  it('stores the content alone when no subject is sent', async () => {
    const { listing } = await sellerWithListing(test);
    const buyer = await person(test);
    const response = await contact(test, buyer, {
      receiverId: listing.sellerId,
      listingId: listing.id,
      content: 'Hello',
    });
    expect(response.statusCode).toBe(201);
    expect(json<{ data: { content: string } }>(response).data.content).toBe('Hello');
  });

  it('is for verified buyers only (401 signed out, 403 otherwise)', async () => {
    const { listing } = await sellerWithListing(test);
    const payload = { receiverId: listing.sellerId, listingId: listing.id, content: 'Hi' };
    const before = await stored();
    const anonymous = await test.app.inject({ method: 'POST', url: '/api/messages', payload });
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous).error).toBe(AUTH.signInRequired);
    const cases: [Partial<Person['user']>, string][] = [
      [{ role: 'seller' }, AUTH.forbidden],
      [{ role: 'admin' }, AUTH.forbidden],
      [{ role: 'buyer', status: 'pending' }, AUTH.notVerified],
      [{ role: 'buyer', status: 'suspended' }, AUTH.notVerified],
    ];
    for (const [seed, text] of cases) {
      const caller = await person(test, { role: seed.role, status: seed.status });
      const response = await contact(test, caller, payload);
      expect(response.statusCode, JSON.stringify(seed)).toBe(403);
      expect(json(response).error).toBe(text);
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses empty, blank and over-long messages, and incomplete forms, storing nothing', async () => {
    const { listing } = await sellerWithListing(test);
    const buyer = await person(test);
    const base = { receiverId: listing.sellerId, listingId: listing.id, content: 'Hello' };
    const before = await stored();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, content: '' }, MESSAGE_RULES.contentRequired],
      [{ ...base, content: ' \n\t ' }, MESSAGE_RULES.contentRequired],
      [{ ...base, content: undefined }, MESSAGE_RULES.contentRequired],
      [{ ...base, content: 42 }, MESSAGE_RULES.contentRequired],
      [{ ...base, content: 'x'.repeat(MESSAGE_MAX + 1) }, MESSAGE_RULES.contentTooLong],
      [{ ...base, subject: 's'.repeat(MESSAGE_SUBJECT_MAX + 1) }, MESSAGE_RULES.subjectTooLong],
      [{ ...base, receiverId: undefined }, MESSAGE_RULES.receiverRequired],
      [{ ...base, listingId: '' }, MESSAGE_RULES.listingRequired],
      [{ ...base, sellerNote: 'x' }, 'Unknown field: sellerNote'],
    ];
    for (const [payload, text] of cases) {
      const response = await contact(test, buyer, payload);
      expect(response.statusCode, text).toBe(400);
      expect(json(response)).toEqual({
        success: false,
        error: text,
        message: text,
        code: failureCodeOf(400, text),
      });
    }
    expect(await stored()).toEqual(before);
    const longest = await contact(test, buyer, { ...base, content: 'y'.repeat(MESSAGE_MAX) });
    expect(longest.statusCode).toBe(201);
  });

  it('refuses a listing that is archived, unknown, malformed or not public, and a receiver who is not its seller', async () => {
    const { seller, listing } = await sellerWithListing(test);
    const archived = await insertListing(test.db, seller.user, { isActive: false });
    const pendingSeller = await person(test, { role: 'seller', status: 'pending' });
    const hidden = await insertListing(test.db, pendingSeller.user);
    const other = await sellerWithListing(test);
    const buyer = await person(test);
    const before = await stored();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ receiverId: seller.user.id, listingId: archived.id }, 404, MESSAGE_RULES.listingUnavailable],
      [{ receiverId: seller.user.id, listingId: uuidv7() }, 404, MESSAGE_RULES.listingUnavailable],
      [{ receiverId: seller.user.id, listingId: 'not-an-id' }, 404, MESSAGE_RULES.listingUnavailable],
      [{ receiverId: pendingSeller.user.id, listingId: hidden.id }, 404, MESSAGE_RULES.listingUnavailable],
      [{ receiverId: other.seller.user.id, listingId: listing.id }, 400, MESSAGE_RULES.notListingSeller],
      [{ receiverId: 'nobody', listingId: listing.id }, 400, MESSAGE_RULES.notListingSeller],
      [{ receiverId: buyer.user.id, listingId: listing.id }, 400, MESSAGE_RULES.selfMessage],
    ];
    for (const [payload, status, text] of cases) {
      const response = await contact(test, buyer, { ...payload, content: 'Hello' });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(json(response).error).toBe(text);
    }
    expect(await stored()).toEqual(before);
  });

  it('keeps one conversation per participant, about the listing named last', async () => {
    const { seller, listing } = await sellerWithListing(test, {}, { title: 'First lot' });
    const second = await insertListing(test.db, seller.user, { title: 'Second lot' });
    const buyer = await person(test);
    await contactAbout(test, buyer, listing);
    await contactAbout(test, buyer, second, 'And this one?');
    const { data } = await conversationsOf(test, buyer);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      productName: 'Second lot',
      productId: second.id,
      lastMessage: 'Subject: Availability\n\nAnd this one?',
    });
    const [sellerSide] = (await conversationsOf(test, seller)).data;
    expect(sellerSide?.unreadCount).toBe(2);
  });
});

describe('POST /api/messages/reply', () => {
  it('answers into an existing conversation, counts it unread for the receiver and reads the thread for the sender', async () => {
    const { seller, listing } = await sellerWithListing(test, { businessName: 'Sierra Growers' });
    const buyer = await person(test);
    await contactAbout(test, buyer, listing, 'First');
    await contactAbout(test, buyer, listing, 'Second');
    expect((await unreadOf(test, seller)).count).toBe(2);

    const response = await replyTo(test, seller, {
      receiverId: buyer.user.id,
      content: ' Yes, 20 lbs is fine. ',
      listingId: listing.id,
    });
    expect(response.statusCode).toBe(201);
    expect(json(response)).toMatchObject({
      success: true,
      message: CONVERSATIONS.sent,
      data: {
        content: 'Yes, 20 lbs is fine.',
        senderId: { _id: seller.user.id, profile: { businessName: 'Sierra Growers' } },
        receiverId: buyer.user.id,
        listingId: listing.id,
      },
    });
    expect((await unreadOf(test, seller)).count).toBe(0);
    const [sellerSide] = (await conversationsOf(test, seller)).data;
    expect(sellerSide).toMatchObject({ unreadCount: 0, lastMessage: 'Yes, 20 lbs is fine.' });
    const buyerUnread = await unreadOf(test, buyer);
    expect(buyerUnread).toMatchObject({ count: 1, conversationCount: 1 });
    const unreadBySeller = await test.db
      .select()
      .from(messages)
      .where(eq(messages.receiverId, seller.user.id));
    expect(unreadBySeller.every((row) => row.readAt !== null)).toBe(true);
  });

  it('works without a listing id, keeping the conversation’s product', async () => {
    const { seller, listing } = await sellerWithListing(test, {}, { title: 'Kept product' });
    const buyer = await person(test);
    await contactAbout(test, buyer, listing);
    for (const listingId of [undefined, null, uuidv7()]) {
      const response = await replyTo(test, seller, { receiverId: buyer.user.id, content: 'ok', listingId });
      expect(response.statusCode).toBe(201);
      expect(json<{ data: { listingId: string } }>(response).data.listingId).toBe(listing.id);
    }
    expect((await conversationsOf(test, buyer)).data[0]).toMatchObject({
      productName: 'Kept product',
      productId: listing.id,
    });
  });

  it('moves the conversation to another listing of either participant, and refuses a stranger’s listing', async () => {
    const { seller, listing } = await sellerWithListing(test);
    const another = await insertListing(test.db, seller.user, { title: 'Another lot' });
    const stranger = await sellerWithListing(test);
    const buyer = await person(test);
    await contactAbout(test, buyer, listing);
    const moved = await replyTo(test, seller, {
      receiverId: buyer.user.id,
      content: 'See this one',
      listingId: another.id,
    });
    expect(moved.statusCode).toBe(201);
    expect((await conversationsOf(test, buyer)).data[0]).toMatchObject({
      productName: 'Another lot',
      productId: another.id,
    });
    const before = await stored();
    const refused = await replyTo(test, seller, {
      receiverId: buyer.user.id,
      content: 'x',
      listingId: stranger.listing.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).error).toBe(MESSAGE_RULES.listingNotInConversation);
    expect(await stored()).toEqual(before);
  });

  it('refuses someone without a conversation, oneself, bad content and unverified callers', async () => {
    const { seller, listing } = await sellerWithListing(test);
    const buyer = await person(test);
    const third = await person(test);
    await contactAbout(test, buyer, listing);
    const before = await stored();
    const cases: [Person, Record<string, unknown>, number, string][] = [
      [third, { receiverId: seller.user.id, content: 'Hi' }, 404, CONVERSATIONS.notFound],
      [third, { receiverId: buyer.user.id, content: 'Hi' }, 404, CONVERSATIONS.notFound],
      [seller, { receiverId: uuidv7(), content: 'Hi' }, 404, CONVERSATIONS.notFound],
      [seller, { receiverId: 'garbage', content: 'Hi' }, 404, CONVERSATIONS.notFound],
      [seller, { receiverId: seller.user.id, content: 'Hi' }, 400, MESSAGE_RULES.selfMessage],
      [seller, { receiverId: buyer.user.id, content: '   ' }, 400, MESSAGE_RULES.contentRequired],
      [
        seller,
        { receiverId: buyer.user.id, content: 'z'.repeat(MESSAGE_MAX + 1) },
        400,
        MESSAGE_RULES.contentTooLong,
      ],
      [seller, { content: 'Hi' }, 400, MESSAGE_RULES.receiverRequired],
    ];
    for (const [who, payload, status, text] of cases) {
      const response = await replyTo(test, who, payload);
      expect(response.statusCode, `${text} ${JSON.stringify(payload).slice(0, 80)}`).toBe(status);
      expect(json(response).error).toBe(text);
    }
    expect(await stored()).toEqual(before);

    const anonymous = await test.app.inject({
      method: 'POST',
      url: '/api/messages/reply',
      payload: { receiverId: buyer.user.id, content: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    await test.db.update(users).set({ status: 'suspended' }).where(eq(users.id, seller.user.id));
    const suspended = await replyTo(test, seller, { receiverId: buyer.user.id, content: 'x' });
    expect(suspended.statusCode).toBe(403);
    expect(json(suspended).error).toBe(AUTH.notVerified);
    expect(await stored()).toEqual(before);
  });
});

describe('GET /api/messages/conversations', () => {
  it('lists one row per participant, newest first, with unread counts, and pages by cursor', async () => {
    const seller = await person(test, { role: 'seller' });
    const lots = await Promise.all(
      [1, 2, 3].map((n) => insertListing(test.db, seller.user, { title: `Lot ${n}` })),
    );
    const buyers = [];
    for (const [index, lot] of lots.entries()) {
      const buyer = await person(test, { businessName: `Buyer ${index + 1}` });
      buyers.push(buyer);
      for (let n = 0; n <= index; n++) await contactAbout(test, buyer, lot, `message ${n}`);
    }
    // The first buyer writes again last, so their conversation moves to the top.
    await contactAbout(test, buyers[0] as Person, lots[0] as (typeof lots)[number], 'latest');

    const { data, nextCursor } = await conversationsOf(test, seller);
    expect(nextCursor).toBeNull();
    expect(data.map((row) => [row.participantBusinessName, row.productName, row.unreadCount])).toEqual([
      ['Buyer 1', 'Lot 1', 2],
      ['Buyer 3', 'Lot 3', 3],
      ['Buyer 2', 'Lot 2', 2],
    ]);
    const dates = data.map((row) => Date.parse(row.lastMessageDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    const first = await conversationsOf(test, seller, '?limit=2');
    expect(first.data.map((row) => row._id)).toEqual(data.slice(0, 2).map((row) => row._id));
    expect(first.nextCursor).toBe(data[1]?._id);
    const second = await conversationsOf(test, seller, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.data.map((row) => row._id)).toEqual([data[2]?._id]);
    expect(second.nextCursor).toBeNull();
  });

  it('cuts the last message to a preview', async () => {
    const { seller, listing } = await sellerWithListing(test);
    const buyer = await person(test);
    await contact(test, buyer, {
      receiverId: seller.user.id,
      listingId: listing.id,
      content: 'w'.repeat(1000),
    });
    const [row] = (await conversationsOf(test, seller)).data;
    expect(row?.lastMessage).toBe('w'.repeat(MESSAGE_PREVIEW_MAX));
  });

  it('keeps the product name when the listing is deleted and follows a renamed listing', async () => {
    const { seller, listing } = await sellerWithListing(test, {}, { title: 'Original title' });
    const buyer = await person(test);
    await contactAbout(test, buyer, listing);
    await test.db.update(listings).set({ title: 'Renamed title' }).where(eq(listings.id, listing.id));
    expect((await conversationsOf(test, buyer)).data[0]?.productName).toBe('Renamed title');
    await test.db.delete(listings).where(eq(listings.id, listing.id));
    expect((await conversationsOf(test, buyer)).data[0]).toMatchObject({
      productName: 'Original title',
      productId: null,
    });
    const { data } = await thread(buyer, seller.user.id);
    expect(data[0]?.listingId).toBeNull();
    const reply = await replyTo(test, seller, {
      receiverId: buyer.user.id,
      content: 'Sold out, sorry',
      listingId: listing.id,
    });
    expect(reply.statusCode).toBe(201);
  });

  it('answers signed-out and unverified callers with 401 and 403, and strangers with nothing', async () => {
    expect((await call(test, null, 'GET', '/api/messages/conversations')).statusCode).toBe(401);
    const pending = await person(test, { status: 'pending' });
    expect((await call(test, pending, 'GET', '/api/messages/conversations')).statusCode).toBe(403);
    const stranger = await person(test);
    expect((await conversationsOf(test, stranger)).data).toEqual([]);
    expect((await conversationsOf(test, stranger, '?archived=true')).data).toEqual([]);
  });
});

describe('GET /api/messages/thread/:participantId', () => {
  it('returns the pair’s messages oldest first and marks the ones to the reader read', async () => {
    const { seller, listing } = await sellerWithListing(test, { businessName: 'Valley Farms' });
    const buyer = await person(test, { businessName: 'City Shop' });
    await contactAbout(test, buyer, listing, 'one');
    await contactAbout(test, buyer, listing, 'two');
    await replyTo(test, seller, { receiverId: buyer.user.id, content: 'three', listingId: listing.id });
    await replyTo(test, buyer, { receiverId: seller.user.id, content: 'four', listingId: listing.id });
    expect((await unreadOf(test, seller)).count).toBe(1);

    const { data, nextCursor } = await thread(seller, buyer.user.id);
    expect(nextCursor).toBeNull();
    expect(
      data.map((m) => [m.content.replace('Subject: Availability\n\n', ''), m.senderId.profile.businessName]),
    ).toEqual([
      ['one', 'City Shop'],
      ['two', 'City Shop'],
      ['three', 'Valley Farms'],
      ['four', 'City Shop'],
    ]);
    expect(data[3]).toMatchObject({
      sender_id: data[3]?.senderId,
      receiverId: seller.user.id,
      created_at: data[3]?.createdAt,
    });
    expect((await unreadOf(test, seller)).count).toBe(0);
    expect((await conversationsOf(test, seller)).data[0]?.unreadCount).toBe(0);
    const again = await thread(seller, buyer.user.id);
    expect(again.data.filter((m) => m.receiverId === seller.user.id).every((m) => m.readAt !== null)).toBe(
      true,
    );
    // The seller's own message was read when the buyer answered it.
    expect(again.data[2]?.readAt).not.toBeNull();
  });

  it('pages back through a long thread', async () => {
    const { seller, listing } = await sellerWithListing(test);
    const buyer = await person(test);
    for (let n = 1; n <= 5; n++) await contactAbout(test, buyer, listing, `m${n}`);
    const strip = (body: ThreadBody) =>
      body.data.map((m) => m.content.replace('Subject: Availability\n\n', ''));
    const latest = await thread(seller, buyer.user.id, '?limit=2');
    expect(strip(latest)).toEqual(['m4', 'm5']);
    const earlier = await thread(seller, buyer.user.id, `?limit=2&cursor=${latest.nextCursor}`);
    expect(strip(earlier)).toEqual(['m2', 'm3']);
    const first = await thread(seller, buyer.user.id, `?limit=2&cursor=${earlier.nextCursor}`);
    expect(strip(first)).toEqual(['m1']);
    expect(first.nextCursor).toBeNull();
  });

  it('is 404 for anyone without the conversation, so nobody reads another’s thread', async () => {
    const { seller, listing } = await sellerWithListing(test);
    const buyer = await person(test);
    const third = await person(test);
    await contactAbout(test, buyer, listing);
    for (const [who, id] of [
      [third, seller.user.id],
      [third, buyer.user.id],
      [buyer, uuidv7()],
      [buyer, 'not-an-id'],
    ] as [Person, string][]) {
      const response = await call(test, who, 'GET', `/api/messages/thread/${id}`);
      expect(response.statusCode).toBe(404);
      expect(json(response).error).toBe(CONVERSATIONS.notFound);
    }
    expect((await unreadOf(test, seller)).count).toBe(1);
    expect((await call(test, null, 'GET', `/api/messages/thread/${buyer.user.id}`)).statusCode).toBe(401);
  });
});

describe('POST /api/messages/archive/:id and /unarchive/:id', () => {
  it('moves the caller’s side between the tabs, and a new message brings it back on both sides', async () => {
    const { seller, listing } = await sellerWithListing(test);
    const buyer = await person(test);
    await contactAbout(test, buyer, listing);

    const archived = await call(test, seller, 'POST', `/api/messages/archive/${buyer.user.id}`);
    expect(archived.statusCode).toBe(200);
    expect(json(archived)).toEqual({ success: true, message: CONVERSATIONS.archived });
    expect((await conversationsOf(test, seller)).data).toEqual([]);
    expect((await conversationsOf(test, seller, '?archived=true')).data.map((row) => row._id)).toEqual([
      buyer.user.id,
    ]);
    // Archived conversations leave the badge and the banner; the other side is untouched.
    expect(await unreadOf(test, seller)).toEqual({ count: 0, conversationCount: 0, conversations: [] });
    expect((await conversationsOf(test, buyer)).data).toHaveLength(1);
    // Archiving twice is harmless.
    expect((await call(test, seller, 'POST', `/api/messages/archive/${buyer.user.id}`)).statusCode).toBe(200);

    const restored = await call(test, seller, 'POST', `/api/messages/unarchive/${buyer.user.id}`);
    expect(json(restored)).toEqual({ success: true, message: CONVERSATIONS.restored });
    expect((await conversationsOf(test, seller)).data.map((row) => row._id)).toEqual([buyer.user.id]);
    expect((await unreadOf(test, seller)).count).toBe(1);

    await call(test, seller, 'POST', `/api/messages/archive/${buyer.user.id}`);
    await call(test, buyer, 'POST', `/api/messages/archive/${seller.user.id}`);
    await replyTo(test, buyer, { receiverId: seller.user.id, content: 'Still interested' });
    expect((await conversationsOf(test, seller)).data).toHaveLength(1);
    expect((await conversationsOf(test, buyer)).data).toHaveLength(1);
    expect((await conversationsOf(test, seller, '?archived=true')).data).toEqual([]);
  });

  it('is 404 for a conversation the caller does not have, changing nothing', async () => {
    const { seller, listing } = await sellerWithListing(test);
    const buyer = await person(test);
    const third = await person(test);
    await contactAbout(test, buyer, listing);
    for (const path of ['archive', 'unarchive']) {
      for (const id of [seller.user.id, buyer.user.id, uuidv7(), 'x']) {
        const response = await call(test, third, 'POST', `/api/messages/${path}/${id}`);
        expect(response.statusCode).toBe(404);
        expect(json(response).error).toBe(CONVERSATIONS.notFound);
      }
    }
    expect((await conversationsOf(test, seller)).data).toHaveLength(1);
    expect((await conversationsOf(test, buyer)).data).toHaveLength(1);
  });
});

describe('GET /api/messages/unread', () => {
  it('sums unread counts over conversations, newest first, and follows reads and replies', async () => {
    const seller = await person(test, { role: 'seller' });
    const people: Person[] = [];
    for (const [index, messagesSent] of [2, 1, 3].entries()) {
      const lot = await insertListing(test.db, seller.user, { title: `Unread lot ${index}` });
      const buyer = await person(test, { businessName: `Unread buyer ${index}` });
      people.push(buyer);
      for (let n = 0; n < messagesSent; n++) await contactAbout(test, buyer, lot);
    }
    const summary = await unreadOf(test, seller);
    expect(summary).toEqual({
      count: 6,
      conversationCount: 3,
      conversations: [
        {
          _id: people[2]?.user.id,
          participantBusinessName: 'Unread buyer 2',
          productName: 'Unread lot 2',
          unreadCount: 3,
        },
        {
          _id: people[1]?.user.id,
          participantBusinessName: 'Unread buyer 1',
          productName: 'Unread lot 1',
          unreadCount: 1,
        },
        {
          _id: people[0]?.user.id,
          participantBusinessName: 'Unread buyer 0',
          productName: 'Unread lot 0',
          unreadCount: 2,
        },
      ],
    });

    await thread(seller, people[2]?.user.id as string);
    expect(await unreadOf(test, seller)).toMatchObject({ count: 3, conversationCount: 2 });
    await replyTo(test, seller, { receiverId: people[0]?.user.id, content: 'Thanks' });
    expect(await unreadOf(test, seller)).toMatchObject({ count: 1, conversationCount: 1 });
    expect((await unreadOf(test, people[0] as Person)).count).toBe(1);
  });

  it('is empty for a signed-in account that is not verified, and 401 when signed out', async () => {
    const pending = await person(test, { role: 'seller', status: 'pending' });
    expect(await unreadOf(test, pending)).toEqual({ count: 0, conversationCount: 0, conversations: [] });
    expect((await call(test, null, 'GET', '/api/messages/unread')).statusCode).toBe(401);
  });
});

describe('countMessages', () => {
  it('counts every stored message for the admin overview', async () => {
    const [row] = await test.db.select({ n: count() }).from(messages);
    expect(await countMessages(test.db)).toBe(row?.n);
    const { listing } = await sellerWithListing(test);
    await contactAbout(test, await person(test), listing);
    expect(await countMessages(test.db)).toBe((row?.n ?? 0) + 1);
  });
});

describe('the database', () => {
  it('refuses a message to oneself and an empty one even from code that skips the service', async () => {
    const [someone] = await test.db.select().from(users).limit(1);
    const id = someone?.id as string;
    const [other] = await test.db.select().from(users).where(ne(users.id, id)).limit(1);
    await expect(
      test.db.insert(messages).values({ id: uuidv7(), senderId: id, receiverId: id, content: 'x' }),
    ).rejects.toThrow();
    await expect(
      test.db
        .insert(messages)
        .values({ id: uuidv7(), senderId: id, receiverId: other?.id as string, content: '' }),
    ).rejects.toThrow();
  });
});

describe('Idempotency-Key on POST /api/messages and /api/messages/reply', () => {
  const keyed = (key: string) => ({ 'idempotency-key': key });

  it('stores a message sent again with the same key once, and answers both sends with it', async () => {
    const buyer = await person(test, { role: 'buyer' });
    const { seller, listing } = await sellerWithListing(test);
    const payload = { receiverId: seller.user.id, listingId: listing.id, content: 'Still available?' };
    const send = () =>
      test.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { ...keyed('send-0001-abcdef'), authorization: `Bearer ${buyer.token}` },
        payload,
      });
    const before = await stored();
    const first = await send();
    // The answer was lost on the way back; the client sends the same message again.
    const again = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(json<{ data: { _id: string } }>(again).data._id).toBe(
      json<{ data: { _id: string } }>(first).data._id,
    );
    expect(await stored()).toEqual({
      messages: before.messages + 1,
      conversations: before.conversations + 2,
    });
    expect((await unreadOf(test, seller)).count).toBe(1);

    // The same key from someone else is their own message.
    const other = await person(test, { role: 'buyer' });
    const theirs = await test.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { ...keyed('send-0001-abcdef'), authorization: `Bearer ${other.token}` },
      payload,
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(await countMessages(test.db)).toBe(before.messages + 2);
  });

  it('stores one message when two sends with one key arrive at once', async () => {
    const buyer = await person(test, { role: 'buyer' });
    const { seller, listing } = await sellerWithListing(test);
    const before = await countMessages(test.db);
    const send = () =>
      test.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { ...keyed('twice-at-once-0001'), authorization: `Bearer ${buyer.token}` },
        payload: { receiverId: seller.user.id, listingId: listing.id, content: 'Sent twice at once' },
      });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => json<{ data: { _id: string } }>(answer).data._id)).size).toBe(1);
    expect(await countMessages(test.db)).toBe(before + 1);
  });

  it('refuses a key already used for another message, and a malformed key, storing nothing', async () => {
    const buyer = await person(test, { role: 'buyer' });
    const { seller, listing } = await sellerWithListing(test);
    await contactAbout(test, buyer, listing, 'Opening the conversation');
    const reply = (key: string, content: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/messages/reply',
        headers: { ...keyed(key), authorization: `Bearer ${buyer.token}` },
        payload: { receiverId: seller.user.id, content },
      });
    expect((await reply('reply-0001-abcdef', 'First reply')).statusCode).toBe(201);
    const before = await stored();
    const reused = await reply('reply-0001-abcdef', 'A different reply');
    expect(reused.statusCode).toBe(409);
    expect(json<{ message: string }>(reused).message).toBe(MESSAGE_RULES.idempotencyKeyReused);
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(101)]) {
      const response = await reply(bad, 'Another reply');
      expect(response.statusCode).toBe(400);
      expect(json<{ message: string }>(response).message).toBe(MESSAGE_RULES.idempotencyKeyInvalid);
    }
    expect(await stored()).toEqual(before);
  });
});
