import { FULFILMENT, fulfilmentContracts } from '@canopy/shared';
import { route } from '../../http/route-table.ts';
import { presentOrder, visibleOrder } from '../deals/index.ts';
import { correctInvoice } from './invoice-correct.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { visibleInvoice } from './invoice-read.ts';
import { manifestCsv, manifestOf, manifestPdf } from './manifest.ts';
import { scheduleOrder } from './schedule.ts';

// Issue 23's wire contract for what follows an accepted order: scheduling, the invoice and the
// manifest. Who may do each is the order's policy table (deals/policy.ts); the shapes are in
// @canopy/shared (fulfilment/schemas.ts).

/** Fifty packages and a few names: 32 kB is far more than any honest body. */
const FULFILMENT_BODY_LIMIT = 32 * 1024;

/** A paper of the parties' trade: theirs only, never cached along the way. */
const privateFile = (type: string, filename: string) => ({
  'content-type': type,
  'content-disposition': `inline; filename="${filename}"`,
  'cache-control': 'private, no-store',
});

export const fulfilmentRoutes = [
  route({
    ...fulfilmentContracts.scheduleOrder,
    access: 'verified',
    bodyLimit: FULFILMENT_BODY_LIMIT,
  }).handle(async ({ params: { id }, body, ctx, auth }) => {
    const { order, rescheduled } = await scheduleOrder(ctx, auth, id, body);
    return {
      success: true,
      message: rescheduled ? FULFILMENT.rescheduled : FULFILMENT.scheduled,
      data: presentOrder(order),
    };
  }),
  route({
    ...fulfilmentContracts.invoice,
    access: 'verified',
  }).handle(async ({ params: { id }, ctx, auth }) => ({
    success: true,
    data: (await visibleInvoice(ctx.database.db, auth.user, id)).invoice,
  })),
  route({
    ...fulfilmentContracts.invoicePdf,
    access: 'verified',
  }).handle(async ({ params: { id }, reply, ctx, auth }) => {
    const { order, invoice } = await visibleInvoice(ctx.database.db, auth.user, id);
    const pdf = await invoicePdf(order, invoice);
    return reply
      .headers(privateFile('application/pdf', `${invoice.number}-v${invoice.version}.pdf`))
      .send(Buffer.from(pdf));
  }),
  route({
    ...fulfilmentContracts.correctInvoice,
    access: 'verified',
    bodyLimit: FULFILMENT_BODY_LIMIT,
  }).handle(async ({ params: { id }, body, reply, ctx, auth }) => {
    await correctInvoice(ctx, auth, id, body);
    reply.status(201);
    return {
      success: true,
      message: FULFILMENT.corrected,
      data: (await visibleInvoice(ctx.database.db, auth.user, id)).invoice,
    };
  }),
  route({
    ...fulfilmentContracts.manifestPdf,
    access: 'verified',
  }).handle(async ({ params: { id }, reply, ctx, auth }) => {
    const order = await visibleOrder(ctx.database.db, auth.user, id);
    const pdf = await manifestPdf(await manifestOf(ctx.database.db, order));
    return reply
      .headers(privateFile('application/pdf', `${order.number}-manifest.pdf`))
      .send(Buffer.from(pdf));
  }),
  route({
    ...fulfilmentContracts.manifestCsv,
    access: 'verified',
  }).handle(async ({ params: { id }, reply, ctx, auth }) => {
    const order = await visibleOrder(ctx.database.db, auth.user, id);
    const csv = manifestCsv(await manifestOf(ctx.database.db, order));
    return reply
      .headers({
        ...privateFile('text/csv; charset=utf-8', `${order.number}-manifest.csv`),
        'content-disposition': `attachment; filename="${order.number}-manifest.csv"`,
      })
      .send(csv);
  }),
];
