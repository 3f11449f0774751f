import { type AdminCompanyLicenseDto, COMPANY_LICENSES, REVIEW, type UserStatus } from '@canopy/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { companyLicenses, type UserRow, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAdminAction } from '../audit/index.ts';
import { licenseCheck, licenseVerdict } from '../licenses/index.ts';
import { addedLicense, presentCompanyLicense } from './licenses.ts';

// The admin's review of licenses a company added (decision 209): a queue beside the accounts',
// each with its own registry verdict, approved or rejected as accounts are (decisions 080, 081):
// approving against an unclear verdict and rejecting both need a reason, and both are audited.

/** Added licenses in a status (the queue is the pending ones), oldest first, with their verdicts. */
export async function licensesForReview(db: Db, status: UserStatus): Promise<AdminCompanyLicenseDto[]> {
  const rows = await db
    .select({ license: companyLicenses, company: users })
    .from(companyLicenses)
    .innerJoin(users, eq(users.id, companyLicenses.companyId))
    .where(eq(companyLicenses.status, status))
    .orderBy(asc(companyLicenses.createdAt), asc(companyLicenses.id))
    .limit(200);
  return Promise.all(
    rows.map(async ({ license, company }) => ({
      ...presentCompanyLicense(addedLicense(license)),
      companyId: company.id,
      businessName: company.businessName,
      companyStatus: company.status,
      createdAt: license.createdAt.toISOString(),
      licenseCheck: licenseCheck(await verdictOf(db, license, company)),
    })),
  );
}

const verdictOf = (
  db: Db,
  license: { id: string; licenseNumber: string },
  company: Pick<UserRow, 'id' | 'businessName'>,
) =>
  licenseVerdict(db, {
    id: company.id,
    licenseId: license.id,
    licenseNumber: license.licenseNumber,
    businessName: company.businessName,
  });

/** Approves or rejects one pending added license; the company's own status is not touched. */
export async function decideLicense(
  ctx: AppContext,
  admin: Pick<UserRow, 'id' | 'email'>,
  licenseId: string,
  approve: boolean,
  reason: string | null,
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ license: companyLicenses, company: users })
      .from(companyLicenses)
      .innerJoin(users, eq(users.id, companyLicenses.companyId))
      .where(eq(companyLicenses.id, licenseId))
      .for('update', { of: companyLicenses })
      .limit(1);
    if (!found) throw notFound(COMPANY_LICENSES.notFound);
    const { license, company } = found;
    if (license.status !== 'pending') throw badRequest(COMPANY_LICENSES.notPending);
    const verdict = await verdictOf(tx, license, company);
    const check = licenseCheck(verdict);
    if (!reason && !approve) throw badRequest(REVIEW.reasonRequired);
    if (!reason && !check.clear) throw badRequest(REVIEW.approvalNeedsReason, { licenseCheck: check });
    const status = approve ? 'verified' : 'rejected';
    await tx
      .update(companyLicenses)
      .set({ status, reviewReason: reason, reviewedAt: new Date(), reviewedBy: admin.id })
      .where(and(eq(companyLicenses.id, license.id), eq(companyLicenses.status, 'pending')));
    await recordAdminAction(tx, admin, {
      action: approve ? 'company_license.approve' : 'company_license.reject',
      targetType: 'user',
      targetId: company.id,
      targetLabel: company.email,
      before: { licenseId: license.id, licenseNumber: license.licenseNumber, status: license.status },
      after: { licenseId: license.id, status, license: verdict, licenseCheck: check },
      reason,
    });
  });
}
