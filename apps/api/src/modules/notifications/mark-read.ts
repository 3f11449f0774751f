import { NOTIFICATIONS } from '@canopy/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { announce } from './feed.ts';
import { mine, type Reader } from './read-model.ts';

// Reading is the member's own: it changes only their rows, and their other tabs' bells hear of it
// over the stream. Marking a read notification again changes nothing.

export async function markRead(db: Db, reader: Reader, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(mine(reader, eq(notifications.id, id)))
      .limit(1);
    if (!found) throw notFound(NOTIFICATIONS.notFound);
    if (found.readAt) return;
    await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
    await announce(tx, [reader.userId]);
  });
}

export async function markAllRead(db: Db, reader: Reader): Promise<void> {
  await db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(mine(reader, isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (marked.length > 0) await announce(tx, [reader.userId]);
  });
}
