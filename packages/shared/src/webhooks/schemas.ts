import { z } from 'zod';
import { idParams, uuidParam } from '../common/params.ts';
import { succeeded } from '../common/responses.ts';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, WEBHOOK_STATUSES } from './events.ts';
import { WEBHOOK_URL_MAX } from './limits.ts';
import { WEBHOOKS } from './texts.ts';

// The wire shapes of the webhook calls (issue 24's wire contract). The URL's form is checked here;
// where it points (https only, no private addresses) the server checks, since that depends on its
// configuration and on DNS.

export const webhookParams = idParams(WEBHOOKS.notFound);
export const webhookDeliveryParams = z.object({
  id: uuidParam(WEBHOOKS.notFound),
  deliveryId: uuidParam(WEBHOOKS.deliveryNotFound),
});

const parsesAsWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** A user name or password in the URL would be sent to whoever answers; it belongs nowhere. */
const hasCredentials = (value: string) => {
  const url = new URL(value);
  return url.username !== '' || url.password !== '';
};

export const createWebhookSchema = z.object({
  url: z
    .string({ error: WEBHOOKS.urlRequired })
    .trim()
    .min(1, { error: WEBHOOKS.urlRequired })
    .max(WEBHOOK_URL_MAX, { error: WEBHOOKS.urlTooLong })
    .refine(parsesAsWebUrl, { error: WEBHOOKS.urlInvalid })
    .refine((value) => !parsesAsWebUrl(value) || !hasCredentials(value), { error: WEBHOOKS.urlCredentials }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOKS.eventUnknown }), { error: WEBHOOKS.eventsRequired })
    .min(1, { error: WEBHOOKS.eventsRequired })
    .transform((events) => [...new Set(events)]),
});
export type CreateWebhook = z.input<typeof createWebhookSchema>;

/** A subscription as the company page lists it: never its secret, which only the creating call answers. */
export const webhookDto = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  status: z.enum(WEBHOOK_STATUSES),
  createdAt: z.string(),
  /** Since when every delivery has failed; null while the last one arrived. */
  failingSince: z.string().nullable(),
});
export type WebhookDto = z.infer<typeof webhookDto>;

export const webhooksResponse = z.object({ success: succeeded, data: z.array(webhookDto) });

export const webhookCreatedResponse = z.object({
  success: succeeded,
  message: z.string(),
  data: z.object({
    _id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    /** The HMAC key of Canopy-Signature; answered here only, never again. */
    secret: z.string(),
    status: z.enum(WEBHOOK_STATUSES),
  }),
});
export type WebhookCreated = z.infer<typeof webhookCreatedResponse>['data'];

/** One entry of a subscription's delivery log. */
export const webhookDeliveryDto = z.object({
  _id: z.string(),
  /** The event's id, the same in every delivery of that event. */
  eventId: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** The receiver's HTTP status at the last attempt; null before any answer. */
  responseCode: z.number().int().nullable(),
  attempts: z.number().int(),
  /** Why the last attempt failed (no answer, a refused address), or null. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** When it will be tried next, while it waits. */
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliveryDto>;

export const webhookDeliveriesResponse = z.object({ success: succeeded, data: z.array(webhookDeliveryDto) });

export const webhookRetriedResponse = z.object({
  success: succeeded,
  message: z.string(),
  data: webhookDeliveryDto,
});
