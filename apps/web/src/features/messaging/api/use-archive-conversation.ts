import { CONVERSATIONS } from '@canopy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify, notifyFailure } from '@/lib/toast.ts';
import { CONVERSATION_NETWORK_TEXT } from './failure-toasts.ts';
import { setConversationArchived } from './messages-api.ts';
import { removeConversation } from './messaging-cache.ts';
import { messagingKeys } from './query-keys.ts';

interface ArchiveChange {
  participantId: string;
  archived: boolean;
}

/**
 * Archive (Active tab) or Restore (Archived tab): the row moves to the other tab. `onLeftTab` runs
 * here rather than as a mutate() callback, which would be skipped once the row (and the button
 * that asked) has left the screen.
 */
export function useArchiveConversation(onLeftTab: (participantId: string) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ participantId, archived }: ArchiveChange) =>
      setConversationArchived(participantId, archived),
    onSuccess: (_result, { participantId, archived }) => {
      notify.success(archived ? CONVERSATIONS.archived : CONVERSATIONS.restored);
      onLeftTab(participantId);
      removeConversation(client, archived ? 'active' : 'archived', participantId);
      // Archived conversations do not count as unread, so the badge may change too.
      return Promise.all([
        client.invalidateQueries({ queryKey: messagingKeys.conversations(archived ? 'archived' : 'active') }),
        client.invalidateQueries({ queryKey: messagingKeys.unread() }),
      ]);
    },
    onError: (error, { archived }) =>
      notifyFailure(error, archived ? CONVERSATIONS.archiveFailed : CONVERSATIONS.restoreFailed, {
        preferServerText: false,
        networkMessage: CONVERSATION_NETWORK_TEXT,
      }),
  });
}
