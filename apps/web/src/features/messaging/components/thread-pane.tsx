import type { ConversationDto } from '@canopy/shared';
import { useEffect } from 'react';
import { usePermissions } from '@/lib/auth/use-permissions.ts';
import { setOpenConversation } from '../api/open-conversation.ts';
import type { ConversationTab } from '../api/query-keys.ts';
import { useThread } from '../api/use-conversations.ts';
import { MESSAGES_PAGE } from '../texts.ts';
import { MessageComposer } from './message-composer.tsx';
import { MessageList } from './message-list.tsx';
import { displayName } from './participant.ts';
import { ThreadHeader } from './thread-header.tsx';

interface ThreadPaneProps {
  conversation: ConversationDto;
  tab: ConversationTab;
  userId: string;
  listPath: string;
  onLeftTab: (participantId: string) => void;
}

/**
 * The open conversation: header, messages and, on the Active tab only, the composer. Keyed by the
 * conversation, so a draft or a failure of one never carries over to the next.
 */
export function ThreadPane({ conversation, tab, userId, listPath, onLeftTab }: ThreadPaneProps) {
  const { may } = usePermissions();
  const thread = useThread(conversation._id);

  // While the thread is on screen, what arrives in it is read, not unread (see open-conversation).
  useEffect(() => {
    setOpenConversation(conversation._id);
    return () => setOpenConversation(null);
  }, [conversation._id]);

  return (
    <div className="flex h-full flex-col">
      <ThreadHeader conversation={conversation} tab={tab} listPath={listPath} onLeftTab={onLeftTab} />
      <div className="flex min-h-0 flex-1 flex-col">
        <MessageList
          query={thread}
          userId={userId}
          label={MESSAGES_PAGE.threadLabel(displayName(conversation.participantBusinessName))}
        />
      </div>
      {tab === 'active' && may('messages:write') && <MessageComposer conversation={conversation} />}
    </div>
  );
}
