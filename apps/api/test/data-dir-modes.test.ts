import { lstat, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  embeddedEnv,
  runScript,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
  waitUntilHealthy,
} from './support/processes.ts';
import { registrationForm } from './support/registration.ts';

// Issue 27, item 4: DATA_DIR holds reset links (outbox), license documents (private), password
// hashes and the database's pages; no other local account may read or change them. The real
// server and the real commands run here under this process's umask (022, checked), as an operator's
// shell would start them.

const PROCESS_TIMEOUT = 240_000;
let scratch: string;
let dataDir: string;
let server: ServerProcess | undefined;

const modeOf = async (target: string) => (await lstat(target)).mode & 0o777;

/** Every folder and file under `dir` (the folder itself included) whose mode is not private. */
async function notPrivate(dir: string): Promise<string[]> {
  const open: string[] = [];
  if ((await modeOf(dir)) !== 0o700) open.push(`. ${(await modeOf(dir)).toString(8)}`);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const mode = await modeOf(full);
    const wanted = entry.isDirectory() ? 0o700 : entry.isFile() ? 0o600 : null;
    if (wanted !== null && mode !== wanted) open.push(`${path.relative(dir, full)} ${mode.toString(8)}`);
  }
  return open;
}

beforeAll(async () => {
  // The commands inherit this umask; one that lets others read is what makes the test mean anything.
  const umask = /^Umask:\s*(\d+)$/m.exec(await readFile('/proc/self/status', 'utf8'))?.[1];
  expect(umask).toBe('0022');
  scratch = await mkdtemp(path.join(os.tmpdir(), 'canopy-modes-'));
  dataDir = path.join(scratch, 'data');
  // An install from before the fix: the folder exists and anyone may enter it.
  await mkdir(dataDir, { mode: 0o755 });
  expect(await modeOf(dataDir)).toBe(0o755);
}, PROCESS_TIMEOUT);

afterAll(async () => {
  await stopServerProcess(server);
  await rm(scratch, { recursive: true, force: true });
});

describe('DATA_DIR is private to the account that runs Canopy', () => {
  it(
    'after a start, a sign-up (mail, license document, upload staging) and a backup, nothing in it is open to others',
    async () => {
      server = await startServerProcess(embeddedEnv(dataDir));
      await waitUntilHealthy(server);
      const signUp = await fetch(`${server.baseUrl}/api/auth/register`, {
        method: 'POST',
        body: registrationForm(),
      });
      expect(signUp.status).toBe(201);
      // The verification mail leaves the queue for the outbox a moment later.
      const outbox = path.join(dataDir, 'outbox');
      for (let waited = 0; waited < 30_000; waited += 200) {
        if ((await readdir(outbox).catch(() => [])).length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await readdir(outbox)).toHaveLength(1);
      expect(await readdir(dataDir)).toEqual(
        expect.arrayContaining(['pgdata', 'outbox', 'private', 'staging', 'uploads']),
      );

      const backupFile = path.join(scratch, 'backups', 'nightly.tar.gz');
      const backup = await runScript('backup', [backupFile], embeddedEnv(dataDir));
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect((await modeOf(backupFile)).toString(8)).toBe('600');

      await stopServerProcess(server);
      server = undefined;
      expect(await notPrivate(dataDir)).toEqual([]);

      // A restore gives the new folder the same private modes.
      const restoredDir = path.join(scratch, 'restored');
      const restore = await runScript('restore', [backupFile], embeddedEnv(restoredDir));
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(await readdir(restoredDir)).toEqual(expect.arrayContaining(['pgdata', 'private']));
      expect(await notPrivate(restoredDir)).toEqual([]);
    },
    PROCESS_TIMEOUT,
  );
});
