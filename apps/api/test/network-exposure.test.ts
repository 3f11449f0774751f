import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { networkExposureProblem } from '../src/operator/network-exposure.ts';
import { insertUser } from '../src/seed/factories.ts';
import { DEMO_PASSWORD } from '../src/seed/fixtures/accounts.ts';
import { openTestDatabase } from './support/database.ts';

// Issue 9: the single-machine conveniences (published demo password, /dev/mail) stay on the machine.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await insertUser(database.db, { email: 'admin@example.com', role: 'admin', password: DEMO_PASSWORD });
  await insertUser(database.db, { email: 'buyer@example.com', role: 'buyer', password: DEMO_PASSWORD });
});
afterAll(() => database.close());

const withMail = { SMTP_URL: 'smtp://mail.internal:25' };

describe('listening beyond loopback', () => {
  it('is refused while demo accounts accept the published password, saying what to set', async () => {
    const problem = await networkExposureProblem(loadConfig({ HOST: '0.0.0.0', ...withMail }), database.db);
    expect(problem).toBe(
      'Canopy will not listen on HOST=0.0.0.0, where other machines can reach it, while demo accounts with the password published in the README exist (admin@example.com, buyer@example.com). Set HOST=127.0.0.1 to keep it on this machine; to serve other machines, start on a database without them (a new DATA_DIR or database with SEED_DEMO=false), or give each of them a new password.',
    );
  });

  it('is refused while /dev/mail is on, and names both problems when both hold', async () => {
    const problem = await networkExposureProblem(loadConfig({ HOST: '192.168.1.20' }), database.db);
    expect(problem).toContain(
      'while /dev/mail is on (it shows every e-mail, password-reset links included) and demo accounts with the password published in the README exist',
    );
    expect(problem).toContain(
      'set SMTP_URL to send mail through a real mail server (or NODE_ENV=production), and start',
    );
  });

  it('is allowed on loopback whatever the data, and elsewhere once the demo passwords are gone', async () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) {
      expect(await networkExposureProblem(loadConfig({ HOST: host }), database.db)).toBeNull();
    }
    const changed = await hashPassword('a-private-password');
    await database.db
      .update(users)
      .set({ passwordHash: changed })
      .where(eq(users.email, 'admin@example.com'));
    await database.db
      .update(users)
      .set({ passwordHash: changed })
      .where(eq(users.email, 'buyer@example.com'));
    expect(
      await networkExposureProblem(loadConfig({ HOST: '0.0.0.0', ...withMail }), database.db),
    ).toBeNull();
    expect(
      await networkExposureProblem(loadConfig({ HOST: '0.0.0.0', NODE_ENV: 'production' }), database.db),
    ).toBeNull();
  });
});
