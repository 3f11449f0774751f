import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';

// Real processes for the tests about who owns DATA_DIR: the server as `npm start` runs it, and the
// command-line tools as an operator runs them.

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of an embedded-database install in `dataDir`, free of the caller's settings. */
export function embeddedEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['SMTP_URL', 'DATABASE_URL', 'AI_BASE_URL', 'CANOPY_ADMIN_PASSWORD', 'HOST', 'PORT'])
    delete env[name];
  return { ...env, DATA_DIR: dataDir, NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...extra };
}

/** Fills DATA_DIR's database folder from the run's migrated template, so start-up is quick. */
export async function prepareDataDir(dataDir: string): Promise<void> {
  const template = inject('pgliteTemplate');
  if (!template) return;
  await mkdir(path.join(dataDir, 'pgdata'), { recursive: true });
  const pglite = await PGlite.create({
    dataDir: path.join(dataDir, 'pgdata'),
    loadDataDir: new Blob([await readFile(template)]),
  });
  await pglite.close();
}

export function collect(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** Runs `npm run <script> -- args` to its end, with `input` on standard input. */
export function runScript(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  input = '',
): Promise<Finished> {
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: REPO_ROOT, env });
  child.stdin.end(input);
  return collect(child);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port found'))));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  finished: Promise<Finished>;
}

/** Starts the server entry point; `waitUntilHealthy` waits for /api/health (or its early exit). */
export async function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { ...env, PORT: String(port), HOST: env.HOST ?? '127.0.0.1' },
  });
  return { child, baseUrl: `http://127.0.0.1:${port}`, finished: collect(child) };
}

export async function waitUntilHealthy(server: ServerProcess): Promise<void> {
  for (;;) {
    if (server.child.exitCode !== null) {
      const { stderr, stdout } = await server.finished;
      throw new Error(
        `the server exited (${server.child.exitCode}) before it was healthy:\n${stdout}${stderr}`,
      );
    }
    const healthy = await fetch(`${server.baseUrl}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function stopServerProcess(server: ServerProcess | undefined): Promise<Finished | undefined> {
  if (!server) return undefined;
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  return server.finished;
}

// Servers stopped with real signals, read through their output.

// Migrations on a fresh embedded database can take a while on a busy machine.
const START_TIMEOUT_MS = 120_000;

/** A server whose output a test watches while it signals it. */
export interface WatchedServer {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  /** Resolves when the output (both streams) matches. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Spawns `node <args>` (or `command <args>`, e.g. `npm start`) in the repository with a server
 * environment of its own: embedded database in `dataDir`, mail to its outbox, no demo data, info logs.
 */
export function spawnServer(
  args: string[],
  dataDir: string,
  port: number,
  command = process.execPath,
): WatchedServer {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['SMTP_URL', 'DATABASE_URL', 'AI_BASE_URL', 'REDIS_URL']) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
  });
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const listeners = new Set<() => void>();
  const keep = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitForOutput = (pattern: RegExp, timeoutMs = START_TIMEOUT_MS) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(text)) return;
        listeners.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`no ${pattern} in the output within ${timeoutMs} ms:\n${text}`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => text, waitForOutput, exited };
}

/** The server says it serves once it listens. */
export const waitUntilServing = (server: WatchedServer) => server.waitForOutput(/Canopy is serving/);

/** /proc/<pid>/stat's fields after the command name: state, parent pid, … (null once gone). */
function statFields(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may itself contain spaces or parentheses.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** Process ids whose parent is `pid` (read from /proc: no `ps` needed on a slim machine). */
export function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => statFields(name)?.[1] === String(pid))
    .map(Number);
}

/**
 * Whether the process still runs. An exited process whose new parent has not reaped it yet (an
 * orphan's parent is whatever reaps for the container) is a zombie: it runs no code any more.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const state = statFields(pid)?.[0];
  return state !== undefined && state !== 'Z';
}
