import { type CreateWebhook, webhookAddresses } from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';

// The company page's webhook calls (issue 24), typed by the routes' shared contracts.

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
};

/** How often an open delivery log looks again: the worker sends within seconds of a change. */
const LOG_REFRESH_MS = 5_000;

export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhookKeys.all,
    queryFn: async ({ signal }) => (await call(webhookAddresses.list, { signal })).data,
  });

export const deliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: async ({ signal }) => (await call(webhookAddresses.deliveries, { params: { id }, signal })).data,
    refetchInterval: LOG_REFRESH_MS,
  });

export const createWebhook = (input: CreateWebhook) => call(webhookAddresses.create, { body: input });

export const removeWebhook = (id: string) => call(webhookAddresses.remove, { params: { id } });

export const retryDelivery = (id: string, deliveryId: string) =>
  call(webhookAddresses.retry, { params: { id, deliveryId } });
