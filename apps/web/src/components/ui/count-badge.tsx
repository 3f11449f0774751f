import { UNREAD_BADGE_CAP } from '@canopy/shared';

/** A count as a badge shows it: capped at "99+". */
export function countBadgeText(count: number): string {
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}

/**
 * The red count on a nav icon (messages, notifications). Hidden from screen readers: the icon's
 * own name says the count in words.
 */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -top-1 -right-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
    >
      {countBadgeText(count)}
    </span>
  );
}
