import { CONVERSATIONS, type ThreadMessageDto } from '@canopy/shared';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { DealNotice } from '@/features/deals';
import type { ThreadQuery } from '../api/use-conversations.ts';
import { MESSAGES_PAGE } from '../texts.ts';
import { isOwnMessage, MessageBubble } from './message-bubble.tsx';
import { PaneMessage } from './pane-message.tsx';

/** Marks where the thread turns to another listing: the product's title, linking to it. */
function ProductChip({ listingId, title }: { listingId: string; title: string }) {
  return (
    <li className="flex justify-center">
      <Link
        to={`/products/${encodeURIComponent(listingId)}`}
        aria-label={MESSAGES_PAGE.aboutProduct(title)}
        className="inline-flex max-w-full items-center rounded-full border border-slate-300 bg-slate-50 px-3 py-1 text-xs font-medium text-slate-800 no-underline hover:bg-slate-100 hover:no-underline"
      >
        <span className="truncate">{title}</span>
      </Link>
    </li>
  );
}

/**
 * The thread's rows: messages, deal notices, and a product chip wherever the listing changes
 * from one message to the next (and at the start, when the thread spans several listings; with
 * one listing the header names it).
 */
function threadRows(messages: ThreadMessageDto[], userId: string): ReactNode[] {
  const listings = new Set(messages.flatMap((message) => (message.listingId ? [message.listingId] : [])));
  let previous: string | null = null;
  const rows: ReactNode[] = [];
  for (const message of messages) {
    const { listingId, listingTitle } = message;
    if (listingId && listingTitle && listingId !== previous && (previous !== null || listings.size > 1)) {
      rows.push(<ProductChip key={`chip-${message._id}`} listingId={listingId} title={listingTitle} />);
    }
    if (listingId) previous = listingId;
    rows.push(
      message.dealEvent ? (
        <li key={message._id}>
          <DealNotice
            dealEvent={message.dealEvent}
            content={message.content}
            offer={message.offer}
            sentAt={message.createdAt}
            userId={userId}
          />
        </li>
      ) : (
        <MessageBubble key={message._id} message={message} own={isOwnMessage(message, userId)} />
      ),
    );
  }
  return rows;
}

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
        <ol className="space-y-3">{threadRows(messages, userId)}</ol>
      </div>
    </div>
  );
}
