import { NOTIFICATIONS, type NotificationDto } from '@canopy/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { notificationListOptions } from '../api/notifications-api.ts';
import { useMarkAllRead, useMarkRead } from '../api/use-mark-read.ts';
import { useUnreadNotifications } from '../api/use-unread-notifications.ts';
import { NotificationItem } from './notification-item.tsx';

// The bell's panel: loaded when the bell is first pointed at, focused or opened, never with the
// page, which every visitor's first download carries (decision 257).

/** Notices the bell's panel shows; the page has the rest. */
const PANEL_SIZE = 6;

export function BellPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const client = useQueryClient();
  const list = useQuery(notificationListOptions(client, { page: 1, unread: false, limit: PANEL_SIZE }));
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = useUnreadNotifications();
  const open = (item: NotificationDto) => {
    if (!item.read) markRead(item._id);
    onClose();
  };

  return (
    <section
      id={id}
      aria-label={NOTIFICATIONS.title}
      className="fixed inset-x-4 top-16 z-30 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
        <h2 className="text-sm font-semibold text-slate-900">{NOTIFICATIONS.unreadHeading(unread)}</h2>
        {unread > 0 && (
          <Button variant="ghost" size="sm" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            {NOTIFICATIONS.markAllRead}
          </Button>
        )}
      </div>
      <div className="max-h-96 overflow-y-auto">
        <QueryState
          query={list}
          loading="Loading notifications"
          loadingClassName="py-8"
          error={NOTIFICATIONS.loadFailed}
          retry
          isEmpty={(answer) => answer.data.length === 0}
          empty={<p className="px-4 py-6 text-sm text-slate-600">{NOTIFICATIONS.empty}</p>}
        >
          {(answer) => (
            <ul>
              {answer.data.map((item) => (
                <NotificationItem key={item._id} item={item} onOpen={open} compact />
              ))}
            </ul>
          )}
        </QueryState>
      </div>
      <div className="border-t border-slate-200 px-4 py-2 text-center">
        <Link to="/notifications" onClick={onClose} className="text-sm font-medium">
          {NOTIFICATIONS.seeAll}
        </Link>
      </div>
    </section>
  );
}
