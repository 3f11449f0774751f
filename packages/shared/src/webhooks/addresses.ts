import { address } from '../route-contract.ts';

// Where a company's webhook subscriptions are made, listed and removed, and where their delivery
// log is read and a delivery sent again (issue 24): no zod here, see routes.ts.
export const webhookAddresses = {
  list: address('GET', '/webhooks'),
  create: address('POST', '/webhooks'),
  remove: address('DELETE', '/webhooks/:id'),
  deliveries: address('GET', '/webhooks/:id/deliveries'),
  retry: address('POST', '/webhooks/:id/deliveries/:deliveryId/retry'),
};
