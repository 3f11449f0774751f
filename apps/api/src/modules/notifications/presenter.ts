import type { NotificationDto, NotificationKind } from '@canopy/shared';
import type { NotificationRow } from '../../db/schema/index.ts';

export const presentNotification = (row: NotificationRow): NotificationDto => ({
  _id: row.id,
  kind: row.kind as NotificationKind,
  title: row.title,
  summary: row.summary,
  link: row.link,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});
