import { UNREAD_BADGE_CAP } from '@canopy/shared';
import { Link } from 'react-router';
import { useUnreadCount } from '@/features/messaging';
import { NAV } from '@/lib/texts.ts';

export function unreadBadgeText(count: number): string {
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}

/** The envelope icon in the nav bar, with the unread count capped at "99+". */
export function MessagesLink() {
  const { unreadCount } = useUnreadCount();
  // "Messages, 3 unread" rather than "Messages (3 unread)": axe splits "(3" into one word and then
  // finds the badge's visible "3" missing from the link's name (label-content-name-mismatch).
  const label = unreadCount > 0 ? `${NAV.messages}, ${unreadBadgeText(unreadCount)} unread` : NAV.messages;

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
      {unreadCount > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-1 -right-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {unreadBadgeText(unreadCount)}
        </span>
      )}
    </Link>
  );
}
