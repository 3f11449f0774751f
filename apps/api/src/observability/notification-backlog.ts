import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { messageNotifications } from '../db/schema/index.ts';

// Message notifications that wait out their delay before deciding whether to mail (decision 023).
// They are not yet mail (that is the mail queue, decision 070); a backlog of overdue ones means the
// notification worker is failing or not running.

/** A job this long past its due time is not being sent: the worker is failing or not running. */
export const OVERDUE_AFTER_MS = 5 * 60_000;

export interface NotificationBacklog {
  /** Jobs waiting, due or not. */
  waiting: number;
  /** Jobs due more than OVERDUE_AFTER_MS ago and still there. */
  overdue: number;
}

export async function readNotificationBacklog(db: Db, now = new Date()): Promise<NotificationBacklog> {
  const overdueBefore = new Date(now.getTime() - OVERDUE_AFTER_MS);
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      overdue: sql<number>`(count(*) filter (where ${messageNotifications.dueAt} < ${overdueBefore}))::int`,
    })
    .from(messageNotifications);
  return { waiting: row?.waiting ?? 0, overdue: row?.overdue ?? 0 };
}
