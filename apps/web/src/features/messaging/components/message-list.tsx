import { CONVERSATIONS } from '@canopy/shared';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { ThreadQuery } from '../api/use-conversations.ts';
import { MESSAGES_PAGE } from '../texts.ts';
import { isOwnMessage, MessageBubble } from './message-bubble.tsx';
import { PaneMessage } from './pane-message.tsx';

interface MessageListProps {
  query: ThreadQuery;
  userId: string;
  label: string;
}

/**
 * The thread, oldest first, scrolled to the newest message whenever one arrives. It is a log
 * region, so screen readers announce a new message without the reader moving.
 */
export function MessageList({ query, userId, label }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // The first page is the newest; earlier pages go above it.
  const messages = [...(query.data?.pages ?? [])].reverse().flatMap((page) => page.data);
  const newestId = messages.at(-1)?._id;

  useEffect(() => {
    const element = scroller.current;
    if (newestId && element) element.scrollTop = element.scrollHeight;
  }, [newestId]);

  if (!query.data) {
    return query.isError ? (
      <PaneMessage title={CONVERSATIONS.fetchMessagesFailed}>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {MESSAGES_PAGE.retry}
        </Button>
      </PaneMessage>
    ) : (
      <PaneMessage title={<Spinner label={MESSAGES_PAGE.loadingMessages} />} />
    );
  }

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
      {query.hasNextPage && (
        <div className="mb-3 text-center">
          <Button
            variant="ghost"
            size="sm"
            isLoading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {MESSAGES_PAGE.loadEarlierMessages}
          </Button>
        </div>
      )}
      {messages.length === 0 && <PaneMessage title={MESSAGES_PAGE.noMessages} />}
      <div role="log" aria-label={label}>
        <ol className="space-y-3">
          {messages.map((message) => (
            <MessageBubble key={message._id} message={message} own={isOwnMessage(message, userId)} />
          ))}
        </ol>
      </div>
    </div>
  );
}
