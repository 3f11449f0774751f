import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

// Real server processes for the tests about starting and stopping: spawned the way an operator
// runs them, read through their output, stopped with real signals.

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
// Migrations on a fresh embedded database can take a while on a busy machine.
const START_TIMEOUT_MS = 120_000;

/** Asks the OS for a port nobody listens on, by binding port 0 and releasing it. */
export function findFreePort(): Promise<number> {
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
  output(): string;
  /** Resolves when the output (both streams) matches. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Spawns `node <args>` in the repository with a server environment of its own: embedded database
 * in `dataDir`, mail to its outbox, no demo data, info logs.
 */
export function spawnServer(args: string[], dataDir: string, port: number): ServerProcess {
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
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
export const waitUntilServing = (server: ServerProcess) => server.waitForOutput(/Canopy is serving/);

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
