import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirBusyError, LOCK_FILE, lockDataDir } from '../src/operator/data-dir-lock.ts';

// The lock file itself: a live owner blocks, a dead or replaced one does not.

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'canopy-lock-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const startOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};
const writeLock = (holder: object) => writeFile(path.join(dataDir, LOCK_FILE), JSON.stringify(holder));
const readLock = async () => JSON.parse(await readFile(path.join(dataDir, LOCK_FILE), 'utf8'));

describe('the DATA_DIR lock', () => {
  it('is refused while another live process holds it, naming that process', async () => {
    // The test runner's parent process is alive for the whole test.
    const owner = { pid: process.ppid, role: 'server', processStart: startOf(process.ppid), since: '' };
    await writeLock(owner);
    const failure = await lockDataDir(dataDir, 'create-admin').catch((error) => error);
    expect(failure).toBeInstanceOf(DataDirBusyError);
    expect(failure.message).toBe(`${dataDir} is in use by a Canopy server (pid ${process.ppid}).`);
    expect(await readLock()).toEqual(owner);
  });

  it('replaces a lock whose process has died', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    await writeLock({ pid: dead, role: 'server', processStart: null, since: '' });
    const lock = await lockDataDir(dataDir, 'server');
    expect(await readLock()).toMatchObject({ pid: process.pid, role: 'server' });
    await lock.release();
  });

  it('replaces a lock whose pid now belongs to a different process', async () => {
    await writeLock({ pid: process.ppid, role: 'server', processStart: '1', since: '' });
    const lock = await lockDataDir(dataDir, 'server');
    expect(await readLock()).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it('is released by its owner only', async () => {
    const lock = await lockDataDir(dataDir, 'server');
    await lock.release();
    await expect(readFile(path.join(dataDir, LOCK_FILE))).rejects.toThrow();

    const again = await lockDataDir(dataDir, 'server');
    const other = { pid: process.ppid, role: 'server', processStart: startOf(process.ppid), since: '' };
    await writeLock(other);
    await again.release();
    expect(await readLock()).toEqual(other);
  });
});
