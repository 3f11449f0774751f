import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { adminAuditLog } from '../src/db/schema/audit.ts';
import { verifyPassword } from '../src/lib/passwords.ts';
import { findSession } from '../src/lib/session.ts';
import { findUserByEmail } from '../src/modules/accounts/service.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { createAdmin, OPERATOR_ACTOR } from '../src/operator/create-admin.ts';
import { choosePasswordSource, PasswordInputError } from '../src/operator/password-input.ts';
import { insertUser } from '../src/seed/factories.ts';
import { openTestDatabase } from './support/database.ts';
import { embeddedEnv, prepareDataDir, REPO_ROOT, runScript } from './support/processes.ts';

const PROCESS_TIMEOUT = 120_000;
const USAGE =
  'usage: npm run create-admin -- --email E [--password-stdin] [--force]  (or CANOPY_ADMIN_PASSWORD=…; with neither it asks)';
const ARGV_WARNING =
  'create-admin: warning: a password given with --password shows in ps and stays in shell history; prefer the prompt, --password-stdin or CANOPY_ADMIN_PASSWORD (refused when NODE_ENV=production)';

let dataDir: string;
// Runs the real command on an embedded database of its own (no server running).
const createAdminCli = (args: string[], options: { env?: Record<string, string>; input?: string } = {}) =>
  runScript('create-admin', args, embeddedEnv(dataDir, options.env), options.input);

async function withCliDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'canopy-cli-'));
  await prepareDataDir(dataDir);
}, PROCESS_TIMEOUT);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('npm run create-admin', () => {
  it(
    'creates a verified admin, then promotes and re-keys it (--password still works outside production, with a warning)',
    async () => {
      const created = await createAdminCli(['--email', 'Ops@Example.com', '--password', 'first-secret']);
      expect(created.stdout).toBe('create-admin: created verified admin ops@example.com\n');
      expect(created.stderr).toBe(`${ARGV_WARNING}\n`);
      const again = await createAdminCli(['--email', 'ops@example.com', '--password-stdin'], {
        input: 'second-secret\n',
      });
      expect(again.stdout).toBe(
        'create-admin: found ops@example.com: role admin, status verified, e-mail verified by its owner\n' +
          'create-admin: ops@example.com is now a verified admin; its password is replaced and its 0 open sessions are ended\n',
      );
      expect(again.code).toBe(0);

      await withCliDatabase(async (database) => {
        const admin = await findUserByEmail(database.db, 'ops@example.com');
        expect(admin).toMatchObject({ role: 'admin', status: 'verified', emailVerified: true });
        expect(await verifyPassword(admin?.passwordHash ?? '', 'second-secret')).toBe(true);
      });
    },
    PROCESS_TIMEOUT,
  );

  it(
    'takes the password from CANOPY_ADMIN_PASSWORD',
    async () => {
      const created = await createAdminCli(['--email', 'env@example.com'], {
        env: { CANOPY_ADMIN_PASSWORD: 'from-the-environment' },
      });
      expect(created).toMatchObject({ code: 0, stderr: '' });
      await withCliDatabase(async (database) => {
        const admin = await findUserByEmail(database.db, 'env@example.com');
        expect(await verifyPassword(admin?.passwordHash ?? '', 'from-the-environment')).toBe(true);
      });
    },
    PROCESS_TIMEOUT,
  );

  it(
    'asks on a terminal without echoing what is typed',
    async () => {
      // script(1) (util-linux, essential on Debian) gives the command a real terminal.
      const command = 'node --import tsx apps/api/src/cli/create-admin.ts --email tty@example.com';
      const child = spawn('script', ['-qec', command, '/dev/null'], {
        cwd: REPO_ROOT,
        env: embeddedEnv(dataDir),
      });
      let screen = '';
      const seen = (text: string) =>
        new Promise<void>((resolve) => {
          const check = () => {
            if (!screen.includes(text)) return;
            child.stdout.off('data', check);
            resolve();
          };
          child.stdout.on('data', check);
          check();
        });
      child.stdout.on('data', (chunk: Buffer) => {
        screen += chunk.toString('utf8');
      });
      const finished = new Promise((resolve) => child.on('close', resolve));
      await seen('New admin password: ');
      child.stdin.write('typed-secret\r');
      await seen('Repeat the password: ');
      child.stdin.write('typed-secret\r');
      expect(await finished).toBe(0);
      expect(screen).toContain('create-admin: created verified admin tty@example.com');
      expect(screen).not.toContain('typed-secret');
      await withCliDatabase(async (database) => {
        const admin = await findUserByEmail(database.db, 'tty@example.com');
        expect(await verifyPassword(admin?.passwordHash ?? '', 'typed-secret')).toBe(true);
      });
    },
    PROCESS_TIMEOUT,
  );

  it(
    'refuses a password in the command line in production, before touching anything',
    async () => {
      const refused = await createAdminCli(['--email', 'prod@example.com', '--password', 'visible-in-ps'], {
        env: { NODE_ENV: 'production' },
      });
      expect(refused.code).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toBe(
        'create-admin: --password is refused when NODE_ENV=production (a password in the command line shows in ps and shell history); use --password-stdin, CANOPY_ADMIN_PASSWORD, or the prompt\n' +
          `${USAGE}\n`,
      );
      await withCliDatabase(async (database) => {
        expect(await findUserByEmail(database.db, 'prod@example.com')).toBeNull();
      });
    },
    PROCESS_TIMEOUT,
  );

  it(
    'refuses a short password with the SPEC text and a usage line',
    async () => {
      const failure = await createAdminCli(['--email', 'x@example.com', '--password-stdin'], {
        input: '123',
      });
      expect(failure.code).toBe(2);
      expect(failure.stderr).toBe(`create-admin: Password must be at least 6 characters\n${USAGE}\n`);
    },
    PROCESS_TIMEOUT,
  );
});

describe('where the password comes from', () => {
  const base = { argv: undefined, stdin: false, env: undefined, production: false, interactive: true };

  it('asks on a terminal when nothing else is given, and refuses to guess without one', () => {
    expect(choosePasswordSource(base)).toEqual({ kind: 'prompt' });
    expect(() => choosePasswordSource({ ...base, interactive: false })).toThrow(
      new PasswordInputError(
        'no password given and no terminal to ask on: pipe it with --password-stdin or set CANOPY_ADMIN_PASSWORD',
      ),
    );
  });

  it('refuses two sources at once', () => {
    expect(() => choosePasswordSource({ ...base, stdin: true, env: 'x' })).toThrow(
      'give the password one way only: --password-stdin, CANOPY_ADMIN_PASSWORD, or the prompt',
    );
  });
});

describe('promoting an existing account', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  const ctx = () => ({ config: loadConfig({ DATA_DIR: dataDir }), database });

  it('shows what it found and refuses an address its owner never confirmed, changing nothing', async () => {
    const squatter = await insertUser(database.db, {
      email: 'ceo@example.com',
      role: 'buyer',
      status: 'pending',
      emailVerified: false,
    });
    const token = await createSession(database.db, squatter.id);

    const refused = await createAdmin(ctx(), {
      email: 'ceo@example.com',
      password: 'new-secret',
      force: false,
    });
    expect(refused).toEqual({
      exitCode: 1,
      stdout: [
        'create-admin: found ceo@example.com: role buyer, status pending, e-mail NOT verified by its owner',
      ],
      stderr: [
        'create-admin: not promoting ceo@example.com: its owner has never confirmed this address, so the account may belong to someone who does not own the mailbox. Check who registered it, then run again with --force to promote it anyway.',
      ],
    });
    expect(await findUserByEmail(database.db, 'ceo@example.com')).toMatchObject({ role: 'buyer' });
    expect(await findSession(database.db, token)).not.toBeNull();
  });

  it('with --force promotes it, ends every session it had and records who did it', async () => {
    const user = await findUserByEmail(database.db, 'ceo@example.com');
    const second = await createSession(database.db, user?.id ?? '');

    const promoted = await createAdmin(ctx(), {
      email: 'ceo@example.com',
      password: 'new-secret',
      force: true,
    });
    expect(promoted.stdout).toEqual([
      'create-admin: found ceo@example.com: role buyer, status pending, e-mail NOT verified by its owner',
      'create-admin: ceo@example.com is now a verified admin; its password is replaced and its 2 open sessions are ended',
    ]);
    expect(promoted.exitCode).toBe(0);
    expect(await findSession(database.db, second)).toBeNull();
    expect(await findUserByEmail(database.db, 'ceo@example.com')).toMatchObject({
      role: 'admin',
      status: 'verified',
      emailVerified: true,
    });
    const [entry] = await database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, user?.id ?? ''));
    expect(entry).toMatchObject({
      adminId: null,
      adminEmail: OPERATOR_ACTOR,
      action: 'user.promote',
      before: { role: 'buyer', status: 'pending', emailVerified: false },
      reason: 'promoted with --force: e-mail not verified by its owner',
    });
  });
});
