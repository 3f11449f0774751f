import { CONVERSATIONS, UNREAD_REFRESH_MS, type UnreadSummaryDto } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { unreadQueryOptions } from './messages-api.ts';
import { useOpenConversation } from './open-conversation.ts';

// The one place the rest of the app learns about unread messages: the nav badge and the unread
// banner read only this hook. SPEC §4: the count is the sum of unreadCount over conversations with
// unread messages, refreshed every UNREAD_REFRESH_MS while signed in (the live stream sets it in
// between), and zero with no conversations when signed out.

/** The shared summary as the nav reads it: `count` as unreadCount, plus the last refresh's failure. */
export type UnreadSummary = Omit<UnreadSummaryDto, 'count'> & {
  unreadCount: UnreadSummaryDto['count'];
  /** SPEC's "Failed to fetch unread messages" while the last refresh failed, else null. */
  error: string | null;
};

const NOTHING_UNREAD: UnreadSummary = {
  unreadCount: 0,
  conversationCount: 0,
  conversations: [],
  error: null,
};

export function useUnreadCount(): UnreadSummary {
  const { user } = useAuth();
  const openId = useOpenConversation();
  const query = useQuery({
    ...unreadQueryOptions(),
    enabled: user !== null,
    refetchInterval: UNREAD_REFRESH_MS,
  });
  const summary = user ? query.data : undefined;
  const error = user && query.isError ? CONVERSATIONS.unreadFailed : null;

  return useMemo(() => {
    if (!summary) return { ...NOTHING_UNREAD, error };
    // The thread on screen is being read: it is not unread, whatever the last summary said.
    const open = summary.conversations.find((row) => row._id === openId);
    return {
      unreadCount: summary.count - (open?.unreadCount ?? 0),
      conversationCount: summary.conversationCount - (open ? 1 : 0),
      conversations: open ? summary.conversations.filter((row) => row !== open) : summary.conversations,
      error,
    };
  }, [summary, openId, error]);
}
