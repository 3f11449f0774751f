import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import { type ChangeFeed, listenTo } from '../../lib/listen.ts';

// Which members' notifications changed, on a channel of the notification centre's own (decision
// 249): a writer announces inside its transaction, and every instance's stream hub hears it through
// lib/listen.ts once that commits, then sends those members' bells their new count. A channel of
// its own keeps this module free of messaging, which every feature that notifies would otherwise
// pull in.

const CHANNEL = 'canopy_notifications';

/** Ids only: a NOTIFY payload is capped at 8000 bytes, far above a company's members. */
export async function announce(tx: Db, userIds: readonly string[]): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify({ userIds })})`);
}

export interface NotificationFeedHandlers {
  /** These logins' notifications changed. */
  onChanged(userIds: string[]): void;
  /** The connection was lost and is back: announcements in between are gone. */
  onResync(): void;
}

function parse(payload: string | undefined, log: FastifyBaseLogger): string[] {
  try {
    const { userIds } = JSON.parse(payload ?? '') as { userIds?: unknown };
    if (Array.isArray(userIds)) return userIds.filter((id): id is string => typeof id === 'string');
  } catch {
    // Reported below.
  }
  log.warn({ payload }, 'ignored a malformed notification announcement');
  return [];
}

export function listenForNotifications(
  database: Database,
  log: FastifyBaseLogger,
  handlers: NotificationFeedHandlers,
): ChangeFeed {
  return listenTo(
    database,
    log,
    { channel: CHANNEL, name: 'notifications' },
    {
      onPayload: (payload) => {
        const userIds = parse(payload, log);
        if (userIds.length > 0) handlers.onChanged(userIds);
      },
      onResync: handlers.onResync,
    },
  );
}
