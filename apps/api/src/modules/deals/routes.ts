import {
  acceptOfferResponseSchema,
  counterOfferSchema,
  createOfferSchema,
  DEALS,
  dealsSummaryResponseSchema,
  declineOfferSchema,
  idParams,
  offerListQuerySchema,
  offerListResponseSchema,
  offerResponseSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderResponseSchema,
  orderStatusResponseSchema,
  orderStatusSchema,
} from '@canopy/shared';
import { paginated } from '../../http/pagination.ts';
import { rawResponse, route } from '../../http/route-table.ts';
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
import { changeOrderStatus } from './orders.ts';
import { presentOffer, presentOrder } from './presenter.ts';
import { dealsSummary, listOffers, listOrders, visibleOffer, visibleOrder } from './read-model.ts';

// Issue 14's wire contract: offers, their answers and the orders they become. Every request and
// response shape is in @canopy/shared (deals/schemas.ts); the services check every transition.

/** An offer's note is at most 1,000 characters: 16 kB is far more than any honest body. */
const DEAL_BODY_LIMIT = 16 * 1024;

const offerParams = idParams(DEALS.offerNotFound);
const orderParams = idParams(DEALS.orderNotFound);

export const dealRoutes = [
  route({
    method: 'POST',
    url: '/offers',
    summary: 'Make an offer on a listing (buyers)',
    access: 'buyer',
    bodyLimit: DEAL_BODY_LIMIT,
    rateLimitPerMinute: 60,
    rateLimitBy: 'session',
    body: createOfferSchema,
    response: { 201: offerResponseSchema },
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
    method: 'GET',
    url: '/offers',
    summary: "The caller's offers, newest first (admins: all)",
    access: 'verified',
    query: offerListQuerySchema,
    response: { 200: offerListResponseSchema },
  }).handle(async ({ query, ctx, auth }) => {
    const { rows, total } = await listOffers(ctx.database.db, auth.user, query);
    return paginated(rows.map(presentOffer), query, total);
  }),
  route({
    method: 'GET',
    url: '/offers/:id',
    summary: 'One offer (its parties and admins)',
    access: 'verified',
    params: offerParams,
    response: { 200: offerResponseSchema.omit({ message: true }) },
  }).handle(async ({ params: { id }, ctx, auth }) => ({
    success: true,
    data: presentOffer(await visibleOffer(ctx.database.db, auth.user, id)),
  })),
  route({
    method: 'POST',
    url: '/offers/:id/accept',
    summary: 'Accept the live offer: it becomes an order and reserves the quantity',
    access: 'verified',
    params: offerParams,
    response: { 200: acceptOfferResponseSchema },
  }).handle(async ({ params: { id }, ctx, auth }) => {
    const { offer, order } = await acceptOffer(ctx, auth, id);
    return {
      success: true,
      message: DEALS.offerAccepted,
      data: { offer: presentOffer(offer), order: presentOrder(order) },
    };
  }),
  route({
    method: 'POST',
    url: '/offers/:id/decline',
    summary: 'Decline the live offer, with an optional reason',
    access: 'verified',
    bodyLimit: DEAL_BODY_LIMIT,
    params: offerParams,
    body: declineOfferSchema,
    response: { 200: offerResponseSchema },
  }).handle(async ({ params: { id }, body, ctx, auth }) => {
    const offer = await declineOffer(ctx, auth, id, body);
    return { success: true, message: DEALS.offerDeclined, data: presentOffer(offer) };
  }),
  route({
    method: 'POST',
    url: '/offers/:id/withdraw',
    summary: 'Withdraw an open offer (its maker)',
    access: 'verified',
    params: offerParams,
    response: { 200: offerResponseSchema },
  }).handle(async ({ params: { id }, ctx, auth }) => {
    const offer = await withdrawOffer(ctx, auth, id);
    return { success: true, message: DEALS.offerWithdrawn, data: presentOffer(offer) };
  }),
  route({
    method: 'POST',
    url: '/offers/:id/counter',
    summary: 'Counter the live offer: the counter becomes the live offer',
    access: 'verified',
    bodyLimit: DEAL_BODY_LIMIT,
    rateLimitPerMinute: 60,
    rateLimitBy: 'session',
    params: offerParams,
    body: counterOfferSchema,
    response: { 201: offerResponseSchema },
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
    method: 'POST',
    url: '/offers/:id/approve',
    summary:
      "Approve a member's offer above their order limit: the seller then sees it (owners and managers)",
    access: 'verified',
    params: offerParams,
    response: { 200: offerResponseSchema },
  }).handle(async ({ params: { id }, ctx, auth }) => {
    const offer = await approveOffer(ctx, auth, id);
    return { success: true, message: DEALS.offerApproved, data: presentOffer(offer) };
  }),
  route({
    method: 'POST',
    url: '/offers/:id/decline-approval',
    summary: "Decline a member's offer above their order limit, unseen by the seller (owners and managers)",
    access: 'verified',
    bodyLimit: DEAL_BODY_LIMIT,
    params: offerParams,
    body: declineOfferSchema,
    response: { 200: offerResponseSchema },
  }).handle(async ({ params: { id }, body, ctx, auth }) => {
    const offer = await declineApproval(ctx, auth, id, body);
    return { success: true, message: DEALS.approvalDeclined, data: presentOffer(offer) };
  }),
  route({
    method: 'GET',
    url: '/orders',
    summary: "The caller's orders, newest first, with their total value (admins: all)",
    access: 'verified',
    query: orderListQuerySchema,
    response: { 200: orderListResponseSchema },
  }).handle(async ({ query, ctx, auth }) => {
    const { rows, total, totalValue } = await listOrders(ctx.database.db, auth.user, query);
    return { ...paginated(rows.map(presentOrder), query, total), totalValue };
  }),
  route({
    method: 'GET',
    url: '/orders/:id',
    summary: 'One order with its history (its parties and admins)',
    access: 'verified',
    params: orderParams,
    response: { 200: orderResponseSchema },
  }).handle(async ({ params: { id }, ctx, auth }) => ({
    success: true,
    data: presentOrder(await visibleOrder(ctx.database.db, auth.user, id)),
  })),
  route({
    method: 'GET',
    url: '/orders/:id/confirmation.pdf',
    summary: 'The printable order confirmation',
    access: 'verified',
    params: orderParams,
    response: rawResponse(
      'application/pdf',
      "Both businesses' names, license numbers and addresses as at acceptance, the terms and the total.",
    ),
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
    method: 'POST',
    url: '/orders/:id/status',
    summary: 'Mark an order fulfilled (seller) or completed (buyer), or cancel it before fulfilment',
    access: 'verified',
    bodyLimit: DEAL_BODY_LIMIT,
    params: orderParams,
    body: orderStatusSchema,
    response: { 200: orderStatusResponseSchema },
  }).handle(async ({ params: { id }, body, ctx, auth }) => {
    const order = await changeOrderStatus(ctx, auth, id, body);
    return { success: true, message: DEALS.orderUpdated(order.status), data: presentOrder(order) };
  }),
  route({
    method: 'GET',
    url: '/deals/summary',
    summary: "The caller's open offers and orders to act on (the dashboard's Deals count)",
    access: 'verified',
    response: { 200: dealsSummaryResponseSchema },
  }).handle(async ({ ctx, auth }) => ({
    success: true,
    data: await dealsSummary(ctx.database.db, auth.user),
  })),
];
