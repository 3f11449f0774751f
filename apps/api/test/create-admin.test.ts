import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { verifyPassword } from '../src/lib/passwords.ts';
import { findUserByEmail } from '../src/modules/accounts/service.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
let dataDir: string;

// Runs the real command on an embedded database of its own (DATABASE_URL unset).
const createAdmin = (...args: string[]) =>
  run('npm', ['run', '--silent', 'create-admin', '--', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'canopy-cli-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('npm run create-admin', () => {
  it('creates a verified admin, then promotes and re-keys an existing account', async () => {
    const created = await createAdmin('--email', 'Ops@Example.com', '--password', 'first-secret');
    expect(created.stdout).toContain('created verified admin ops@example.com');
    const again = await createAdmin('--email', 'ops@example.com', '--password', 'second-secret');
    expect(again.stdout).toContain('ops@example.com is now a verified admin');

    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      const admin = await findUserByEmail(database.db, 'ops@example.com');
      expect(admin).toMatchObject({ role: 'admin', status: 'verified', emailVerified: true });
      expect(await verifyPassword(admin?.passwordHash ?? '', 'second-secret')).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('refuses a short password with the SPEC text and a usage line', async () => {
    const failure = await createAdmin('--email', 'x@example.com', '--password', '123').catch(
      (error) => error,
    );
    expect(failure.code).toBe(2);
    expect(failure.stderr).toContain('Password must be at least 6 characters');
    expect(failure.stderr).toContain('usage: npm run create-admin -- --email E --password P');
  });
});
