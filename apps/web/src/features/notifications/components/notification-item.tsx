import { NOTIFICATIONS, type NotificationDto } from '@canopy/shared';
import { Link } from 'react-router';
import { cn } from '@/lib/cn.ts';
import { formatPacificTime } from '@/lib/time.ts';

/**
 * One notice: its title links to its page (following it reads it), with when it came. Unread ones
 * stand out by a dot, bold title and tint, and say "Unread" to screen readers.
 */
export function NotificationItem({
  item,
  onOpen,
  compact = false,
}: {
  item: NotificationDto;
  onOpen: (item: NotificationDto) => void;
  compact?: boolean;
}) {
  return (
    <li
      className={cn(
        'flex gap-3 border-b border-slate-100 px-4 py-3 last:border-b-0',
        item.read ? 'bg-white' : 'bg-brand-50',
      )}
    >
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', item.read ? 'bg-transparent' : 'bg-brand-700')}
      />
      <div className="min-w-0 flex-1">
        <Link
          to={item.link}
          onClick={() => onOpen(item)}
          className={cn(
            'block break-words text-sm text-slate-900 no-underline hover:underline',
            item.read ? 'font-normal' : 'font-semibold',
          )}
        >
          {!item.read && <span className="sr-only">{NOTIFICATIONS.unreadBadge}: </span>}
          {item.title}
        </Link>
        {!compact && item.summary && (
          <p className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-line text-slate-600">
            {item.summary}
          </p>
        )}
        <p className="mt-1 text-xs text-slate-500">
          <time dateTime={item.createdAt}>{formatPacificTime(item.createdAt)}</time>
        </p>
      </div>
    </li>
  );
}
