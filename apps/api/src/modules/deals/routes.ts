import { DEALS, dealContracts } from '@canopy/shared';
import { paginated } from '../../http/pagination.ts';
import { route } from '../../http/route-table.ts';
import { buyerRecord } from '../invoices/index.ts';
import { orderConfirmationPdf } from './confirmation-pdf.ts';
import {
  acceptOffer,
  approveOffer,
  counterOffer,
  createOffer,
  declineApproval,
  declineOffer,
  offerSentMessage,
  withdrawOffer,
} from './offers.ts';
import { ordersCsv } from './order-export.ts';
import { changeOrderStatus } from './orders.ts';
import { presentOffer, presentOrder } from './presenter.ts';
import { dealsSummary, listOffers, listOrders, visibleOffer, visibleOrder } from './read-model.ts';
import { reorder } from './reorder.ts';

// Issue 14's wire contract: offers, their answers and the orders they become. Every request and
// response shape is in @canopy/shared (deals/schemas.ts); the services check every transition.

/** An offer's note is at most 1,000 characters: 16 kB is far more than any honest body. */
const DEAL_BODY_LIMIT = 16 * 1024;

export const dealRoutes = [
  route({
    ...dealContracts.makeOffer,
    access: 'buyer',
    bodyLimit: DEAL_BODY_LIMIT,
    rateLimitPerMinute: 60,
    rateLimitBy: 'session',
    idempotent: true,
  }).handle(async ({ body, reply, ctx, auth }) => {
    const offer = await createOffer(ctx, auth, body);
    reply.status(201);
    return {
      success: true,
      message: offerSentMessage(offer, auth, DEALS.offerSent),
      data: presentOffer(offer),
    };
  }),
  route({
    ...dealContracts.offers,
    access: 'verified',
  }).handle(async ({ query, ctx, auth }) => {
    const { rows, total } = await listOffers(ctx.database.db, auth.user, query);
    return paginated(rows.map(presentOffer), query, total);
  }),
  route({
    ...dealContracts.offer,
    access: 'verified',
  }).handle(async ({ params: { id }, ctx, auth }) => {
    const offer = await visibleOffer(ctx.database.db, auth.user, id);
    if (offer.sellerId !== auth.user.id) return { success: true, data: presentOffer(offer) };
    // The seller weighs the buyer's record of paying (issue 23 item 7); nobody else is shown it.
    const record = await buyerRecord(ctx.database.db, offer.buyerId);
    return { success: true, data: { ...presentOffer(offer), buyerRecord: record } };
  }),
  route({
    ...dealContracts.acceptOffer,
    access: 'verified',
  }).handle(async ({ params: { id }, ctx, auth }) => {
    const { offer, order } = await acceptOffer(ctx, auth, id);
    return {
      success: true,
      message: DEALS.offerAccepted,
      data: { offer: presentOffer(offer), order: presentOrder(order) },
    };
  }),
  route({
    ...dealContracts.declineOffer,
    access: 'verified',
    bodyLimit: DEAL_BODY_LIMIT,
  }).handle(async ({ params: { id }, body, ctx, auth }) => {
    const offer = await declineOffer(ctx, auth, id, body);
    return { success: true, message: DEALS.offerDeclined, data: presentOffer(offer) };
  }),
  route({
    ...dealContracts.withdrawOffer,
    access: 'verified',
  }).handle(async ({ params: { id }, ctx, auth }) => {
    const offer = await withdrawOffer(ctx, auth, id);
    return { success: true, message: DEALS.offerWithdrawn, data: presentOffer(offer) };
  }),
  route({
    ...dealContracts.counterOffer,
    access: 'verified',
    bodyLimit: DEAL_BODY_LIMIT,
    rateLimitPerMinute: 60,
    rateLimitBy: 'session',
  }).handle(async ({ params: { id }, body, reply, ctx, auth }) => {
    const offer = await counterOffer(ctx, auth, id, body);
    reply.status(201);
    return {
      success: true,
      message: offerSentMessage(offer, auth, DEALS.counterSent),
      data: presentOffer(offer),
    };
  }),
  route({
    ...dealContracts.approveOffer,
    access: 'verified',
  }).handle(async ({ params: { id }, ctx, auth }) => {
    const offer = await approveOffer(ctx, auth, id);
    return { success: true, message: DEALS.offerApproved, data: presentOffer(offer) };
  }),
  route({
    ...dealContracts.declineApproval,
    access: 'verified',
    bodyLimit: DEAL_BODY_LIMIT,
  }).handle(async ({ params: { id }, body, ctx, auth }) => {
    const offer = await declineApproval(ctx, auth, id, body);
    return { success: true, message: DEALS.approvalDeclined, data: presentOffer(offer) };
  }),
  route({
    ...dealContracts.orders,
    access: 'verified',
  }).handle(async ({ query, ctx, auth }) => {
    const { rows, total, totalValue } = await listOrders(ctx.database.db, auth.user, query);
    return { ...paginated(rows.map(presentOrder), query, total), totalValue };
  }),
  // Issue 24 item 4 (decision 231): the company's orders, line by line, for its books.
  route({
    ...dealContracts.ordersCsv,
    access: 'verified',
  }).handle(async ({ reply, ctx, auth }) => {
    const csv = await ordersCsv(ctx.database.db, auth.user.id);
    const stamp = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="canopy-orders-${stamp}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  }),
  route({
    ...dealContracts.order,
    access: 'verified',
  }).handle(async ({ params: { id }, ctx, auth }) => ({
    success: true,
    data: presentOrder(await visibleOrder(ctx.database.db, auth.user, id)),
  })),
  route({
    ...dealContracts.confirmationPdf,
    access: 'verified',
  }).handle(async ({ params: { id }, reply, ctx, auth }) => {
    const order = await visibleOrder(ctx.database.db, auth.user, id);
    const pdf = await orderConfirmationPdf(order);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${order.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  }),
  route({
    ...dealContracts.changeOrderStatus,
    access: 'verified',
    bodyLimit: DEAL_BODY_LIMIT,
    idempotent: true,
  }).handle(async ({ params: { id }, body, ctx, auth }) => {
    const order = await changeOrderStatus(ctx, auth, id, body);
    return { success: true, message: DEALS.orderUpdated(order.status), data: presentOrder(order) };
  }),
  route({
    ...dealContracts.reorder,
    // The order's policy says who may (a seller is told only the buyer orders again).
    access: 'verified',
    rateLimitPerMinute: 60,
    rateLimitBy: 'session',
  }).handle(async ({ params: { id }, reply, ctx, auth }) => {
    const offer = await reorder(ctx, auth, id);
    reply.status(201);
    return {
      success: true,
      message: offerSentMessage(offer, auth, DEALS.reorderSent(offer.listingTitle)),
      data: presentOffer(offer),
    };
  }),
  route({
    ...dealContracts.summary,
    access: 'verified',
  }).handle(async ({ ctx, auth }) => ({
    success: true,
    data: await dealsSummary(ctx.database.db, auth.user),
  })),
];
