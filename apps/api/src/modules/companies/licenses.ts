import { type CompanyLicenseDto, type Permission, roleForbids } from '@canopy/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type CompanyLicenseRow,
  companyLicenses as companyLicenseRows,
  users,
} from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { SessionUser } from '../../lib/session.ts';

/** One license a company holds, as the company page shows it. */
export interface CompanyLicense {
  id: string;
  licenseNumber: string;
  licenseType: string;
  address: { street: string; city: string; county: string; state: string; zipCode: string };
  status: 'pending' | 'verified' | 'rejected' | 'suspended';
  /** The main license is the one registration gave; it lives on the company's own row (decision 201). */
  main: boolean;
}

/** An added license as the company page shows it. */
export const addedLicense = (row: CompanyLicenseRow): CompanyLicense => ({
  id: row.id,
  licenseNumber: row.licenseNumber,
  licenseType: row.licenseType,
  address: { street: row.street, city: row.city, county: row.county, state: row.state, zipCode: row.zipCode },
  status: row.status,
  main: false,
});

/**
 * The licenses a company holds, the main one first, then the added ones in the order they were
 * added (decision 209). The main license's id is the company's id, as the company's own id is its
 * founding login's (decision 201); its status is the company's review status.
 */
export async function companyLicenses(db: Db, companyId: string): Promise<CompanyLicense[]> {
  const [[company], added] = await Promise.all([
    db.select().from(users).where(eq(users.id, companyId)).limit(1),
    db
      .select()
      .from(companyLicenseRows)
      .where(eq(companyLicenseRows.companyId, companyId))
      .orderBy(asc(companyLicenseRows.createdAt), asc(companyLicenseRows.id)),
  ]);
  if (!company) return [];
  return [
    {
      id: company.id,
      licenseNumber: company.licenseNumber,
      licenseType: company.licenseType,
      address: {
        street: company.street,
        city: company.city,
        county: company.county,
        state: company.state,
        zipCode: company.zipCode,
      },
      status: company.status,
      main: true,
    },
    ...added.map(addedLicense),
  ];
}

export const presentCompanyLicense = ({ id, ...license }: CompanyLicense): CompanyLicenseDto => ({
  _id: id,
  ...license,
});

/**
 * The license a listing ships from or an order is received at: null (or the company's own id) is
 * the main license; anything else must be one of the company's added licenses an admin verified.
 * Returns what is stored (null for the main one).
 */
export async function verifiedLicenseOf(
  db: Db,
  companyId: string,
  licenseId: string | null | undefined,
  refusal: string,
): Promise<string | null> {
  if (!licenseId || licenseId === companyId) return null;
  if (!isUuid(licenseId)) throw badRequest(refusal);
  const [row] = await db
    .select({ id: companyLicenseRows.id })
    .from(companyLicenseRows)
    .where(
      and(
        eq(companyLicenseRows.id, licenseId),
        eq(companyLicenseRows.companyId, companyId),
        eq(companyLicenseRows.status, 'verified'),
      ),
    )
    .limit(1);
  if (!row) throw badRequest(refusal);
  return row.id;
}

/** Throws the 403 that names what the member's role may not do (decision 201). */
export function requirePermission(auth: SessionUser, permission: Permission): void {
  if (auth.member && !auth.member.permissions.includes(permission)) {
    throw new AppError('FORBIDDEN', roleForbids(auth.member.role, permission));
  }
}
