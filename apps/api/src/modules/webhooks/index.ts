// The webhooks feature's public face (issue 24): what the composition root wires in, and the one
// call the features whose changes are announced make inside their transactions.
export { type HostResolver, systemResolver } from './address-guard.ts';
export { createWebhookDispatcher, type WebhookDispatcher } from './dispatcher.ts';
export { queueWebhookEvent, type WebhookEvent } from './outbox.ts';
export { webhookRoutes } from './routes.ts';
