import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { unreadNotificationsOptions } from './notifications-api.ts';

/** The bell's count: a verified member's unread notifications, none otherwise. */
export function useUnreadNotifications(): number {
  const { user } = useAuth();
  const enabled = user !== null && user.status === 'verified' && user.role !== 'admin';
  const query = useQuery({ ...unreadNotificationsOptions(), enabled });
  return enabled ? (query.data ?? 0) : 0;
}
