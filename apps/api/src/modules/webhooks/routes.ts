import { WEBHOOKS, webhookContracts } from '@canopy/shared';
import { route } from '../../http/route-table.ts';
import { requireMember } from '../companies/index.ts';
import { systemResolver } from './address-guard.ts';
import {
  createWebhook,
  listDeliveries,
  listWebhooks,
  removeWebhook,
  retryDelivery,
} from './subscriptions.ts';

// Issue 24's webhook calls. The route table asks company:manage (route-permissions.ts), which no
// API key's scopes hold, so only a signed-in owner or manager reaches these (decision 227).

export const webhookRoutes = [
  route({ ...webhookContracts.list, access: 'verified' }).handle(async ({ ctx, auth }) => {
    const caller = requireMember(auth, 'company:manage');
    return { success: true, data: await listWebhooks(ctx.database.db, caller.member.companyId) };
  }),
  route({
    ...webhookContracts.create,
    access: 'verified',
    rateLimitPerMinute: 20,
    rateLimitBy: 'session',
  }).handle(async ({ body, reply, ctx, auth }) => {
    const data = await createWebhook(ctx.database.db, requireMember(auth, 'company:manage'), body, {
      policy: ctx.config.webhooks,
      resolve: systemResolver,
    });
    reply.status(201);
    return { success: true, message: WEBHOOKS.created, data };
  }),
  route({ ...webhookContracts.remove, access: 'verified' }).handle(async ({ params, ctx, auth }) => {
    await removeWebhook(ctx.database.db, requireMember(auth, 'company:manage'), params.id);
    return { success: true, message: WEBHOOKS.removed };
  }),
  route({ ...webhookContracts.deliveries, access: 'verified' }).handle(async ({ params, ctx, auth }) => {
    const caller = requireMember(auth, 'company:manage');
    return { success: true, data: await listDeliveries(ctx.database.db, caller.member.companyId, params.id) };
  }),
  route({
    ...webhookContracts.retry,
    access: 'verified',
    rateLimitPerMinute: 60,
    rateLimitBy: 'session',
  }).handle(async ({ params, ctx, auth }) => {
    const caller = requireMember(auth, 'company:manage');
    const data = await retryDelivery(ctx.database.db, caller.member.companyId, params.id, params.deliveryId);
    return { success: true, message: WEBHOOKS.retried, data };
  }),
];
