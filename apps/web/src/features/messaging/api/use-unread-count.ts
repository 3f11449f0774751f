// The one place the rest of the app learns about unread messages: the nav badge and the unread
// banner read only this hook. SPEC §4 describes the full behaviour (sum of unreadCount over
// conversations with unread messages, refreshed every UNREAD_REFRESH_MS while signed in); it
// arrives with the messaging API. Until then there are no conversations, so nothing is unread.

export interface UnreadConversation {
  /** The other participant's id (SPEC §3 Conversation). */
  _id: string;
  participantBusinessName: string;
  productName: string;
  unreadCount: number;
}

export interface UnreadSummary {
  unreadCount: number;
  conversations: readonly UnreadConversation[];
}

const NOTHING_UNREAD: UnreadSummary = { unreadCount: 0, conversations: [] };

export function useUnreadCount(): UnreadSummary {
  return NOTHING_UNREAD;
}
