import { CONVERSATIONS, UNREAD_REFRESH_MS } from '@canopy/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { conversationsQueryOptions, threadQueryOptions } from './messages-api.ts';
import type { ConversationTab } from './query-keys.ts';
import { useFailureToast } from './use-failure-toast.ts';

// The Messages page's two reads. The live stream keeps both current; the refresh interval only
// catches up when the stream cannot connect.

export function useConversations(tab: ConversationTab) {
  const query = useInfiniteQuery({ ...conversationsQueryOptions(tab), refetchInterval: UNREAD_REFRESH_MS });
  useFailureToast(query, CONVERSATIONS.fetchFailed, true);
  return query;
}

export function useThread(participantId: string) {
  const query = useInfiniteQuery({
    ...threadQueryOptions(participantId),
    refetchInterval: UNREAD_REFRESH_MS,
  });
  useFailureToast(query, CONVERSATIONS.fetchMessagesFailed, false);
  return query;
}

export type ConversationsQuery = ReturnType<typeof useConversations>;
export type ThreadQuery = ReturnType<typeof useThread>;
