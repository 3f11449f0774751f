import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';

// Real servers a test owns and may stop and start again: a PostgreSQL cluster in a temp folder and
// a redis-server on a free port. Fault tests need them because the shared ones must stay up.

const run = promisify(execFile);
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export interface ScratchPostgres {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and deletes its folder. */
  destroy(): Promise<void>;
}

/** initdb + pg_ctl in a temp folder. PostgreSQL refuses to run as root, so root runs it as postgres. */
export async function startScratchPostgres(): Promise<ScratchPostgres> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'canopy-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(root, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, tool), ...args], { cwd: root })
      : run(path.join(PG_BIN, tool), args, { cwd: root });
  const data = path.join(root, 'data');
  const port = await freePort();
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '--no-instructions']);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await pg('pg_ctl', ['-D', data, '-o', options, '-l', path.join(root, 'log'), '-w', 'start']);
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await stop().catch(() => {});
      await rm(root, { recursive: true, force: true });
    },
  };
}

export interface ScratchRedis {
  url: string;
  kill(): Promise<void>;
  start(): Promise<void>;
}

/** A redis-server without persistence on a free port. */
export async function startScratchRedis(): Promise<ScratchRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const next = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    child = next;
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Ready to accept connections')) resolve();
      });
    });
  };
  const kill = async () => {
    const current = child;
    child = null;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, kill };
}

/** A pino destination that keeps every JSON line a logger writes. */
export function captureLog() {
  const lines: Array<{ level: number; msg: string; [key: string]: unknown }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, lines, messages: () => lines.map((line) => line.msg) };
}

/** Polls until the check passes (fault recovery is asynchronous by nature). */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
