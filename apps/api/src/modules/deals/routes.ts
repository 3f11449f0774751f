import {
  counterOfferSchema,
  createOfferSchema,
  DEALS,
  declineOfferSchema,
  offerListQuerySchema,
  orderListQuerySchema,
  orderStatusSchema,
} from '@canopy/shared';
import { paginated } from '../../http/pagination.ts';
import { defineRoutes, parse, requireId } from '../../http/route-table.ts';
import { isUuid } from '../../lib/ids.ts';
import { orderConfirmationPdf } from './confirmation-pdf.ts';
import { acceptOffer, counterOffer, createOffer, declineOffer, withdrawOffer } from './offers.ts';
import { changeOrderStatus } from './orders.ts';
import { presentOffer, presentOrder } from './presenter.ts';
import { dealsSummary, listOffers, listOrders, visibleOffer, visibleOrder } from './read-model.ts';

// Issue 14's wire contract: offers, their answers and the orders they become. Every request and
// response shape is in @canopy/shared (deals/schemas.ts); the services check every transition.

/** An offer's note is at most 1,000 characters: 16 kB is far more than any honest body. */
const DEAL_BODY_LIMIT = 16 * 1024;

const offerId = (params: unknown) => requireId((params as { id?: string }).id, DEALS.offerNotFound, isUuid);
const orderId = (params: unknown) => requireId((params as { id?: string }).id, DEALS.orderNotFound, isUuid);

export const dealRoutes = defineRoutes([
  {
    method: 'POST',
    url: '/offers',
    access: 'buyer',
    bodyLimit: DEAL_BODY_LIMIT,
    rateLimitPerMinute: 60,
    rateLimitBy: 'session',
    handler: async ({ request, reply, ctx, auth }) => {
      const offer = await createOffer(ctx, auth.user, parse(createOfferSchema, request.body));
      reply.status(201);
      return { success: true, message: DEALS.offerSent, data: presentOffer(offer) };
    },
  },
  {
    method: 'GET',
    url: '/offers',
    access: 'verified',
    handler: async ({ request, ctx, auth }) => {
      const query = parse(offerListQuerySchema, request.query);
      const { rows, total } = await listOffers(ctx.database.db, auth.user, query);
      return paginated(rows.map(presentOffer), query, total);
    },
  },
  {
    method: 'GET',
    url: '/offers/:id',
    access: 'verified',
    handler: async ({ request, ctx, auth }) => ({
      success: true,
      data: presentOffer(await visibleOffer(ctx.database.db, auth.user, offerId(request.params))),
    }),
  },
  {
    method: 'POST',
    url: '/offers/:id/accept',
    access: 'verified',
    handler: async ({ request, ctx, auth }) => {
      const { offer, order } = await acceptOffer(ctx, auth.user, offerId(request.params));
      return {
        success: true,
        message: DEALS.offerAccepted,
        data: { offer: presentOffer(offer), order: presentOrder(order) },
      };
    },
  },
  {
    method: 'POST',
    url: '/offers/:id/decline',
    access: 'verified',
    bodyLimit: DEAL_BODY_LIMIT,
    handler: async ({ request, ctx, auth }) => {
      const input = parse(declineOfferSchema, request.body);
      const offer = await declineOffer(ctx, auth.user, offerId(request.params), input);
      return { success: true, message: DEALS.offerDeclined, data: presentOffer(offer) };
    },
  },
  {
    method: 'POST',
    url: '/offers/:id/withdraw',
    access: 'verified',
    handler: async ({ request, ctx, auth }) => {
      const offer = await withdrawOffer(ctx, auth.user, offerId(request.params));
      return { success: true, message: DEALS.offerWithdrawn, data: presentOffer(offer) };
    },
  },
  {
    method: 'POST',
    url: '/offers/:id/counter',
    access: 'verified',
    bodyLimit: DEAL_BODY_LIMIT,
    rateLimitPerMinute: 60,
    rateLimitBy: 'session',
    handler: async ({ request, reply, ctx, auth }) => {
      const input = parse(counterOfferSchema, request.body);
      const offer = await counterOffer(ctx, auth.user, offerId(request.params), input);
      reply.status(201);
      return { success: true, message: DEALS.counterSent, data: presentOffer(offer) };
    },
  },
  {
    method: 'GET',
    url: '/orders',
    access: 'verified',
    handler: async ({ request, ctx, auth }) => {
      const query = parse(orderListQuerySchema, request.query);
      const { rows, total, totalValue } = await listOrders(ctx.database.db, auth.user, query);
      return { ...paginated(rows.map(presentOrder), query, total), totalValue };
    },
  },
  {
    method: 'GET',
    url: '/orders/:id',
    access: 'verified',
    handler: async ({ request, ctx, auth }) => ({
      success: true,
      data: presentOrder(await visibleOrder(ctx.database.db, auth.user, orderId(request.params))),
    }),
  },
  {
    method: 'GET',
    url: '/orders/:id/confirmation.pdf',
    access: 'verified',
    handler: async ({ request, reply, ctx, auth }) => {
      const order = await visibleOrder(ctx.database.db, auth.user, orderId(request.params));
      const pdf = await orderConfirmationPdf(order);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${order.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  },
  {
    method: 'POST',
    url: '/orders/:id/status',
    access: 'verified',
    bodyLimit: DEAL_BODY_LIMIT,
    handler: async ({ request, ctx, auth }) => {
      const input = parse(orderStatusSchema, request.body);
      const order = await changeOrderStatus(ctx, auth.user, orderId(request.params), input);
      return { success: true, message: DEALS.orderUpdated(order.status), data: presentOrder(order) };
    },
  },
  {
    method: 'GET',
    url: '/deals/summary',
    access: 'verified',
    handler: async ({ ctx, auth }) => ({
      success: true,
      data: await dealsSummary(ctx.database.db, auth.user),
    }),
  },
]);
