import { CONVERSATIONS, type ConversationDto } from '@canopy/shared';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/lib/auth/session-context.tsx';
import type { ConversationTab } from '../api/query-keys.ts';
import type { ConversationsQuery } from '../api/use-conversations.ts';
import { MESSAGES_PAGE } from '../texts.ts';
import { ConversationListItem } from './conversation-list-item.tsx';
import { PaneMessage } from './pane-message.tsx';

interface ConversationListProps {
  query: ConversationsQuery;
  tab: ConversationTab;
  selectedId: string | null;
  linkTo: (participantId: string) => string;
}

/** The conversations of one tab, newest first, loading further pages on request. */
export function ConversationList({ query, tab, selectedId, linkTo }: ConversationListProps) {
  const { user } = useAuth();
  // A failed refresh keeps the list it already has; only a first load shows its own state.
  if (!query.data) {
    return query.isError ? (
      <PaneMessage title={CONVERSATIONS.fetchFailed}>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {MESSAGES_PAGE.retry}
        </Button>
      </PaneMessage>
    ) : (
      <PaneMessage title={<Spinner label={MESSAGES_PAGE.loadingConversations} />} />
    );
  }

  const conversations: ConversationDto[] = query.data.pages.flatMap((page) => page.data);
  if (conversations.length === 0) {
    return tab === 'active' ? (
      <PaneMessage title={MESSAGES_PAGE.noActiveConversations}>
        <p>{MESSAGES_PAGE.noActiveHint[user?.role ?? 'buyer']}</p>
        <ButtonLink to="/products" size="sm" className="mt-4">
          {MESSAGES_PAGE.browseProducts}
        </ButtonLink>
      </PaneMessage>
    ) : (
      <PaneMessage title={MESSAGES_PAGE.noArchivedConversations} />
    );
  }

  return (
    <>
      <ul aria-label={tab === 'active' ? MESSAGES_PAGE.active : MESSAGES_PAGE.archived}>
        {conversations.map((conversation) => (
          <ConversationListItem
            key={conversation._id}
            conversation={conversation}
            selected={conversation._id === selectedId}
            to={linkTo(conversation._id)}
          />
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="p-3 text-center">
          <Button
            variant="ghost"
            size="sm"
            isLoading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {MESSAGES_PAGE.loadMoreConversations}
          </Button>
        </div>
      )}
    </>
  );
}
