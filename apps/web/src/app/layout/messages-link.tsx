import { Link } from 'react-router';
import { CountBadge, countBadgeText } from '@/components/ui/count-badge.tsx';
import { useUnreadCount } from '@/features/messaging';
import { NAV } from '@/lib/texts.ts';

/** The envelope icon in the nav bar, with the unread count capped at "99+". */
export function MessagesLink() {
  const { unreadCount } = useUnreadCount();
  // "Messages, 3 unread" rather than "Messages (3 unread)": axe splits "(3" into one word and then
  // finds the badge's visible "3" missing from the link's name (label-content-name-mismatch).
  const label = unreadCount > 0 ? `${NAV.messages}, ${countBadgeText(unreadCount)} unread` : NAV.messages;

  return (
    <Link
      to="/messages"
      aria-label={label}
      title={NAV.messages}
      className="relative inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="m3 7 9 6 9-6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <CountBadge count={unreadCount} />
    </Link>
  );
}
