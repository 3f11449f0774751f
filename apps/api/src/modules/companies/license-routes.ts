import { addLicenseSchema, COMPANY_LICENSES, companyContracts } from '@canopy/shared';
import { and, eq } from 'drizzle-orm';
import { companyLicenses as companyLicenseRows } from '../../db/schema/index.ts';
import { parse, route } from '../../http/route-table.ts';
import { notFound } from '../../lib/errors.ts';
import { discardTemp } from '../../lib/uploads.ts';
import { readLicenseForm } from '../auth/index.ts';
import { addCompanyLicense } from './add-license.ts';
import { decideLicense, licensesForReview } from './license-review.ts';
import { companyLicenses, presentCompanyLicense } from './licenses.ts';

// A company's several licenses (issue 28 item 5, decision 209): adding one, listing them, their
// documents, and the admin's review of the added ones.

export const companyLicenseRoutes = [
  route({
    ...companyContracts.addLicense,
    access: 'session',
    rateLimitPerMinute: 20,
  }).handle(async ({ request, reply, ctx, auth }) => {
    const { fields, document } = await readLicenseForm(request);
    try {
      const license = await addCompanyLicense(ctx, auth, parse(addLicenseSchema, fields), document);
      reply.status(201);
      return { success: true, message: COMPANY_LICENSES.added, data: presentCompanyLicense(license) };
    } finally {
      await discardTemp(document);
    }
  }),
  route({
    ...companyContracts.licenses,
    access: 'session',
  }).handle(async ({ ctx, auth }) => ({
    success: true,
    data: (await companyLicenses(ctx.database.db, auth.user.id)).map(presentCompanyLicense),
  })),
  // Private, as the main license's document is: the company's members and admins only.
  route({
    ...companyContracts.licenseDocument,
    access: 'session',
  }).handle(async ({ params: { id }, reply, ctx, auth }) => {
    const admin = auth.user.role === 'admin';
    const [license] = await ctx.database.db
      .select()
      .from(companyLicenseRows)
      .where(
        and(
          eq(companyLicenseRows.id, id),
          admin ? undefined : eq(companyLicenseRows.companyId, auth.user.id),
        ),
      )
      .limit(1);
    const file = license ? await ctx.privateFiles.read(license.documentKey) : null;
    if (!license || !file) throw notFound(COMPANY_LICENSES.notFound);
    const extension = license.documentKey.split('.').pop() ?? 'bin';
    return reply
      .header('content-type', license.documentType)
      .header('content-length', file.size)
      .header('content-disposition', `inline; filename="license-document.${extension}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
  }),
  route({
    ...companyContracts.adminLicenses,
    access: 'admin',
  }).handle(async ({ query, ctx }) => ({
    success: true,
    data: await licensesForReview(ctx.database.db, query.status),
  })),
  route({
    ...companyContracts.approveLicense,
    access: 'admin',
  }).handle(async ({ params: { id }, body: { reason }, ctx, auth }) => {
    await decideLicense(ctx, auth.user, id, true, reason);
    return { success: true, message: COMPANY_LICENSES.approved };
  }),
  route({
    ...companyContracts.rejectLicense,
    access: 'admin',
  }).handle(async ({ params: { id }, body: { reason }, ctx, auth }) => {
    await decideLicense(ctx, auth.user, id, false, reason);
    return { success: true, message: COMPANY_LICENSES.rejected };
  }),
];
