import type { ConversationDto, OfferDto, ThreadMessageDto, UnreadSummaryDto } from '@canopy/shared';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, test } from 'vitest';
import {
  appendThreadMessage,
  markConversationRead,
  removeConversation,
  replaceThreadOffer,
  syncUnreadCounts,
  upsertConversation,
} from './messaging-cache.ts';
import { messagingKeys, type Page } from './query-keys.ts';

type Paged<T> = InfiniteData<Page<T>, string | undefined>;

const paged = <T>(...pages: T[][]): Paged<T> => ({
  pages: pages.map((data, index) => ({ data, nextCursor: index < pages.length - 1 ? `c${index}` : null })),
  pageParams: pages.map((_, index) => (index === 0 ? undefined : `c${index - 1}`)),
});

const conversation = (id: string, minute: number, unreadCount = 0): ConversationDto => ({
  _id: id,
  participantBusinessName: `Business ${id}`,
  productName: 'OG Kush',
  productId: 'listing-1',
  lastMessage: `hello from ${id}`,
  lastMessageDate: new Date(Date.UTC(2025, 5, 5, 12, minute)).toISOString(),
  unreadCount,
});

const message = (id: string): ThreadMessageDto => {
  const sender = { _id: 'u1', email: 'a@example.com', profile: { businessName: 'A', contactName: 'Ann' } };
  const at = '2025-06-05T12:00:00.000Z';
  return {
    _id: id,
    content: `message ${id}`,
    senderId: sender,
    sender_id: sender,
    receiverId: 'u2',
    listingId: null,
    createdAt: at,
    created_at: at,
    readAt: null,
    listingTitle: null,
    dealEvent: null,
    sentBy: null,
    offer: null,
  } as ThreadMessageDto;
};

let client: QueryClient;
const ids = (tab: 'active' | 'archived') =>
  client
    .getQueryData<Paged<ConversationDto>>(messagingKeys.conversations(tab))
    ?.pages.map((page) => page.data.map((row) => row._id));

beforeEach(() => {
  client = new QueryClient();
});

describe('upsertConversation', () => {
  test('a conversation with a new message goes first in Active and leaves Archived', () => {
    client.setQueryData(
      messagingKeys.conversations('active'),
      paged([conversation('a', 5), conversation('b', 3)]),
    );
    client.setQueryData(messagingKeys.conversations('archived'), paged([conversation('c', 1)]));

    upsertConversation(client, conversation('c', 9));

    expect(ids('active')).toEqual([['c', 'a', 'b']]);
    expect(ids('archived')).toEqual([[]]);
  });

  test('a conversation already listed moves up and is not listed twice, also from a later page', () => {
    client.setQueryData(
      messagingKeys.conversations('active'),
      paged([conversation('a', 5), conversation('b', 3)], [conversation('z', 1)]),
    );

    upsertConversation(client, conversation('z', 7));

    expect(ids('active')).toEqual([['z', 'a', 'b'], []]);
  });

  test('lists not loaded yet stay unloaded: they are fetched fresh when shown', () => {
    upsertConversation(client, conversation('a', 1));
    expect(ids('active')).toBeUndefined();
  });

  test('an invalidated list stays invalidated after the edit, so it is still refetched', async () => {
    const key = messagingKeys.conversations('active');
    client.setQueryData(key, paged([conversation('a', 5)]));
    await client.invalidateQueries({ queryKey: key, refetchType: 'none' });

    upsertConversation(client, conversation('b', 9));

    expect(ids('active')).toEqual([['b', 'a']]);
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });
});

describe('removeConversation', () => {
  test('removes the conversation from the one tab only', () => {
    client.setQueryData(
      messagingKeys.conversations('active'),
      paged([conversation('a', 5), conversation('b', 3)]),
    );
    client.setQueryData(messagingKeys.conversations('archived'), paged([conversation('a', 1)]));

    removeConversation(client, 'active', 'a');

    expect(ids('active')).toEqual([['b']]);
    expect(ids('archived')).toEqual([['a']]);
  });

  test('removing a conversation that is not listed leaves the cached object as it was', () => {
    const before = paged([conversation('a', 5)]);
    client.setQueryData(messagingKeys.conversations('active'), before);
    removeConversation(client, 'active', 'nobody');
    expect(client.getQueryData(messagingKeys.conversations('active'))).toBe(before);
  });
});

describe('appendThreadMessage', () => {
  test('a new message goes last on the first page (the newest messages, oldest first)', () => {
    const key = messagingKeys.thread('u2');
    client.setQueryData(key, paged([message('m1'), message('m2')], [message('m0')]));

    appendThreadMessage(client, 'u2', message('m3'));

    const thread = client.getQueryData<Paged<ThreadMessageDto>>(key);
    expect(thread?.pages.map((page) => page.data.map((row) => row._id))).toEqual([
      ['m1', 'm2', 'm3'],
      ['m0'],
    ]);
  });

  test('a message already in the thread (sent here, then echoed by the live stream) is not added again', () => {
    const key = messagingKeys.thread('u2');
    client.setQueryData(key, paged([message('m1')], [message('m0')]));

    appendThreadMessage(client, 'u2', message('m0'));

    const thread = client.getQueryData<Paged<ThreadMessageDto>>(key);
    expect(thread?.pages.map((page) => page.data.map((row) => row._id))).toEqual([['m1'], ['m0']]);
  });
});

describe('replaceThreadOffer', () => {
  const offer = (id: string, status: OfferDto['status']) => ({ _id: id, status }) as OfferDto;
  const withOffer = (id: string, card: OfferDto): ThreadMessageDto => ({
    ...message(id),
    dealEvent: 'offer_made',
    offer: card,
  });
  const statuses = (participantId: string) =>
    client
      .getQueryData<Paged<ThreadMessageDto>>(messagingKeys.thread(participantId))
      ?.pages.flatMap((page) => page.data.map((row) => row.offer?.status ?? null));

  test('every cached notice about the offer shows it as it is now, on any page of any thread', () => {
    client.setQueryData(
      messagingKeys.thread('u2'),
      paged([message('m1'), withOffer('m2', offer('o1', 'open'))], [withOffer('m0', offer('o1', 'open'))]),
    );
    client.setQueryData(messagingKeys.thread('u3'), paged([withOffer('m5', offer('o2', 'open'))]));

    replaceThreadOffer(client, offer('o1', 'accepted'));

    expect(statuses('u2')).toEqual([null, 'accepted', 'accepted']);
    expect(statuses('u3')).toEqual(['open']);
  });

  test('a thread without the offer keeps its cached object', () => {
    const cached = paged([message('m1')]);
    client.setQueryData(messagingKeys.thread('u2'), cached);
    replaceThreadOffer(client, offer('o1', 'declined'));
    expect(client.getQueryData(messagingKeys.thread('u2'))).toBe(cached);
  });
});

describe('markConversationRead', () => {
  test('the read conversation leaves the unread summary, which drops by its count, and its badge clears', () => {
    const summary: UnreadSummaryDto = {
      count: 5,
      conversationCount: 2,
      conversations: [
        { _id: 'a', participantBusinessName: 'A', productName: 'OG Kush', unreadCount: 3 },
        { _id: 'b', participantBusinessName: 'B', productName: 'OG Kush', unreadCount: 2 },
      ],
    };
    client.setQueryData(messagingKeys.unread(), summary);
    client.setQueryData(
      messagingKeys.conversations('active'),
      paged([conversation('a', 5, 3), conversation('b', 3, 2)]),
    );

    markConversationRead(client, 'a');

    expect(client.getQueryData(messagingKeys.unread())).toEqual({
      count: 2,
      conversationCount: 1,
      conversations: [summary.conversations[1]],
    });
    const rows = client.getQueryData<Paged<ConversationDto>>(messagingKeys.conversations('active'))?.pages[0]
      ?.data;
    expect(rows?.map((row) => row.unreadCount)).toEqual([0, 2]);
  });
});

describe('syncUnreadCounts', () => {
  const summary = (
    counts: Record<string, number>,
    conversationCount = Object.keys(counts).length,
  ): UnreadSummaryDto => ({
    count: Object.values(counts).reduce((sum, count) => sum + count, 0),
    conversationCount,
    conversations: Object.entries(counts).map(([id, unreadCount]) => ({
      _id: id,
      participantBusinessName: id,
      productName: 'OG Kush',
      unreadCount,
    })),
  });
  const badges = () =>
    client
      .getQueryData<Paged<ConversationDto>>(messagingKeys.conversations('active'))
      ?.pages[0]?.data.map((row) => row.unreadCount);

  beforeEach(() => {
    client.setQueryData(
      messagingKeys.conversations('active'),
      paged([conversation('a', 5, 1), conversation('b', 4, 0), conversation('c', 3, 2)]),
    );
  });

  test('a complete summary sets every badge; a conversation missing from it has nothing unread', () => {
    syncUnreadCounts(client, summary({ b: 4 }), null);
    expect(badges()).toEqual([0, 4, 0]);
  });

  test('the open conversation never shows unread messages', () => {
    syncUnreadCounts(client, summary({ a: 1, b: 4 }), 'b');
    expect(badges()).toEqual([1, 0, 0]);
  });

  test('a summary that lists only some of the unread conversations changes nothing', () => {
    syncUnreadCounts(client, summary({ b: 4 }, 5), null);
    expect(badges()).toEqual([1, 0, 2]);
  });
});
