import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { messageNotifications } from '../db/schema/index.ts';

// What the metrics report about outgoing mail that waits in the database. Today that is the
// message-notification queue (decision 023); when mail gets one general queue, this query is the
// one place to point at it.

/** A job this long past its due time is not being sent: the worker is failing or not running. */
export const OVERDUE_AFTER_MS = 5 * 60_000;

export interface MailQueueStats {
  /** Jobs waiting, due or not. */
  waiting: number;
  /** Jobs due more than OVERDUE_AFTER_MS ago and still there. */
  overdue: number;
}

export async function readMailQueueStats(db: Db, now = new Date()): Promise<MailQueueStats> {
  const overdueBefore = new Date(now.getTime() - OVERDUE_AFTER_MS);
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      overdue: sql<number>`(count(*) filter (where ${messageNotifications.dueAt} < ${overdueBefore}))::int`,
    })
    .from(messageNotifications);
  return { waiting: row?.waiting ?? 0, overdue: row?.overdue ?? 0 };
}
