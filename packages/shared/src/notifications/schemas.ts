import { z } from 'zod';
import { pageQuery } from '../common/queries.ts';
import { paginationDto, succeeded } from '../common/responses.ts';
import { NOTIFICATION_KINDS } from './kinds.ts';
import { NOTIFICATIONS_PAGE_MAX, NOTIFICATIONS_PAGE_SIZE } from './limits.ts';

/** GET /notifications: newest first, a page at a time; `unread=true` keeps only the unread. */
export const notificationListQuery = pageQuery(NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_PAGE_MAX).extend({
  unread: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .catch(undefined),
});
export type NotificationListQuery = z.output<typeof notificationListQuery>;

export const notificationDto = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  summary: z.string(),
  /** The app page it is about, a path such as `/orders/…`. */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationDto = z.infer<typeof notificationDto>;

/** The member's unread count, on every answer that can change it and on the live stream. */
export const notificationCountDto = z.object({ unreadCount: z.number().int() });
export type NotificationCountDto = z.infer<typeof notificationCountDto>;

export const notificationListResponse = z.object({
  success: succeeded,
  data: z.array(notificationDto),
  pagination: paginationDto,
  unreadCount: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

export const notificationReadResponse = z.object({
  success: succeeded,
  message: z.string(),
  unreadCount: z.number().int(),
});
