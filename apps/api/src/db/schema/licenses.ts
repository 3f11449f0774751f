import { date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * The state regulator's license list (Department of Cannabis Control export), loaded with
 * `npm run licenses:import`. Keyed by the license number as the regulator writes it, upper-cased.
 */
export const licenses = pgTable(
  'licenses',
  {
    licenseNumber: text('license_number').primaryKey(),
    status: text('status').notNull().default(''),
    licenseType: text('license_type').notNull().default(''),
    legalName: text('legal_name').notNull().default(''),
    dbaName: text('dba_name').notNull().default(''),
    county: text('county').notNull().default(''),
    issuedOn: date('issued_on'),
    expiresOn: date('expires_on'),
    importedAt: timestamptz('imported_at').notNull().defaultNow(),
  },
  (table) => [index('licenses_expires_on_idx').on(table.expiresOn)],
);

export type LicenseRow = typeof licenses.$inferSelect;
