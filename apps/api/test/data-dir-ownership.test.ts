import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { licenses } from '../src/db/schema/licenses.ts';
import { findUserByEmail } from '../src/modules/accounts/service.ts';
import { LOCK_FILE } from '../src/operator/data-dir-lock.ts';
import { restoreBackup } from '../src/operator/restore.ts';
import { SAMPLE_REGISTRY_CSV } from '../src/seed/demo.ts';
import {
  embeddedEnv,
  prepareDataDir,
  runScript,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
  waitUntilHealthy,
} from './support/processes.ts';

// Issue 11: the embedded database has one owner. These run the real server and the real commands
// side by side on one DATA_DIR, as an operator would.

const PROCESS_TIMEOUT = 180_000;
let scratch: string;
let dataDir: string;
let server: ServerProcess;
/** Every server a test starts, so none outlives the file even when a test fails. */
const started: ServerProcess[] = [];
const start = async (env: NodeJS.ProcessEnv) => {
  const running = await startServerProcess(env);
  started.push(running);
  return running;
};

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'canopy-own-'));
  dataDir = path.join(scratch, 'data');
  await prepareDataDir(dataDir);
  server = await start(embeddedEnv(dataDir));
  await waitUntilHealthy(server);
}, PROCESS_TIMEOUT);

afterAll(async () => {
  await Promise.all(started.map(stopServerProcess));
  await rm(scratch, { recursive: true, force: true });
});

describe('one owner per DATA_DIR', () => {
  it(
    'refuses a second server on the same folder at once, naming the folder and the running pid',
    async () => {
      const second = await start(embeddedEnv(dataDir));
      const { code, stderr } = await second.finished;
      expect(code).toBe(1);
      expect(stderr).toContain(
        `Canopy cannot start: ${dataDir} is in use by a Canopy server (pid ${server.child.pid}).`,
      );
      // The first one still serves.
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    },
    PROCESS_TIMEOUT,
  );

  it(
    'create-admin beside the running server writes through it: the new admin signs in at once',
    async () => {
      // The command line of the original report (the password on it is allowed outside production).
      const result = await runScript(
        'create-admin',
        ['--email', 'boss@example.com', '--password', 'a-long-secret'],
        embeddedEnv(dataDir),
      );
      expect(result.stdout).toBe('create-admin: created verified admin boss@example.com\n');
      expect(result.code).toBe(0);

      const signIn = await fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'boss@example.com', password: 'a-long-secret' }),
      });
      expect(signIn.status).toBe(200);
      expect(((await signIn.json()) as { data: { user: { role: string } } }).data.user.role).toBe('admin');
    },
    PROCESS_TIMEOUT,
  );

  it(
    'licenses:import beside the running server imports through it',
    async () => {
      const result = await runScript('licenses:import', [SAMPLE_REGISTRY_CSV], embeddedEnv(dataDir));
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(
        /^licenses:import: (\d+) rows read, \1 added, 0 updated, 0 unchanged, \d+ rejected\n/,
      );
      expect(result.code).toBe(0);
    },
    PROCESS_TIMEOUT,
  );

  it(
    'backup beside the running server makes an archive that restores with the new admin in it',
    async () => {
      const file = path.join(scratch, 'backup.tar.gz');
      const result = await runScript('backup', [file], embeddedEnv(dataDir));
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain(`backup: wrote ${file}`);
      expect(result.code).toBe(0);

      const restoredDir = path.join(scratch, 'restored');
      const restored = await restoreBackup(loadConfig({ DATA_DIR: restoredDir }), file);
      expect(restored.exitCode).toBe(0);
      const database = await openDatabase(loadConfig({ DATA_DIR: restoredDir }));
      try {
        expect(await findUserByEmail(database.db, 'boss@example.com')).toMatchObject({ role: 'admin' });
        const [registry] = await database.db.select({ total: count() }).from(licenses);
        expect(registry?.total).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
    },
    PROCESS_TIMEOUT,
  );

  it(
    'refuses to listen beyond loopback while /dev/mail is on, saying what to set',
    async () => {
      const otherDir = path.join(scratch, 'exposed');
      await prepareDataDir(otherDir);
      const exposed = await start(embeddedEnv(otherDir, { HOST: '0.0.0.0' }));
      const { code, stdout } = await exposed.finished;
      expect(code).toBe(1);
      expect(stdout).toContain(
        'Canopy will not listen on HOST=0.0.0.0, where other machines can reach it, while /dev/mail is on (it shows every e-mail, password-reset links included). Set HOST=127.0.0.1 to keep it on this machine; to serve other machines, set SMTP_URL to send mail through a real mail server (or NODE_ENV=production).',
      );
      expect(existsSync(path.join(otherDir, LOCK_FILE))).toBe(false);
    },
    PROCESS_TIMEOUT,
  );

  it(
    'gives the folder up when the server stops',
    async () => {
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);
      expect((await stopServerProcess(server))?.code).toBe(0);
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    },
    PROCESS_TIMEOUT,
  );
});
