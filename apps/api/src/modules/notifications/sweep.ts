import { NOTIFICATION_RETENTION_DAYS } from '@canopy/shared';
import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { periodicTask, runWithApp } from '../../lib/periodic-task.ts';

// Notifications are kept 90 days (issue 25): an hourly sweep in every instance deletes older ones.
// Two instances sweeping at once delete the same rows; the second finds nothing left.

const SWEEP_EVERY_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** Deletes notifications older than the retention period at `now`; answers how many. */
export async function sweepOldNotifications(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * DAY_MS);
  const deleted = await db
    .delete(notifications)
    .where(lt(notifications.createdAt, before))
    .returning({ id: notifications.id });
  return deleted.length;
}

export function startNotificationSweep(app: FastifyInstance): void {
  const { database, log } = app.ctx;
  runWithApp(
    app,
    periodicTask({
      log,
      intervalMs: SWEEP_EVERY_MS,
      failure: 'notification sweep failed',
      run: () => sweepOldNotifications(database.db),
    }),
  );
}
