import {
  type LicenseCheck,
  type LicenseFlag,
  type LicenseHolder,
  type LicenseVerdict,
  REVIEW,
} from '@canopy/shared';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyLicenses } from '../../db/schema/companies.ts';
import { type LicenseRow, licenses } from '../../db/schema/licenses.ts';
import { users } from '../../db/schema/users.ts';
import { isBusinessRow } from '../../lib/business-rows.ts';
import { conflict } from '../../lib/errors.ts';
import { classifyLicenseNumber } from './license-format.ts';
import { nameMatchLevel, nameSimilarity } from './name-match.ts';

export const UNKNOWN_FORMAT_WARNING =
  'This license number does not look like any California cannabis license format. Check it by hand.';

/**
 * A user's license number as the registry writes it (see normaliseLicenseNumber), in SQL. The
 * users table has an index on this expression (migration 0008), so looking up who else holds a
 * number is cheap.
 */
export const normalisedLicenseNumber: SQL = sql`upper(regexp_replace(${users.licenseNumber}, '\\s', '', 'g'))`;

/**
 * Other accounts holding this license number, as their main license or as one a company added
 * (decision 209). Rejected accounts and licenses do not count: a refused impostor must not block
 * the license's real holder from registering (decision 080).
 */
export async function licenseHolders(
  db: Db,
  licenseNumber: string,
  exceptUserId?: string,
  exceptLicenseId?: string,
): Promise<LicenseHolder[]> {
  const normalised = classifyLicenseNumber(licenseNumber).normalised;
  const added = await db
    .select({
      id: users.id,
      email: users.email,
      businessName: users.businessName,
      status: companyLicenses.status,
    })
    .from(companyLicenses)
    .innerJoin(users, eq(users.id, companyLicenses.companyId))
    .where(
      and(
        sql`upper(regexp_replace(${companyLicenses.licenseNumber}, '\\s', '', 'g')) = ${normalised}`,
        ne(companyLicenses.status, 'rejected'),
        exceptLicenseId ? ne(companyLicenses.id, exceptLicenseId) : undefined,
      ),
    )
    .orderBy(companyLicenses.createdAt);
  const main = await db
    .select({ id: users.id, email: users.email, businessName: users.businessName, status: users.status })
    .from(users)
    .where(
      and(
        sql`${normalisedLicenseNumber} = ${normalised}`,
        ne(users.status, 'rejected'),
        // A member's login may carry the number of a business it left (decision 205).
        isBusinessRow(),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .orderBy(users.createdAt);
  return [...main, ...added].map(({ id, ...holder }) => ({ _id: id, ...holder }));
}

/**
 * Refuses a license number another (not rejected) account holds (decision 080). Inside a
 * transaction it first takes a lock on the number until commit, so two registrations with the
 * same number at the same moment cannot both pass the check.
 */
export async function assertLicenseNumberFree(db: Db, licenseNumber: string, exceptUserId?: string) {
  const key = `license:${classifyLicenseNumber(licenseNumber).normalised}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  if ((await licenseHolders(db, licenseNumber, exceptUserId)).length > 0) throw conflict(REVIEW.licenseTaken);
}

interface LicensedUser {
  /** Present for a stored account, so it is not counted as a holder of its own number. */
  id?: string;
  /** Present for a license a company added, so that one is not counted either. */
  licenseId?: string;
  licenseNumber: string;
  businessName: string;
}

/** The verdict from a registry row (or none) and the other holders, without reading anything. */
export function verdictFrom(
  user: LicensedUser,
  row: LicenseRow | null,
  duplicates: LicenseHolder[],
  today = new Date().toISOString().slice(0, 10),
): LicenseVerdict {
  const format = classifyLicenseNumber(user.licenseNumber);
  const verdict = {
    licenseNumber: format.normalised,
    format: {
      recognised: format.recognised,
      kind: format.kind,
      warning: format.recognised ? null : UNKNOWN_FORMAT_WARNING,
    },
    duplicates,
  };
  if (!row) return { ...verdict, registry: { found: false } };
  const legal = nameSimilarity(user.businessName, row.legalName);
  const dba = nameSimilarity(user.businessName, row.dbaName);
  const score = Math.max(legal, dba);
  return {
    ...verdict,
    registry: {
      found: true,
      status: row.status,
      active: /^active$/i.test(row.status.trim()),
      licenseType: row.licenseType,
      legalName: row.legalName,
      dbaName: row.dbaName,
      county: row.county,
      issuedOn: row.issuedOn,
      expiresOn: row.expiresOn,
      expired: row.expiresOn !== null && row.expiresOn < today,
      nameMatch: {
        score: Math.round(score * 100) / 100,
        level: nameMatchLevel(score),
        matchedOn: dba > legal ? 'dba' : 'legal',
      },
    },
  };
}

export async function licenseVerdict(
  db: Db,
  user: LicensedUser,
  today = new Date().toISOString().slice(0, 10),
): Promise<LicenseVerdict> {
  const normalised = classifyLicenseNumber(user.licenseNumber).normalised;
  const [[row], duplicates] = await Promise.all([
    db.select().from(licenses).where(eq(licenses.licenseNumber, normalised)).limit(1),
    licenseHolders(db, user.licenseNumber, user.licenseId ? undefined : user.id, user.licenseId),
  ]);
  return verdictFrom(user, row ?? null, duplicates, today);
}

/**
 * The verdict reduced to what can be wrong. "Clear" means what an admin may approve on one
 * click: found, active, not expired, the name an exact or close match, and nobody else holding
 * the number. Anything else needs a written reason to approve (decision 080).
 */
export function licenseCheck(verdict: LicenseVerdict): LicenseCheck {
  const flags: LicenseFlag[] = [];
  const { registry } = verdict;
  if (!registry.found) flags.push('not_found');
  else {
    if (!registry.active) flags.push('inactive');
    if (registry.expired) flags.push('expired');
    if (registry.nameMatch.level === 'partial' || registry.nameMatch.level === 'none')
      flags.push('name_mismatch');
  }
  if (verdict.duplicates.length > 0) flags.push('duplicate');
  return {
    clear: flags.length === 0,
    flags,
    registryStatus: registry.found ? registry.status : null,
    nameMatch: registry.found ? { level: registry.nameMatch.level, score: registry.nameMatch.score } : null,
  };
}
