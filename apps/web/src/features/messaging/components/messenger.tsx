import { MESSAGES_PANE_HEIGHT_PX } from '@canopy/shared';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TabPanel, Tabs } from '@/components/ui/tabs.tsx';
import { cn } from '@/lib/cn.ts';
import type { ConversationTab } from '../api/query-keys.ts';
import { useConversations } from '../api/use-conversations.ts';
import { MESSAGES_PAGE } from '../texts.ts';
import { ConversationList } from './conversation-list.tsx';
import { PaneMessage } from './pane-message.tsx';
import { ThreadPane } from './thread-pane.tsx';

const TABS = [
  { id: 'active', label: MESSAGES_PAGE.active },
  { id: 'archived', label: MESSAGES_PAGE.archived },
] as const;
const TABS_ID = 'messages';

/** The tab and the open conversation live in the address (?tab=archived&c=<participant id>), so a reload keeps them. */
function messagesPath(tab: ConversationTab, participantId?: string): string {
  const params = new URLSearchParams();
  if (tab === 'archived') params.set('tab', tab);
  if (participantId) params.set('c', participantId);
  const query = params.toString();
  return query ? `/messages?${query}` : '/messages';
}

/**
 * The two panes of SPEC §2's Messages screen, 600 px high. On phones they take turns: the list,
 * then the open thread with a way back.
 */
export function Messenger({ userId }: { userId: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab: ConversationTab = params.get('tab') === 'archived' ? 'archived' : 'active';
  const selectedId = params.get('c');
  const conversations = useConversations(tab);
  const selected =
    conversations.data?.pages.flatMap((page) => page.data).find((row) => row._id === selectedId) ?? null;
  const listPath = messagesPath(tab);

  return (
    <div
      className="grid grid-cols-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]"
      style={{ height: MESSAGES_PANE_HEIGHT_PX }}
    >
      <div
        className={cn('flex min-h-0 flex-col md:border-r md:border-slate-200', selected && 'max-md:hidden')}
      >
        <div className="px-2 pt-2">
          <Tabs
            idPrefix={TABS_ID}
            label={MESSAGES_PAGE.tabsLabel}
            tabs={TABS}
            selected={tab}
            onSelect={(next) => void navigate(messagesPath(next), { replace: true })}
          />
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <TabPanel idPrefix={TABS_ID} id={tab}>
            <ConversationList
              query={conversations}
              tab={tab}
              selectedId={selectedId}
              linkTo={(participantId) => messagesPath(tab, participantId)}
            />
          </TabPanel>
        </div>
      </div>
      <div className={cn('min-h-0', !selected && 'max-md:hidden')}>
        {selected ? (
          <ThreadPane
            key={selected._id}
            conversation={selected}
            tab={tab}
            userId={userId}
            listPath={listPath}
            onLeftTab={(participantId) => {
              // The answer may come after another conversation was opened: only the one that left
              // closes. The address bar, not this render's parameters, says what is open now.
              if (new URLSearchParams(window.location.search).get('c') === participantId) {
                void navigate(listPath, { replace: true });
              }
            }}
          />
        ) : selectedId && conversations.isPending ? (
          <PaneMessage title={<Spinner label={MESSAGES_PAGE.loadingMessages} />} />
        ) : (
          <PaneMessage title={MESSAGES_PAGE.selectConversation}>{MESSAGES_PAGE.selectHint}</PaneMessage>
        )}
      </div>
    </div>
  );
}
