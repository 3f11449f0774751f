// The webhooks feature's public face (issue 24): the company page shows this section.
export { webhookKeys } from './api/webhooks-api.ts';
export { WebhooksSection } from './components/webhooks-section.tsx';
