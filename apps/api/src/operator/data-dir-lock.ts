import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

// The embedded database (PGlite) has no multi-process protection of its own: two processes that
// open the same folder each keep their own copy in memory and overwrite each other's writes. So
// exactly one process owns DATA_DIR at a time, recorded in a lock file (decision 050).

export const LOCK_FILE = 'canopy.lock';

/** Who holds the folder, as written in the lock file. */
export interface LockHolder {
  pid: number;
  /** What the process is: "server", or the command that took the lock (e.g. "create-admin"). */
  role: string;
  /** The process's start time from /proc (Linux), so a reused pid is not mistaken for the owner. */
  processStart: string | null;
  since: string;
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `${dataDir} is in use by ${holder.role === 'server' ? 'a Canopy server' : `npm run ${holder.role}`} (pid ${holder.pid}).`,
    );
    this.name = 'DataDirBusyError';
  }
}

export interface DataDirLock {
  readonly dataDir: string;
  release(): Promise<void>;
  /** For process 'exit' handlers, where nothing asynchronous runs any more. */
  releaseSync(): void;
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses; fields after it do not.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(holder: LockHolder): boolean {
  // A lock naming this very process was left by an earlier process that had the same pid (a
  // container restarts with the same pids); this process has not taken it yet.
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = holder.processStart ? processStartOf(holder.pid) : null;
  return start === null || start === holder.processStart;
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return null;
    return {
      pid: value.pid,
      role: typeof value.role === 'string' ? value.role : 'unknown',
      processStart: typeof value.processStart === 'string' ? value.processStart : null,
      since: typeof value.since === 'string' ? value.since : '',
    };
  } catch {
    return null;
  }
}

/** The live process that owns DATA_DIR, or null when nobody does (a stale lock counts as nobody). */
export async function currentHolder(dataDir: string): Promise<LockHolder | null> {
  const text = await readFile(path.join(dataDir, LOCK_FILE), 'utf8').catch(() => null);
  const holder = text === null ? null : parseHolder(text);
  return holder && isRunning(holder) ? holder : null;
}

/**
 * Takes DATA_DIR for this process, or throws DataDirBusyError naming the live owner. A lock left
 * by a process that died (SIGKILL, power loss) is detected by its pid and replaced.
 */
export async function lockDataDir(dataDir: string, role: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const mine: LockHolder = {
    pid: process.pid,
    role,
    processStart: processStartOf(process.pid),
    since: new Date().toISOString(),
  };
  // Written whole under a private name, then linked into place: link() fails if the lock exists,
  // so taking it is atomic and nobody ever reads a half-written lock file.
  const draft = `${lockPath}.${process.pid}`;
  await writeFile(draft, `${JSON.stringify(mine)}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await link(draft, lockPath);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const text = await readFile(lockPath, 'utf8').catch(() => null);
      const holder = text === null ? null : parseHolder(text);
      if (holder && isRunning(holder)) throw new DataDirBusyError(dataDir, holder);
      if (attempt >= 3) throw new Error(`Cannot take ${lockPath}: it keeps changing; try again.`);
      await rm(lockPath, { force: true });
    }
  } finally {
    await rm(draft, { force: true });
  }

  let held = true;
  const ownsLock = (text: string | null) => text !== null && parseHolder(text)?.pid === process.pid;
  return {
    dataDir,
    async release() {
      if (!held) return;
      held = false;
      if (ownsLock(await readFile(lockPath, 'utf8').catch(() => null))) await rm(lockPath, { force: true });
    },
    releaseSync() {
      if (!held) return;
      held = false;
      let text: string | null = null;
      try {
        text = readFileSync(lockPath, 'utf8');
      } catch {}
      if (ownsLock(text)) {
        try {
          unlinkSync(lockPath);
        } catch {}
      }
    },
  };
}
