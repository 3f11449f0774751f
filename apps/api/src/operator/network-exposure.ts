import { inArray } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { devMailEnabled, isLoopbackAddress } from '../modules/dev-mail/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed/fixtures/accounts.ts';

// The single-machine defaults are safe only on the machine itself: the demo accounts' password is
// printed in the README, and /dev/mail hands out every reset link. Before the server listens on an
// address other machines can reach, it checks that neither is present (decision 051).

export const isLoopbackHost = (host: string) => host.toLowerCase() === 'localhost' || isLoopbackAddress(host);

/** Demo accounts that still accept the published password. */
async function openDemoAccounts(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((account) => account.email),
      ),
    );
  const open: string[] = [];
  for (const row of rows) if (await verifyPassword(row.passwordHash, DEMO_PASSWORD)) open.push(row.email);
  return open.sort();
}

/** Why the server must not listen on config.host, or null when it may. */
export async function networkExposureProblem(config: Config, db: Db): Promise<string | null> {
  if (isLoopbackHost(config.host)) return null;
  const reasons: string[] = [];
  const fixes: string[] = [];
  if (devMailEnabled(config)) {
    reasons.push('/dev/mail is on (it shows every e-mail, password-reset links included)');
    fixes.push('set SMTP_URL to send mail through a real mail server (or NODE_ENV=production)');
  }
  const demo = await openDemoAccounts(db);
  if (demo.length > 0) {
    reasons.push(`demo accounts with the password published in the README exist (${demo.join(', ')})`);
    fixes.push(
      'start on a database without them (a new DATA_DIR or database with SEED_DEMO=false), or give each of them a new password',
    );
  }
  if (reasons.length === 0) return null;
  return `Canopy will not listen on HOST=${config.host}, where other machines can reach it, while ${reasons.join(' and ')}. Set HOST=127.0.0.1 to keep it on this machine; to serve other machines, ${fixes.join(', and ')}.`;
}
