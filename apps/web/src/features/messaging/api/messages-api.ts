import {
  CONVERSATIONS,
  type ContactSellerInput,
  IDEMPOTENCY,
  messagingAddresses,
  type ReplyInput,
  type ThreadMessageDto,
} from '@canopy/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';
import { markConversationRead } from './messaging-cache.ts';
import { type ConversationTab, messagingKeys } from './query-keys.ts';

// The message calls of SPEC §7 and the query options every messaging screen shares.

export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: messagingKeys.unread(),
    queryFn: async ({ signal }) => {
      try {
        return (await call(messagingAddresses.unread, { signal })).data;
      } catch (error) {
        // SPEC §8: kept in state (the hook reports it) and logged, never toasted: the badge is on
        // every screen and a toast every 30 seconds would drown everything else.
        console.error(CONVERSATIONS.unreadFailed, error);
        throw error;
      }
    },
  });

export const conversationsQueryOptions = (tab: ConversationTab) =>
  infiniteQueryOptions({
    queryKey: messagingKeys.conversations(tab),
    queryFn: ({ pageParam, signal }) =>
      call(messagingAddresses.conversations, {
        query: { archived: tab === 'archived', cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const threadQueryOptions = (participantId: string) =>
  infiniteQueryOptions({
    queryKey: messagingKeys.thread(participantId),
    queryFn: async ({ pageParam, signal, client }) => {
      const page = await call(messagingAddresses.thread, {
        params: { participantId },
        query: { cursor: pageParam },
        signal,
      });
      // The server marked the thread read while answering (SPEC §4): say so here at once rather
      // than wait for the next unread summary.
      markConversationRead(client, participantId);
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Opening a thread is what marks it read, so every opening asks the server.
    staleTime: 0,
  });

/** `key`: the message's Idempotency-Key, the same on every attempt to send it (decision 179). */
export async function contactSeller(input: ContactSellerInput, key: string): Promise<ThreadMessageDto> {
  const headers = { [IDEMPOTENCY.header]: key };
  return (await call(messagingAddresses.contactSeller, { body: input, headers })).data;
}

export async function sendReply(input: ReplyInput, key: string): Promise<ThreadMessageDto> {
  const headers = { [IDEMPOTENCY.header]: key };
  return (await call(messagingAddresses.reply, { body: input, headers })).data;
}

export async function setConversationArchived(participantId: string, archived: boolean): Promise<void> {
  const move = archived ? messagingAddresses.archive : messagingAddresses.unarchive;
  await call(move, { params: { id: participantId } });
}
