import { BANNER_CONVERSATIONS_LISTED, BANNER_DISMISS_MS } from '@canopy/shared';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { UNREAD_BANNER, useUnreadCount } from '@/features/messaging';
import { useTimedDismissal } from '@/lib/use-timed-dismissal.ts';

const DISMISSED_AT_KEY = 'canopy.unreadBannerDismissedAt';

/**
 * The site-wide unread-messages banner; dismissing it hides it for BANNER_DISMISS_MS. The Messages
 * page lists the same conversations with their own unread marks, so the banner stays off there.
 */
export function UnreadBanner() {
  const summary = useUnreadCount();
  const { pathname } = useLocation();
  const [dismissed, dismiss] = useTimedDismissal(DISMISSED_AT_KEY, BANNER_DISMISS_MS);
  const shown = summary.unreadCount > 0 && !dismissed && pathname !== '/messages';

  // The live region stays in the page, so a banner appearing while someone reads is announced.
  return <div aria-live="polite">{shown && <Banner summary={summary} onDismiss={dismiss} />}</div>;
}

function Banner({
  summary,
  onDismiss,
}: {
  summary: ReturnType<typeof useUnreadCount>;
  onDismiss: () => void;
}) {
  const { unreadCount, conversationCount, conversations } = summary;
  const listed = conversations.slice(0, BANNER_CONVERSATIONS_LISTED);
  const more = conversationCount - listed.length;
  // Straight into the newest unread thread: what the banner announced is one click away.
  const firstUnread = conversations[0];
  const viewPath = firstUnread ? `/messages?c=${encodeURIComponent(firstUnread._id)}` : '/messages';

  return (
    <section aria-label={UNREAD_BANNER.region} className="border-b border-brand-200 bg-brand-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 text-sm text-brand-900 sm:px-6 lg:px-8">
        {/* The 16rem basis wraps the actions below the text on phones instead of squeezing it. */}
        <div className="min-w-0 flex-1 basis-64">
          <p className="font-semibold">{UNREAD_BANNER.summary(unreadCount, conversationCount)}</p>
          <ul className="mt-1 space-y-0.5">
            {listed.map((conversation) => (
              <li key={conversation._id} className="truncate">
                <span className="font-medium">{conversation.participantBusinessName}</span>
                {' · '}
                {conversation.productName}
              </li>
            ))}
            {more > 0 && <li>{UNREAD_BANNER.more(more)}</li>}
          </ul>
        </div>
        <div className="flex items-center gap-2">
          <Link to={viewPath} className="font-semibold text-brand-800 underline">
            {UNREAD_BANNER.viewMessages}
          </Link>
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            {UNREAD_BANNER.dismiss}
          </Button>
        </div>
      </div>
    </section>
  );
}
