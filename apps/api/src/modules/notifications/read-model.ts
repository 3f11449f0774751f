import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type NotificationRow, notifications } from '../../db/schema/index.ts';

// A member's own notifications, as the company they act for: every read names both, so another
// member's row (or the member's rows from a company they left) is never found.

export interface Reader {
  userId: string;
  companyId: string;
}

export const mine = (reader: Reader, ...more: SQL[]) =>
  and(eq(notifications.userId, reader.userId), eq(notifications.companyId, reader.companyId), ...more);

/** The bell's count: an index read of the member's unread rows (`notifications_unread_idx`). */
export async function unreadCount(db: Db, reader: Reader): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(mine(reader, isNull(notifications.readAt)));
  return row?.total ?? 0;
}

export async function listNotifications(
  db: Db,
  reader: Reader,
  { page, limit, unread }: { page: number; limit: number; unread?: boolean },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = unread ? mine(reader, isNull(notifications.readAt)) : mine(reader);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
