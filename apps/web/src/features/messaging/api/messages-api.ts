import {
  CONVERSATIONS,
  type ContactSellerInput,
  type ConversationsResponse,
  type MessageSentResponse,
  type ReplyInput,
  type ThreadMessageDto,
  type ThreadResponse,
  type UnreadResponse,
} from '@canopy/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { markConversationRead } from './messaging-cache.ts';
import { type ConversationTab, messagingKeys } from './query-keys.ts';

// The message calls of SPEC §7 and the query options every messaging screen shares.

const withCursor = (path: string, cursor: string | undefined) =>
  cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : path;

export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: messagingKeys.unread(),
    queryFn: async ({ signal }) => {
      try {
        return (await apiRequest<UnreadResponse>('/messages/unread', { signal })).data;
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
      apiRequest<ConversationsResponse>(
        withCursor(`/messages/conversations?archived=${tab === 'archived'}`, pageParam),
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const threadQueryOptions = (participantId: string) =>
  infiniteQueryOptions({
    queryKey: messagingKeys.thread(participantId),
    queryFn: async ({ pageParam, signal, client }) => {
      const page = await apiRequest<ThreadResponse>(
        withCursor(`/messages/thread/${encodeURIComponent(participantId)}`, pageParam),
        { signal },
      );
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
  const headers = { 'Idempotency-Key': key };
  return (await apiRequest<MessageSentResponse>('/messages', { method: 'POST', body: input, headers })).data;
}

export async function sendReply(input: ReplyInput, key: string): Promise<ThreadMessageDto> {
  const headers = { 'Idempotency-Key': key };
  return (await apiRequest<MessageSentResponse>('/messages/reply', { method: 'POST', body: input, headers }))
    .data;
}

export async function setConversationArchived(participantId: string, archived: boolean): Promise<void> {
  const action = archived ? 'archive' : 'unarchive';
  await apiRequest(`/messages/${action}/${encodeURIComponent(participantId)}`, { method: 'POST' });
}
