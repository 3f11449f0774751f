import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { OPERATIONS } from '@canopy/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { databaseEndpoint, isDatabaseUnreachable } from '../src/observability/database-outage.ts';
import { openTestDatabase } from './support/database.ts';
import {
  captureLog,
  eventually,
  type ScratchPostgres,
  type ScratchRedis,
  startScratchPostgres,
  startScratchRedis,
} from './support/scratch-servers.ts';
import { startSmtpCapture } from './support/smtp.ts';

// Faults get honest answers (decision 056): a database that stops answers 503 with a Retry-After
// and is logged once per outage; a Redis that stops lets requests through with one warning.

const OUTAGE = 'database unreachable: answering 503 until it is back';
const unavailable = {
  success: false,
  error: OPERATIONS.unavailable,
  message: OPERATIONS.unavailable,
  code: 'unavailable',
};

async function appOn(database: Database, env: Record<string, string>, log: ReturnType<typeof captureLog>) {
  const smtp = await startSmtpCapture();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'canopy-faults-'));
  const config = loadConfig({ DATA_DIR: dataDir, SMTP_URL: smtp.url, NODE_ENV: 'test', ...env });
  const app = await buildApp({ config, database, logger: { level: 'info', stream: log.stream } });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('PostgreSQL stopped and restarted', () => {
  let server: ScratchPostgres;
  let database: Database;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const log = captureLog();

  beforeAll(async () => {
    server = await startScratchPostgres();
    database = await openDatabase({ databaseUrl: server.url, dataDir: '' });
    await runMigrations(database);
    ({ app, close } = await appOn(database, {}, log));
  });
  afterAll(async () => {
    await close?.();
    await database?.close();
    await server?.destroy();
  });

  it('answers 503 with Retry-After while it is down, logs it once, and 200 once it is back', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await server.stop();
    for (let i = 0; i < 10; i++) {
      const call = await app.inject({ method: 'GET', url: '/api/products' });
      expect(call.statusCode).toBe(503);
      expect(call.json()).toEqual(unavailable);
      expect(call.headers['retry-after']).toBe('5');
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'someone@example.com', password: 'password123' },
      });
      expect(signIn.statusCode).toBe(503);
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('5');
    }
    expect(log.messages().filter((msg) => msg === OUTAGE)).toHaveLength(1);
    expect(log.messages()).not.toContain('unhandled error');
    // Long enough for the messaging listener to fail several reconnection attempts.
    await new Promise((resolve) => setTimeout(resolve, 2000));

    await server.start();
    await eventually(
      async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200,
    );
    const after = await app.inject({ method: 'GET', url: '/api/products' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ success: true });
    const recovered = log.messages().filter((msg) => msg.startsWith('database reachable again after'));
    expect(recovered).toHaveLength(1);
    expect(log.messages().filter((msg) => msg === OUTAGE)).toHaveLength(1);
    expect(log.messages()).not.toContain('unhandled error');
    await eventually(() => log.messages().includes('messaging listener reconnected'));
    expect(log.messages().filter((msg) => msg.startsWith('messaging listener lost'))).toEqual([
      'messaging listener lost its connection; reconnecting',
    ]);
  });

  it('survives the database going away while a transaction holds a connection', async () => {
    let holding!: () => void;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A connection checked out of the pool, between two statements, when the server goes.
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      holding();
      await released;
      await tx.execute(sql`select 1`);
    });
    const outcome = transaction.then(
      () => null,
      (error: unknown) => error,
    );
    await held;
    await server.stop();
    // The server's goodbye reaches the idle-but-checked-out connection; without a listener on it
    // the process would die of an unhandled 'error' event here.
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    expect(isDatabaseUnreachable(await outcome, databaseEndpoint(database))).toBe(true);
    await server.start();
    await eventually(
      async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200,
    );
    expect((await app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
  });
});

describe('Redis stopped and restarted', () => {
  let redis: ScratchRedis;
  let database: Database;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const log = captureLog();
  const WARNING = 'rate limiter: Redis is unreachable; requests are not counted until it is back';

  beforeAll(async () => {
    redis = await startScratchRedis();
    database = await openTestDatabase();
    ({ app, close } = await appOn(database, { REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: '4' }, log));
  });
  afterAll(async () => {
    await close?.();
    await database?.close();
    await redis?.kill();
  });

  const me = async () => (await app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode;

  it('lets requests through with one warning, and counts again once it is back', async () => {
    expect([await me(), await me()]).toEqual([401, 401]);

    await redis.kill();
    const during: number[] = [];
    for (let i = 0; i < 10; i++) during.push(await me());
    // Beyond the budget of 4, and neither refused nor failed: the limiter fails open.
    expect(during).toEqual(Array(10).fill(401));
    await eventually(() => log.messages().includes(WARNING));

    await redis.start();
    await eventually(() =>
      log.messages().includes('rate limiter: Redis is reachable again; counting requests'),
    );
    // The restarted Redis starts from empty counters: 4 more, then refused.
    const after: number[] = [];
    for (let i = 0; i < 5; i++) after.push(await me());
    expect(after).toEqual([401, 401, 401, 401, 429]);
    expect(log.messages().filter((msg) => msg === WARNING)).toHaveLength(1);
  });
});
