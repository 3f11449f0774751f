import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import { type ChangeFeed, listenTo } from '../../lib/listen.ts';

// Messaging's changes on its own channel (decision 022): a writer calls publish() inside its
// transaction, and every instance's hub hears it through lib/listen.ts once that commits.

const CHANNEL = 'canopy_messages';

/** Ids only: NOTIFY payloads are capped at 8000 bytes and a message may be longer. */
export type FeedEvent =
  | { type: 'message'; messageId: string; senderId: string; receiverId: string }
  | { type: 'unread'; userId: string }
  /** An offer or order changed; both parties' streams get its new state (issue 14). */
  | { type: 'deal'; offerId: string; orderId: string | null; userIds: [string, string] }
  /** Some of the user's sessions ended (sign-out, password change, suspension): close their streams. */
  | { type: 'sessions-ended'; userId: string };

const EVENT_TYPES = new Set<FeedEvent['type']>(['message', 'unread', 'deal', 'sessions-ended']);

export async function publish(tx: Db, event: FeedEvent): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
}

export interface FeedHandlers {
  onEvent(event: FeedEvent): void;
  /** The connection was lost and is back: notifications in between are gone. */
  onResync(): void;
}

function parseEvent(payload: string | undefined, log: FastifyBaseLogger): FeedEvent | null {
  try {
    const event = JSON.parse(payload ?? '') as FeedEvent;
    return EVENT_TYPES.has(event.type) ? event : null;
  } catch {
    log.warn({ payload }, 'ignored a malformed messaging notification');
    return null;
  }
}

export function createChangeFeed(
  database: Database,
  log: FastifyBaseLogger,
  handlers: FeedHandlers,
): ChangeFeed {
  return listenTo(
    database,
    log,
    { channel: CHANNEL, name: 'messaging' },
    {
      onPayload: (payload) => {
        const event = parseEvent(payload, log);
        if (event) handlers.onEvent(event);
      },
      onResync: handlers.onResync,
    },
  );
}
