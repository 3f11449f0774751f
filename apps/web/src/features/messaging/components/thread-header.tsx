import type { ConversationDto } from '@canopy/shared';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { ThreadOfferButton } from '@/features/deals';
import type { ConversationTab } from '../api/query-keys.ts';
import { useArchiveConversation } from '../api/use-archive-conversation.ts';
import { MESSAGES_PAGE } from '../texts.ts';
import { displayName } from './participant.ts';

interface ThreadHeaderProps {
  conversation: ConversationDto;
  tab: ConversationTab;
  /** Where "Back to conversations" goes on phones, where the thread replaces the list. */
  listPath: string;
  /** The conversation left this tab (archived or restored): the thread pane closes. */
  onLeftTab: (participantId: string) => void;
}

export function ThreadHeader({ conversation, tab, listPath, onLeftTab }: ThreadHeaderProps) {
  const archive = useArchiveConversation(onLeftTab);
  const archiving = tab === 'active';

  return (
    <div className="border-b border-slate-200 px-4 py-3">
      <Link to={listPath} className="mb-2 inline-block text-sm md:hidden">
        <span aria-hidden="true">← </span>
        {MESSAGES_PAGE.backToConversations}
      </Link>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900">
            {displayName(conversation.participantBusinessName)}
          </h2>
          <p className="truncate text-sm text-slate-600">
            {MESSAGES_PAGE.product}{' '}
            {conversation.productId ? (
              <Link to={`/products/${conversation.productId}`}>{conversation.productName}</Link>
            ) : (
              conversation.productName
            )}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-2">
          {archiving && (
            <ThreadOfferButton
              listingId={conversation.productId}
              listingTitle={conversation.productName}
              sellerName={displayName(conversation.participantBusinessName)}
            />
          )}
          <Button
            variant="secondary"
            size="sm"
            isLoading={archive.isPending}
            onClick={() => archive.mutate({ participantId: conversation._id, archived: archiving })}
          >
            {archiving ? MESSAGES_PAGE.archive : MESSAGES_PAGE.restore}
          </Button>
        </div>
      </div>
    </div>
  );
}
