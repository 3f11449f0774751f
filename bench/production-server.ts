import { type ChildProcess, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// The server as `npm start` runs it in production (NODE_ENV=production, the global rate limit
// lifted), on a PostgreSQL database and a fresh data folder, for the benchmarks. Its output goes to
// a file in that folder: reading a request log through a pipe would cost the benchmark's CPU.

export interface BenchServer {
  base: string;
  process: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

export async function waitUntilAnswering(address: string): Promise<void> {
  // Up to 5 minutes: an instance answers once its catalog search index is read (decision 253).
  for (let i = 0; i < 1500; i++) {
    try {
      if ((await fetch(address)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${address} did not answer`);
}

/** Starts `apps/api/src/server.ts` of `appDir` (this checkout by default) and waits for its health check. */
export async function startProductionServer(options: {
  databaseUrl: string;
  port: number;
  env?: NodeJS.ProcessEnv;
  appDir?: string;
}): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'canopy-bench-'));
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn('node', ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: options.appDir ?? path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(options.port),
      RATE_LIMIT_PER_MINUTE: '0',
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(`${base}/api/health`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, process: child, dataDir, stop };
}
