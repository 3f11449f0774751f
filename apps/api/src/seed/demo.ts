import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { type UserRow, users } from '../db/schema/index.ts';
import { FIXTURES_DIR } from '../locations.ts';
import { importRegistryCsv } from '../modules/licenses/index.ts';
import { seedDemoListings } from './demo-listings.ts';
import { insertUser } from './factories.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './fixtures/accounts.ts';
import { samplePdf } from './sample-files.ts';

// The demo that `npm start` puts into an empty database (SEED_DEMO): README's accounts, about
// forty listings with media, and a small fictional license registry.

export const SAMPLE_REGISTRY_CSV = path.join(FIXTURES_DIR, 'dcc-licenses-sample.csv');

/** Fills an empty database with the demo; does nothing when any user exists. */
export async function seedDemoData(ctx: AppContext): Promise<boolean> {
  const { db } = ctx.database;
  const [existing] = await db.select({ total: count() }).from(users);
  if ((existing?.total ?? 0) > 0) return false;
  const sellers: UserRow[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const licenseDocumentKey =
      account.role === 'admin' ? null : `license-documents/demo/${account.email}.pdf`;
    if (licenseDocumentKey) {
      await ctx.privateFiles.putBuffer(
        licenseDocumentKey,
        samplePdf(`${account.businessName} - license ${account.licenseNumber}`),
        'application/pdf',
      );
    }
    const user = await insertUser(db, { ...account, password: DEMO_PASSWORD, licenseDocumentKey });
    if (user.role === 'seller' && user.status === 'verified') sellers.push(user);
  }
  await seedDemoListings(ctx, sellers);
  // A small fictional registry export, so the admin sees license verdicts out of the box.
  await importRegistryCsv(db, await readFile(SAMPLE_REGISTRY_CSV, 'utf8'));
  return true;
}
