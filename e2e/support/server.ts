import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from './database.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The server build's entry point (scripts/server-build.mjs publishes apps/api/build). */
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/api/build/server.js');
/** The address the account status screen's priority-review link must point at. */
export const REVIEW_EMAIL = 'review@canopy.test';

const BUILT_WEB_APP = path.join(REPO_ROOT, 'apps/web/dist/index.html');
// Under a full parallel `npm test` run, migrations and argon2 seeding can take most of a minute.
const HEALTH_TIMEOUT_MS = 100_000;
const STOP_TIMEOUT_MS = 10_000;
const LOG_LINES_KEPT = 80;

export interface RunningServer {
  baseUrl: string;
  /** The server's own data directory: embedded database, uploads, and the mail outbox. */
  dataDir: string;
  /**
   * The server's PostgreSQL database when TEST_DATABASE_URL gave one (as in CI), for a journey that
   * must write rows no route writes yet; null on the embedded database, which only the server opens.
   */
  databaseUrl: string | null;
  /** The server's last log lines (warnings and errors unless E2E_SERVER_LOG_LEVEL says otherwise). */
  recentLogs(): string;
  /** Stops the server and removes its data. */
  stop(): Promise<void>;
  /** Stops the server and leaves its data, to be removed later (the seeded demo's template). */
  stopKeepingData(): Promise<SeededDemo & { remove(): Promise<void> }>;
}

/** Asks the OS for a port nobody listens on, by binding port 0 and releasing it. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port found'))));
    });
  });
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${logs()}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet: migrations and demo seeding run before listen().
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`GET ${baseUrl}/api/health did not answer 200 within ${HEALTH_TIMEOUT_MS} ms:\n${logs()}`);
}

/**
 * The demo a journey's server starts from: a data directory and, on PostgreSQL, a database that a
 * server has migrated and seeded once per run (global-setup.ts). Seeding draws the pictures and
 * encodes the demo clip, most of a first start; each journey gets its own copy of both.
 */
export interface SeededDemo {
  dataDir: string;
  /** The PostgreSQL template database, or null on embedded PGlite (whose files are in dataDir). */
  database: string | null;
}

/** Where one server keeps its data: a data directory of its own and, on PostgreSQL, a database. */
interface DataPlace {
  dataDir: string;
  database: TestDatabase | null;
  remove(): Promise<void>;
}

async function newDataPlace(seeded: SeededDemo | null): Promise<DataPlace> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'canopy-e2e-'));
  if (seeded) await cp(seeded.dataDir, dataDir, { recursive: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  const database = adminUrl ? await createTestDatabase(adminUrl, seeded?.database ?? undefined) : null;
  return {
    dataDir,
    database,
    async remove() {
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the real server (the same entry point as `npm start`) as a child process on a free port,
 * with its own data directory, the demo accounts, and mail written to DATA_DIR/outbox. With
 * TEST_DATABASE_URL set it runs on its own PostgreSQL database, otherwise on embedded PGlite. Given
 * `seeded`, both start as copies of that demo; without, the server migrates and seeds an empty
 * database as on a first start in production. `extraEnv` adds settings a test is about (e.g.
 * AI_BASE_URL); it cannot move the port or data.
 */
export async function startServer(
  extraEnv: NodeJS.ProcessEnv = {},
  seeded: SeededDemo | null = null,
): Promise<RunningServer> {
  if (!existsSync(BUILT_WEB_APP)) {
    throw new Error(
      `${path.relative(REPO_ROOT, BUILT_WEB_APP)} is missing: the browser tests drive the built web app. ` +
        'Build it with `npm run build -w @canopy/web` (or run the whole suite with `npm test`, which builds it first).',
    );
  }

  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const place = await newDataPlace(seeded);
  const { dataDir, database } = place;

  // Mail must land in the outbox, and the server must not pick up a developer's own settings
  // (a model endpoint included: the browser tests expect the built-in AI editor's answers).
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['SMTP_URL', 'DATABASE_URL', 'AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'])
    delete inherited[name];
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    // Every browser of a journey (admin, seller, visitors) comes from 127.0.0.1, so they would all
    // share one client's budget of requests a minute; on a fast machine a journey spends it, and a
    // refetch after an action then fails with 429 and leaves the old row on screen. The per-route
    // limits (sign-in, sign-up, uploads) stay on.
    RATE_LIMIT_PER_MINUTE: '0',
    ...extraEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    // The links in e-mails must use the origin the browser is on: the session token lives in
    // that origin's localStorage, and localhost and 127.0.0.1 are different origins.
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    NODE_ENV: 'test',
    ADMIN_EMAIL: REVIEW_EMAIL,
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
  };
  if (database) env.DATABASE_URL = database.url;

  // The server build (made once per run by global-setup.ts), as `npm start` runs it: each journey's
  // server starts without compiling TypeScript (decision 236).
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - LOG_LINES_KEPT));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const logs = () => lines.join('\n');

  const halt = async () => {
    if (!(await waitForExit(child, 0))) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        child.kill('SIGKILL');
        await waitForExit(child, STOP_TIMEOUT_MS);
      }
    }
  };
  const cleanUp = async () => {
    await halt();
    await place.remove();
  };

  try {
    await waitForHealth(baseUrl, child, logs);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    databaseUrl: database?.url ?? null,
    recentLogs: logs,
    stop: cleanUp,
    async stopKeepingData() {
      await halt();
      return { dataDir, database: database?.name ?? null, remove: () => place.remove() };
    },
  };
}
