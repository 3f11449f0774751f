import { NOTIFICATIONS, type NotificationDto } from '@canopy/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { CountBadge, countBadgeText } from '@/components/ui/count-badge.tsx';
import { notificationListOptions } from '../api/notifications-api.ts';
import { useMarkAllRead, useMarkRead } from '../api/use-mark-read.ts';
import { useUnreadNotifications } from '../api/use-unread-notifications.ts';
import { NotificationItem } from './notification-item.tsx';

/** Notices the bell's panel shows; the page has the rest. */
const PANEL_SIZE = 6;

function BellPanel({ id, onClose }: { id: string; onClose: () => void }) {
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

/**
 * The bell in the navigation (issue 25 item 6): its name says the unread count ("Notifications, 3
 * unread"); it opens a panel of the latest notices below it (the width of the screen on a phone),
 * which Escape or a click outside closes, giving focus back to the bell.
 */
export function NotificationBell() {
  const unread = useUnreadNotifications();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the bell or its panel closes the panel.
    <div ref={wrapperRef} className="relative" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={NOTIFICATIONS.bellLabel(countBadgeText(unread))}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        title={NOTIFICATIONS.title}
        onClick={() => setOpen((isOpen) => !isOpen)}
        className="relative inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
          <path
            d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <CountBadge count={unread} />
      </button>
      {open && <BellPanel id={panelId} onClose={() => setOpen(false)} />}
    </div>
  );
}
