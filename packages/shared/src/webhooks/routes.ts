import { messageResponse } from '../common/responses.ts';
import { defineRoutes } from '../route-contract.ts';
import { webhookAddresses } from './addresses.ts';
import {
  createWebhookSchema,
  webhookCreatedResponse,
  webhookDeliveriesResponse,
  webhookDeliveryParams,
  webhookParams,
  webhookRetriedResponse,
  webhooksResponse,
} from './schemas.ts';

export const webhookContracts = defineRoutes(webhookAddresses, {
  list: {
    summary: "The company's webhook subscriptions with their events and status (never a secret)",
    response: { 200: webhooksResponse },
  },
  create: {
    summary: 'Subscribe a URL to events; the answer carries the signing secret, shown this once',
    body: createWebhookSchema,
    response: { 201: webhookCreatedResponse },
  },
  remove: {
    summary: 'Delete a webhook subscription and its delivery log',
    params: webhookParams,
    response: { 200: messageResponse },
  },
  deliveries: {
    summary: "A webhook's delivery log, newest first: status, response code, attempts, time",
    params: webhookParams,
    response: { 200: webhookDeliveriesResponse },
  },
  retry: {
    summary: 'Send one delivery again now, whatever its state',
    params: webhookDeliveryParams,
    response: { 200: webhookRetriedResponse },
  },
});
