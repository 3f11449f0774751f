import { NOTIFICATIONS, NOTIFICATIONS_PAGE_SIZE, type NotificationDto } from '@canopy/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { notificationListOptions } from '../api/notifications-api.ts';
import { useMarkAllRead, useMarkRead } from '../api/use-mark-read.ts';
import { useUnreadNotifications } from '../api/use-unread-notifications.ts';
import { NotificationItem } from '../components/notification-item.tsx';

/** Every notice of the member, a page at a time, all or only the unread (kept in the address). */
export function NotificationsPage() {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const unreadOnly = params.get('unread') === 'true';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useQuery({
    ...notificationListOptions(client, { page, unread: unreadOnly, limit: NOTIFICATIONS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const unread = useUnreadNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const open = (item: NotificationDto) => {
    if (!item.read) markRead(item._id);
  };
  const show = (next: { unread: boolean; page: number }) =>
    setParams(
      {
        ...(next.unread ? { unread: 'true' } : {}),
        ...(next.page > 1 ? { page: String(next.page) } : {}),
      },
      { replace: false },
    );

  return (
    <PageContainer>
      <PageHeader
        title={NOTIFICATIONS.title}
        description={NOTIFICATIONS.unreadHeading(unread)}
        actions={
          unread > 0 && (
            <Button variant="secondary" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
              {NOTIFICATIONS.markAllRead}
            </Button>
          )
        }
      />
      {/* biome-ignore lint/a11y/useSemanticElements: a group of two toggle buttons, not a form's fieldset. */}
      <div role="group" aria-label="Show" className="mb-4 flex gap-2">
        <Button
          variant={unreadOnly ? 'ghost' : 'primary'}
          size="sm"
          aria-pressed={!unreadOnly}
          onClick={() => show({ unread: false, page: 1 })}
        >
          {NOTIFICATIONS.showAll}
        </Button>
        <Button
          variant={unreadOnly ? 'primary' : 'ghost'}
          size="sm"
          aria-pressed={unreadOnly}
          onClick={() => show({ unread: true, page: 1 })}
        >
          {NOTIFICATIONS.showUnread}
        </Button>
      </div>
      <QueryState
        query={list}
        loading="Loading notifications"
        loadingClassName="min-h-40"
        error={NOTIFICATIONS.loadFailed}
        retry
        isEmpty={(answer) => answer.data.length === 0}
        empty={<EmptyState title={unreadOnly ? NOTIFICATIONS.emptyUnread : NOTIFICATIONS.empty} />}
      >
        {(answer) => (
          <>
            <ul className="overflow-hidden rounded-lg border border-slate-200 bg-white">
              {answer.data.map((item) => (
                <NotificationItem key={item._id} item={item} onOpen={open} />
              ))}
            </ul>
            <Pagination
              page={answer.pagination.page}
              pages={answer.pagination.pages}
              onPageChange={(next) => show({ unread: unreadOnly, page: next })}
              label="Notification pages"
            />
          </>
        )}
      </QueryState>
    </PageContainer>
  );
}
