import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { insertUser, type UserSeed } from '../db/factories.ts';
import { type UserRow, users } from '../db/schema/index.ts';
import { samplePdf } from '../lib/sample-pdf.ts';
import { importRegistryCsv } from '../modules/licenses/registry-import.ts';
import { seedDemoListings } from '../modules/listings/demo-listings.ts';

export const SAMPLE_REGISTRY_CSV = path.resolve(
  import.meta.dirname,
  '../../fixtures/dcc-licenses-sample.csv',
);

/** The demo accounts the README lists; one password for all of them. */
export const DEMO_PASSWORD = 'canopy-demo';

export const DEMO_ACCOUNTS: (UserSeed & { email: string })[] = [
  {
    email: 'admin@example.com',
    role: 'admin',
    businessName: 'Canopy Operations',
    contactName: 'Avery Admin',
  },
  {
    email: 'seller@example.com',
    role: 'seller',
    businessName: 'Emerald Ridge Farms',
    contactName: 'Sam Rivera',
    licenseNumber: 'CCL21-0001234',
    licenseType: 'Adult-Use Cultivation',
    county: 'Humboldt',
    city: 'Eureka',
    zipCode: '95501',
  },
  {
    email: 'buyer@example.com',
    role: 'buyer',
    businessName: 'Golden Coast Dispensary',
    contactName: 'Jordan Lee',
    licenseNumber: 'C10-0000456-LIC',
    licenseType: 'Adult-Use Retail',
    county: 'Los Angeles',
    city: 'Los Angeles',
    zipCode: '90012',
  },
  {
    email: 'pending@example.com',
    role: 'seller',
    status: 'pending',
    businessName: 'Sierra Sun Growers',
    contactName: 'Casey Morgan',
    licenseNumber: 'CCL23-0009876',
    licenseType: 'Medicinal Cultivation',
    county: 'Nevada',
    city: 'Grass Valley',
    zipCode: '95945',
  },
  {
    email: 'seller2@example.com',
    role: 'seller',
    businessName: 'Golden State Extracts',
    contactName: 'Morgan Chen',
    licenseNumber: 'CDPH-10004321',
    licenseType: 'Adult-Use Manufacturing',
    county: 'Los Angeles',
    city: 'Los Angeles',
    zipCode: '90021',
  },
  {
    email: 'seller3@example.com',
    role: 'seller',
    businessName: 'Mendocino Heritage Co-op',
    contactName: 'Rowan Ellis',
    licenseNumber: 'CCL22-0005678',
    licenseType: 'Adult-Use Cultivation',
    county: 'Mendocino',
    city: 'Ukiah',
    zipCode: '95482',
  },
];

/** Fills an empty database with the demo accounts; does nothing when any user exists. */
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
