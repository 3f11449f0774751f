import { AUTH } from '@canopy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import {
  call,
  contactAbout,
  feedCaughtUp,
  openStream,
  person,
  replyTo,
  sellerWithListing,
} from './messages-helpers.ts';
import { bearer, createTestApp, listenOnLoopback, TEST_APP_URL, type TestApp } from './support/test-app.ts';

// The live stream is read over a real socket with fetch(), as the browser does: inject() would
// wait for a response that never ends.

let test: TestApp;
let baseUrl: string;

beforeAll(async () => {
  test = await createTestApp();
  baseUrl = await listenOnLoopback(test.app);
});
afterAll(() => test.close());

interface MessageEvent {
  message: { _id: string; content: string; senderId: { _id: string }; receiverId: string };
  conversation: { _id: string; unreadCount: number; productName: string; lastMessage: string };
}
interface UnreadEvent {
  count: number;
  conversationCount: number;
  conversations: { _id: string; unreadCount: number }[];
}

const waitFor = async (condition: () => boolean, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('GET /api/messages/stream', () => {
  it('is for verified users: 401 signed out, 403 while not verified', async () => {
    const anonymous = await fetch(`${baseUrl}/api/messages/stream`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: string }).error).toBe(AUTH.signInRequired);
    const pending = await person(test, { status: 'pending' });
    const refused = await fetch(`${baseUrl}/api/messages/stream`, { headers: bearer(pending.token) });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe(AUTH.notVerified);
  });

  it('opens with retry and the unread summary, then pushes each message to both sides', async () => {
    const { seller, listing } = await sellerWithListing(test, {}, { title: 'Live lot' });
    const buyer = await person(test);
    const sellerStream = await openStream(baseUrl, seller.token);
    const buyerStream = await openStream(baseUrl, buyer.token);
    expect(sellerStream.response.status).toBe(200);
    expect(sellerStream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(sellerStream.response.headers.get('cache-control')).toContain('no-cache');
    expect((await sellerStream.next((frame) => frame.retry !== undefined)).retry).toBe(3000);
    expect(await sellerStream.nextEvent('unread')).toEqual({
      count: 0,
      conversationCount: 0,
      conversations: [],
    });
    await buyerStream.nextEvent('unread');

    const sent = await contactAbout(test, buyer, listing, 'Live hello');

    const received = await sellerStream.nextEvent<MessageEvent>('message');
    expect(received.message).toMatchObject({
      _id: sent._id,
      content: 'Subject: Availability\n\nLive hello',
      senderId: { _id: buyer.user.id },
      receiverId: seller.user.id,
    });
    expect(received.conversation).toMatchObject({
      _id: buyer.user.id,
      unreadCount: 1,
      productName: 'Live lot',
    });
    expect(await sellerStream.nextEvent<UnreadEvent>('unread')).toMatchObject({
      count: 1,
      conversationCount: 1,
      conversations: [{ _id: buyer.user.id, unreadCount: 1 }],
    });

    const echoed = await buyerStream.nextEvent<MessageEvent>('message');
    expect(echoed.message._id).toBe(sent._id);
    expect(echoed.conversation).toMatchObject({ _id: seller.user.id, unreadCount: 0 });

    await replyTo(test, seller, { receiverId: buyer.user.id, content: 'Live answer' });
    expect((await buyerStream.nextEvent<MessageEvent>('message')).message.content).toBe('Live answer');
    expect((await buyerStream.nextEvent<UnreadEvent>('unread')).count).toBe(1);
    // Answering read the thread, so the seller's badge is clear again.
    expect((await sellerStream.nextEvent<MessageEvent>('message')).conversation.unreadCount).toBe(0);
    expect((await sellerStream.nextEvent<UnreadEvent>('unread')).count).toBe(0);
    sellerStream.close();
    buyerStream.close();
  });

  it('tells every open tab when a thread is read or a conversation archived', async () => {
    const { seller, listing } = await sellerWithListing(test);
    const buyer = await person(test);
    await contactAbout(test, buyer, listing);
    await feedCaughtUp(test, baseUrl);
    const tabs = [await openStream(baseUrl, seller.token), await openStream(baseUrl, seller.token)];
    for (const tab of tabs) expect((await tab.nextEvent<UnreadEvent>('unread')).count).toBe(1);

    await call(test, seller, 'GET', `/api/messages/thread/${buyer.user.id}`);
    for (const tab of tabs) expect((await tab.nextEvent<UnreadEvent>('unread')).count).toBe(0);

    await contactAbout(test, buyer, listing);
    for (const tab of tabs) expect((await tab.nextEvent<UnreadEvent>('unread')).count).toBe(1);
    await call(test, seller, 'POST', `/api/messages/archive/${buyer.user.id}`);
    for (const tab of tabs) expect((await tab.nextEvent<UnreadEvent>('unread')).count).toBe(0);
    for (const tab of tabs) tab.close();
  });

  it('sends heartbeats and ends the streams of a session that signed out', async () => {
    const hub = test.app.eventHub;
    const seller = await person(test, { role: 'seller' });
    const stream = await openStream(baseUrl, seller.token);
    await stream.nextEvent('unread');
    await hub.heartbeat();
    expect((await stream.next((frame) => frame.comment !== undefined)).comment).toBe('heartbeat');
    expect(await stream.ended(100)).toBe(false);

    const logout = await test.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(seller.token),
    });
    expect(logout.statusCode).toBe(200);
    await hub.heartbeat();
    expect(await stream.ended()).toBe(true);
  });

  it('forgets a stream as soon as its client goes away', async () => {
    const hub = test.app.eventHub;
    const buyer = await person(test);
    const before = hub.size;
    const stream = await openStream(baseUrl, buyer.token);
    await stream.nextEvent('unread');
    expect(hub.size).toBe(before + 1);
    stream.close();
    await waitFor(() => hub.size === before);
  });

  it('ends open streams when the app closes, so closing does not wait for them', async () => {
    const other = await createTestApp();
    try {
      const url = await listenOnLoopback(other.app);
      const buyer = await person(other);
      const stream = await openStream(url, buyer.token);
      await stream.nextEvent('unread');
      await other.app.close();
      expect(await stream.ended()).toBe(true);
      // Told to come back, not refused: the retry hint and a reconnect event are the last frame.
      expect(stream.frames.at(-1)).toEqual({ retry: 3000, event: 'reconnect', data: { retryMs: 3000 } });
    } finally {
      await other.close();
    }
  });

  // Two instances need two connections to one database: PGlite is a single in-process session, so
  // this only runs against PostgreSQL (TEST_DATABASE_URL). The single-instance path above runs on both.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'delivers across two API instances on one PostgreSQL database, also after the listener reconnects',
    async () => {
      const connectionString = test.ctx.database.pool?.options.connectionString as string;
      const secondDatabase = await openDatabase({ databaseUrl: connectionString, dataDir: '' });
      const config = loadConfig({
        DATA_DIR: test.dataDir,
        APP_URL: TEST_APP_URL,
        SMTP_URL: test.smtp.url,
        NODE_ENV: 'test',
      });
      const second = await buildApp({ config, database: secondDatabase, rateLimitScale: 1000 });
      try {
        await second.ready();
        const secondUrl = await listenOnLoopback(second);
        const { seller, listing } = await sellerWithListing(test);
        const buyer = await person(test);
        const sellerOnSecond = await openStream(secondUrl, seller.token);
        const buyerOnFirst = await openStream(baseUrl, buyer.token);
        await sellerOnSecond.nextEvent('unread');
        await buyerOnFirst.nextEvent('unread');

        // Sent through the first instance, heard on the second.
        await contactAbout(test, buyer, listing, 'Across instances');
        expect((await sellerOnSecond.nextEvent<MessageEvent>('message')).message.content).toContain(
          'Across instances',
        );
        expect((await sellerOnSecond.nextEvent<UnreadEvent>('unread')).count).toBe(1);
        await buyerOnFirst.nextEvent('message');

        // Sent through the second instance, heard on the first.
        const answer = await second.inject({
          method: 'POST',
          url: '/api/messages/reply',
          headers: bearer(seller.token),
          payload: { receiverId: buyer.user.id, content: 'Answer from the second instance' },
        });
        expect(answer.statusCode).toBe(201);
        expect((await buyerOnFirst.nextEvent<MessageEvent>('message')).message.content).toBe(
          'Answer from the second instance',
        );
        await sellerOnSecond.nextEvent('message');
        expect((await sellerOnSecond.nextEvent<UnreadEvent>('unread')).count).toBe(0);

        // Both listeners lose their connection; they reconnect, refresh every badge, and hear again.
        await secondDatabase.pool?.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'canopy-messaging-listener' AND datname = current_database()",
        );
        expect((await sellerOnSecond.nextEvent<UnreadEvent>('unread', 10_000)).count).toBe(0);
        await contactAbout(test, buyer, listing, 'After reconnecting');
        expect((await sellerOnSecond.nextEvent<MessageEvent>('message', 10_000)).message.content).toContain(
          'After reconnecting',
        );
        sellerOnSecond.close();
        buyerOnFirst.close();
      } finally {
        await second.close();
        await secondDatabase.close();
      }
    },
  );
});
