import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client.ts';

// LISTEN on a PostgreSQL channel, on either driver (decisions 022 and 111). A writer notifies inside
// its transaction; PostgreSQL delivers only when that transaction commits, to every listening
// connection, so each API instance hears every change whichever instance made it. Messaging's
// streams and the catalog's page cache each listen to a channel of their own through this.

export interface ChangeFeed {
  start(): Promise<void>;
  /** Proves the listening connection still answers; a dead one is replaced. */
  check(): Promise<void>;
  stop(): Promise<void>;
  /** Whether notifications are being received right now. */
  listening(): boolean;
}

export interface ListenHandlers {
  onPayload(payload: string | undefined): void;
  /** The connection was lost and is back: notifications in between are gone. */
  onResync(): void;
  /** The connection is gone; notifications are missed until onResync (PostgreSQL only). */
  onLost?(): void;
}

/** One listening connection for one channel. */
export function listenTo(
  database: Database,
  log: FastifyBaseLogger,
  { channel, name }: { channel: string; name: string },
  handlers: ListenHandlers,
): ChangeFeed {
  if (database.pglite) return pgliteFeed(database.pglite, channel, handlers.onPayload);
  if (database.pool) {
    return postgresFeed(database.pool, log, channel, name, handlers);
  }
  throw new Error('the database has neither an embedded instance nor a pool');
}

/** Embedded: one session, which receives its own notifications once the transaction commits. */
function pgliteFeed(
  pglite: NonNullable<Database['pglite']>,
  channel: string,
  deliver: (payload: string) => void,
): ChangeFeed {
  let unlisten: (() => Promise<void>) | null = null;
  return {
    async start() {
      unlisten = await pglite.listen(channel, deliver);
    },
    async check() {},
    async stop() {
      await unlisten?.();
      unlisten = null;
    },
    listening: () => unlisten !== null,
  };
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;
const CHECK_TIMEOUT_MS = 10_000;

/**
 * PostgreSQL: a client of its own rather than one borrowed from the pool, so the pool keeps all
 * its connections for queries. A lost connection is replaced with backoff; a silently dead one
 * (server restart behind a proxy) is caught by check(), which the hub runs with its heartbeat.
 */
function postgresFeed(
  pool: pg.Pool,
  log: FastifyBaseLogger,
  channel: string,
  name: string,
  { onPayload: deliver, onResync, onLost }: ListenHandlers,
): ChangeFeed {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = RECONNECT_MIN_MS;
  let listening = false;

  // Said once when the connection goes and once when it is back, not at every failed attempt.
  let down = false;
  const lost = (which: pg.Client, error?: unknown) => {
    if (which !== client || stopped) return;
    client = null;
    listening = false;
    onLost?.();
    if (!down) log.warn({ err: error }, `${name} listener lost its connection; reconnecting`);
    down = true;
    which.end().catch(() => {});
    schedule(true);
  };

  const connect = async (resync: boolean) => {
    const next = new pg.Client({ ...pool.options, application_name: `canopy-${name}-listener` });
    next.on('notification', (message) => {
      if (message.channel === channel) deliver(message.payload);
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (stopped) return void (await next.end());
    } catch (error) {
      lost(next, error);
      return;
    }
    delay = RECONNECT_MIN_MS;
    listening = true;
    if (down) log.info(`${name} listener reconnected`);
    down = false;
    if (resync) onResync();
  };

  const schedule = (resync: boolean) => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect(resync);
    }, delay);
    retryTimer.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  return {
    start: () => connect(false),
    async check() {
      const current = client;
      if (!current) return;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('listener did not answer')), CHECK_TIMEOUT_MS);
      });
      try {
        await Promise.race([current.query('SELECT 1'), timeout]);
      } catch (error) {
        lost(current, error);
      } finally {
        clearTimeout(timer);
      }
    },
    listening: () => listening,
    async stop() {
      stopped = true;
      listening = false;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
