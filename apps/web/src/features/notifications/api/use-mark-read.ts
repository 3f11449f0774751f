import { NOTIFICATIONS } from '@canopy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyFailure } from '@/lib/toast.ts';
import { markAllNotificationsRead, markNotificationRead } from './notifications-api.ts';

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => markAllNotificationsRead(client),
    onError: (error) => notifyFailure(error, NOTIFICATIONS.markFailed),
  });
}

/** Following a notice's link reads it; a failure only leaves it unread, so it says nothing. */
export function useMarkRead() {
  const client = useQueryClient();
  return (id: string) => {
    void markNotificationRead(client, id).catch(() => {});
  };
}
