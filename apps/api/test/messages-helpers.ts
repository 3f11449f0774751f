import type { ListingRow, UserRow } from '../src/db/schema/index.ts';
import { publish } from '../src/modules/messaging/change-feed.ts';
import type { UserSeed } from '../src/seed/factories.ts';
import { insertListing, type ListingSeed } from '../src/seed/factories.ts';
import { bearer, json, type TestApp, userWithToken } from './support/test-app.ts';

// Shared by the messages-*.test.ts files: people, listings and the message calls.

export interface Person {
  user: UserRow;
  token: string;
}

export const person = (test: TestApp, seed: UserSeed = {}): Promise<Person> => userWithToken(test, seed);

export async function sellerWithListing(
  test: TestApp,
  seed: UserSeed = {},
  listing: ListingSeed = {},
): Promise<{ seller: Person; listing: ListingRow }> {
  const seller = await person(test, { role: 'seller', ...seed });
  return { seller, listing: await insertListing(test.db, seller.user, listing) };
}

export const contact = (test: TestApp, from: Person, payload: Record<string, unknown>) =>
  test.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(from.token), payload });

/** Contacts the seller of a listing with a valid form: the common first step. */
export async function contactAbout(
  test: TestApp,
  from: Person,
  listing: ListingRow,
  content = 'Is this still available?',
) {
  const response = await contact(test, from, {
    receiverId: listing.sellerId,
    listingId: listing.id,
    subject: 'Availability',
    content,
  });
  if (response.statusCode !== 201) throw new Error(`contact failed: ${response.body}`);
  return json<{ data: { _id: string } }>(response).data;
}

export const replyTo = (test: TestApp, from: Person, payload: Record<string, unknown>) =>
  test.app.inject({ method: 'POST', url: '/api/messages/reply', headers: bearer(from.token), payload });

export const call = (test: TestApp, who: Person | null, method: 'GET' | 'POST', url: string) =>
  test.app.inject({ method, url, headers: who ? bearer(who.token) : {} });

export interface ConversationBody {
  _id: string;
  participantBusinessName: string;
  productName: string;
  productId: string | null;
  lastMessage: string;
  lastMessageDate: string;
  unreadCount: number;
}

export async function conversationsOf(test: TestApp, who: Person, query = '') {
  const response = await call(test, who, 'GET', `/api/messages/conversations${query}`);
  if (response.statusCode !== 200) throw new Error(`conversations failed: ${response.body}`);
  return json<{ data: ConversationBody[]; nextCursor: string | null }>(response);
}

export async function unreadOf(test: TestApp, who: Person) {
  const response = await call(test, who, 'GET', '/api/messages/unread');
  if (response.statusCode !== 200) throw new Error(`unread failed: ${response.body}`);
  return json<{
    data: {
      count: number;
      conversationCount: number;
      conversations: {
        _id: string;
        participantBusinessName: string;
        productName: string;
        unreadCount: number;
      }[];
    };
  }>(response).data;
}

export interface SseFrame {
  event?: string;
  data?: unknown;
  retry?: number;
  comment?: string;
}

function parseFrame(text: string): SseFrame {
  const frame: SseFrame = {};
  const data: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    else if (line.startsWith('event: ')) frame.event = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
    else if (line.startsWith('retry: ')) frame.retry = Number(line.slice(7));
  }
  if (data.length) frame.data = JSON.parse(data.join('\n'));
  return frame;
}

/**
 * Reads GET /api/messages/stream the way the web app does: fetch() with the bearer token, the
 * body read as text/event-stream. next() waits for the next frame that matches, in order.
 */
export async function openStream(baseUrl: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/messages/stream`, {
    headers: bearer(token),
    signal: controller.signal,
  });
  const frames: SseFrame[] = [];
  let position = 0;
  let ended = false;
  const reading = (async () => {
    if (!response.body || response.status !== 200) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        frames.push(parseFrame(buffer.slice(0, end)));
        buffer = buffer.slice(end + 2);
      }
    }
  })()
    .catch(() => {})
    .finally(() => {
      ended = true;
    });

  async function next(match: (frame: SseFrame) => boolean, timeoutMs = 5000): Promise<SseFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = frames.findIndex((frame, i) => i >= position && match(frame));
      if (index >= 0) {
        position = index + 1;
        return frames[index] as SseFrame;
      }
      if (ended) throw new Error(`stream ended; frames: ${JSON.stringify(frames)}`);
      if (Date.now() > deadline) throw new Error(`no matching frame; frames: ${JSON.stringify(frames)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  return {
    response,
    frames,
    next,
    nextEvent: <T = Record<string, unknown>>(event: string, timeoutMs?: number) =>
      next((frame) => frame.event === event, timeoutMs).then((frame) => frame.data as T),
    async ended(timeoutMs = 5000) {
      await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
      return ended;
    },
    close: () => controller.abort(),
  };
}

/**
 * Returns once the hub has heard every messaging change committed so far. A change reaches it
 * through the feed a moment after its request returns, so a stream opened right after a message
 * could otherwise get that message's summary late, after a newer one. Notifications arrive in
 * commit order: once a marker published now has reached a stream, every earlier one has too.
 */
export async function feedCaughtUp(test: TestApp, baseUrl: string): Promise<void> {
  const witness = await person(test);
  const stream = await openStream(baseUrl, witness.token);
  try {
    await stream.nextEvent('unread');
    await publish(test.db, { type: 'unread', userId: witness.user.id });
    await stream.nextEvent('unread');
  } finally {
    stream.close();
  }
}
