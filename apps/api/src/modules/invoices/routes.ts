import { invoiceContracts } from '@canopy/shared';
import { paginated } from '../../http/pagination.ts';
import { route } from '../../http/route-table.ts';
import { buyerRecord } from './buyer-record.ts';
import { invoiceExportPage, invoicesCsv, listInvoices, sideOf } from './invoice-list.ts';
import { recordPayment, visibleStanding } from './payments.ts';

// Issue 23 items 5 and 7: payments against an order's invoice, and the receivables and payables
// with their CSV. The shapes are in @canopy/shared (invoices/); the rules in the files beside.

/** A payment is four short fields: 4 kB is plenty. */
const PAYMENT_BODY_LIMIT = 4 * 1024;

export const invoiceRoutes = [
  route({
    ...invoiceContracts.payments,
    access: 'verified',
  }).handle(async ({ params: { id }, ctx, auth }) => ({
    success: true,
    data: await visibleStanding(ctx.database.db, auth.user, id),
  })),
  route({
    ...invoiceContracts.recordPayment,
    access: 'verified',
    bodyLimit: PAYMENT_BODY_LIMIT,
  }).handle(async ({ params: { id }, body, ctx, auth }) => ({
    success: true,
    data: await recordPayment(ctx.database.db, auth, id, body),
  })),
  route({
    ...invoiceContracts.invoices,
    access: 'verified',
  }).handle(async ({ query, ctx, auth }) => {
    const db = ctx.database.db;
    const { side, rows, total, totals } = await listInvoices(db, auth.user, query);
    // The payables show the buyer their own record, as a seller would see it on an offer.
    const record =
      side === 'buyer' && auth.user.role !== 'admin' ? await buyerRecord(db, auth.user.id) : undefined;
    return {
      ...paginated(rows, query, total),
      totals,
      ...(record === undefined ? {} : { buyerRecord: record }),
    };
  }),
  route({
    ...invoiceContracts.invoicesCsv,
    access: 'verified',
  }).handle(async ({ query, reply, ctx, auth }) => {
    const csv = await invoicesCsv(ctx.database.db, auth.user, query);
    const stamp = new Date().toISOString().slice(0, 10);
    const kind = sideOf(auth.user, query.role) === 'seller' ? 'receivables' : 'payables';
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="canopy-${kind}-${stamp}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  }),
  route({
    ...invoiceContracts.invoicesExport,
    access: 'verified',
  }).handle(async ({ query, ctx, auth }) => ({
    success: true,
    ...(await invoiceExportPage(ctx.database.db, auth.user, query)),
  })),
];
