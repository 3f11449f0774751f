import { type NotificationListResponse, notificationAddresses } from '@canopy/shared';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';

// The notification centre's calls (issue 25 item 6). Every key starts with "notifications", so one
// invalidation refreshes the bell, its list and the page together; the unread count has a key of
// its own that every answer and the live stream set.

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  list: (page: number, unread: boolean, limit: number) =>
    [...notificationKeys.all, 'list', { page, unread, limit }] as const,
};

/** How often the bell asks again when the stream is quiet (the stream sets it in between). */
const UNREAD_REFRESH_MS = 60_000;

export const unreadNotificationsOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: async ({ signal }) =>
      (await call(notificationAddresses.list, { query: { limit: 1, unread: true }, signal })).unreadCount,
    refetchInterval: UNREAD_REFRESH_MS,
  });

export const notificationListOptions = (
  client: QueryClient,
  { page, unread, limit }: { page: number; unread: boolean; limit: number },
) =>
  queryOptions({
    queryKey: notificationKeys.list(page, unread, limit),
    queryFn: async ({ signal }): Promise<NotificationListResponse> => {
      const answer = await call(notificationAddresses.list, { query: { page, unread, limit }, signal });
      client.setQueryData(notificationKeys.unread(), answer.unreadCount);
      return answer;
    },
  });

/** A new unread count (an answer or the stream): the bell shows it, the lists read again. */
export function applyUnreadNotifications(client: QueryClient, unreadCount: number): void {
  const before = client.getQueryData<number>(notificationKeys.unread());
  client.setQueryData(notificationKeys.unread(), unreadCount);
  if (before !== unreadCount) {
    void client.invalidateQueries({ queryKey: [...notificationKeys.all, 'list'] });
  }
}

export async function markNotificationRead(client: QueryClient, id: string): Promise<void> {
  const { unreadCount } = await call(notificationAddresses.read, { params: { id } });
  applyUnreadNotifications(client, unreadCount);
}

export async function markAllNotificationsRead(client: QueryClient): Promise<void> {
  const { unreadCount } = await call(notificationAddresses.readAll);
  client.setQueryData(notificationKeys.unread(), unreadCount);
  await client.invalidateQueries({ queryKey: [...notificationKeys.all, 'list'] });
}
