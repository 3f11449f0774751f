import type { LicenseCheck, LicenseFilter, LicenseHolder } from '@canopy/shared';
import { and, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type LicenseRow, licenses, type UserRow, users } from '../../db/schema/index.ts';
import { isBusinessRow } from '../../lib/business-rows.ts';
import {
  licenseCheck,
  normalisedLicenseNumber,
  normaliseLicenseNumber,
  verdictFrom,
} from '../licenses/index.ts';

// The license column of the admin user list: the registry verdict of many accounts at once, in
// two queries whatever the number of rows (registry entries, then everyone holding the numbers).

/** Each trader's license check, keyed by user id; admins have no license and get none. */
export async function licenseChecksFor(db: Db, rows: readonly UserRow[]): Promise<Map<string, LicenseCheck>> {
  const traders = rows.filter((row) => row.role !== 'admin');
  const numbers = [...new Set(traders.map((row) => normaliseLicenseNumber(row.licenseNumber)))];
  if (numbers.length === 0) return new Map();
  const [registryRows, holderRows] = await Promise.all([
    db.select().from(licenses).where(inArray(licenses.licenseNumber, numbers)),
    db
      .select({
        id: users.id,
        email: users.email,
        businessName: users.businessName,
        status: users.status,
        number: normalisedLicenseNumber,
      })
      .from(users)
      .where(and(inArray(normalisedLicenseNumber, numbers), ne(users.status, 'rejected'), isBusinessRow())),
  ]);
  const registry = new Map<string, LicenseRow>(registryRows.map((row) => [row.licenseNumber, row]));
  const holders = new Map<string, (LicenseHolder & { number: string })[]>();
  for (const { id, number, ...holder } of holderRows) {
    const key = String(number);
    holders.set(key, [...(holders.get(key) ?? []), { _id: id, number: key, ...holder }]);
  }
  const today = new Date().toISOString().slice(0, 10);
  return new Map(
    traders.map((row) => {
      const number = normaliseLicenseNumber(row.licenseNumber);
      const others = (holders.get(number) ?? [])
        .filter((holder) => holder._id !== row.id)
        .map(({ number: _number, ...holder }) => holder);
      return [row.id, licenseCheck(verdictFrom(row, registry.get(number) ?? null, others, today))];
    }),
  );
}

/** Whether a check passes the list's license filter. */
export function matchesLicenseFilter(check: LicenseCheck | undefined, filter: LicenseFilter): boolean {
  if (!check) return false;
  if (filter === 'clear') return check.clear;
  if (filter === 'attention') return !check.clear;
  return check.flags.includes(filter);
}
