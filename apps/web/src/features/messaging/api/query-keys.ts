import type { ConversationsResponse } from '@canopy/shared';
// Every messaging query key starts with "messages", so a reconnect of the live stream can refresh
// all of them at once.

/** One page of a keyset-paged list (conversations newest first; a thread's messages oldest first). */
export type Page<T> = Omit<ConversationsResponse, 'success' | 'data'> & { data: T[] };

export type ConversationTab = 'active' | 'archived';

export const messagingKeys = {
  all: ['messages'] as const,
  unread: () => [...messagingKeys.all, 'unread'] as const,
  conversations: (tab: ConversationTab) => [...messagingKeys.all, 'conversations', tab] as const,
  thread: (participantId: string) => [...messagingKeys.all, 'thread', participantId] as const,
};
