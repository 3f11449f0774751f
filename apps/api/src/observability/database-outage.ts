import { OPERATIONS } from '@canopy/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db/client.ts';
import { failureBody } from '../lib/errors.ts';

// An unreachable database is not a bug in a request (decision 056): calls answer 503 with a
// Retry-After instead of 500, and the log says it once when the outage starts and once when it
// ends, not once per request. While it lasts, a probe asks the database every second, so the
// recovery is noticed (and logged) even when no request comes in.

export const RETRY_AFTER_SECONDS = 5;
const PROBE_INTERVAL_MS = 1000;

// SQLSTATEs of a server that is going or not yet there: admin/crash shutdown, cannot connect now,
// and class 08, connection exceptions.
const SERVER_GONE = /^(57P0[123]|08\d{3})$/;
// node-postgres's own texts for a connection that died or never came.
const DRIVER_GONE = /Connection terminated|timeout exceeded when trying to connect|not queryable/;
// Socket failures; only counted when they name the database's endpoint, because the same codes
// come from SMTP, S3 or an AI endpoint, which are not the database.
const SOCKET_GONE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOENT',
]);

interface Endpoint {
  host: string;
  port: number;
}

/** Where the pool connects, to recognise its socket errors among other services'. */
export function databaseEndpoint(database: Database): Endpoint | null {
  const options = database.pool?.options;
  if (!options) return null;
  const url = options.connectionString ? new URL(options.connectionString) : null;
  const host = url?.searchParams.get('host') || url?.hostname || options.host || 'localhost';
  return { host: decodeURIComponent(host), port: Number(url?.port || options.port || 5432) };
}

type ErrorLike = {
  code?: unknown;
  message?: unknown;
  address?: unknown;
  port?: unknown;
  hostname?: unknown;
  cause?: unknown;
  errors?: unknown;
};

function namesEndpoint(error: ErrorLike, endpoint: Endpoint): boolean {
  if (error.port === endpoint.port) return true;
  // A Unix socket: its path ends in .s.PGSQL.<port>.
  if (typeof error.address === 'string' && error.address.endsWith(`.s.PGSQL.${endpoint.port}`)) return true;
  return typeof error.hostname === 'string' && error.hostname === endpoint.host;
}

/** Whether an error anywhere on its cause chain says the database cannot be reached. */
export function isDatabaseUnreachable(error: unknown, endpoint: Endpoint | null): boolean {
  if (!endpoint) return false;
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 20; seen++) {
    const current = pending.shift() as ErrorLike | null;
    if (!current || typeof current !== 'object') continue;
    const code = typeof current.code === 'string' ? current.code : '';
    if (SERVER_GONE.test(code)) return true;
    if (typeof current.message === 'string' && DRIVER_GONE.test(current.message)) return true;
    if (SOCKET_GONE.has(code) && namesEndpoint(current, endpoint)) return true;
    pending.push(current.cause);
    // A connection attempt to several addresses (IPv4 and IPv6) fails with all of them.
    if (Array.isArray(current.errors)) pending.push(...current.errors);
  }
  return false;
}

export class DatabaseOutage {
  private readonly endpoint: Endpoint | null;
  private since: number | null = null;
  private probeTimer: NodeJS.Timeout | null = null;
  private probing = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {
    this.endpoint = databaseEndpoint(database);
    // An idle pooled connection dropped by the server is often the first sign of an outage; pg
    // discards it, and a later query opens a new one.
    database.pool?.on('error', this.onPoolError);
  }

  private readonly onPoolError = (error: Error) => void this.recognise(error);

  get active(): boolean {
    return this.since !== null;
  }

  /** True when the error means the database is unreachable; starts (and logs) an outage. */
  recognise(error: unknown): boolean {
    if (!isDatabaseUnreachable(error, this.endpoint)) return false;
    if (this.since === null) {
      this.since = Date.now();
      const reason = error instanceof Error ? error.message : String(error);
      this.log.error({ reason }, 'database unreachable: answering 503 until it is back');
      this.probeTimer = setInterval(() => void this.probe(), PROBE_INTERVAL_MS);
      this.probeTimer.unref();
    }
    return true;
  }

  /** The database answered: ends an outage, if one was on. */
  recovered(): void {
    if (this.since === null) return;
    const seconds = ((Date.now() - this.since) / 1000).toFixed(1);
    this.since = null;
    this.stop();
    this.log.info(`database reachable again after ${seconds} s`);
  }

  /** Ends probing and stops listening to the pool (the app is closing). */
  close(): void {
    this.stop();
    this.database.pool?.off('error', this.onPoolError);
  }

  private stop(): void {
    if (this.probeTimer) clearInterval(this.probeTimer);
    this.probeTimer = null;
  }

  private async probe(): Promise<void> {
    if (this.probing) return;
    this.probing = true;
    try {
      await this.database.db.execute(sql`select 1`);
      this.recovered();
    } catch {
      // Still down; the outage was logged when it began.
    } finally {
      this.probing = false;
    }
  }
}

/** The answer to a call that needs the database while it is away. */
export function answerUnavailable(reply: FastifyReply): FastifyReply {
  return reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send(failureBody(503, OPERATIONS.unavailable));
}

declare module 'fastify' {
  interface FastifyInstance {
    databaseOutage: DatabaseOutage;
  }
}

/** One outage tracker per app, for the error handler and the health check. */
export function installDatabaseOutage(app: FastifyInstance, database: Database): void {
  const outage = new DatabaseOutage(database, app.log);
  app.decorate('databaseOutage', outage);
  app.addHook('onClose', async () => outage.close());
}
