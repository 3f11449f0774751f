// The events a company may subscribe to (issue 24 item 2). Each is sent only to the companies the
// change concerns, with `data` in the shape the API answers for that resource.

export const WEBHOOK_EVENTS = [
  'offer.created',
  'offer.updated',
  'order.created',
  'order.updated',
  'invoice.updated',
  'listing.updated',
  'message.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** What each event means, in words: the company page's checkboxes. */
export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  'offer.created': 'An offer or counter-offer is made',
  'offer.updated': 'An offer is accepted, declined, withdrawn or countered',
  'order.created': 'An order is confirmed',
  'order.updated': 'An order is scheduled, shipped, fulfilled, completed or cancelled',
  'invoice.updated': 'An invoice is issued or corrected, or a payment is recorded',
  'listing.updated': 'One of your lots is edited, restocked, archived or relisted',
  'message.created': 'A message is sent or received',
};

/** A subscription sends while active; one failing for three days is paused until a delivery succeeds. */
export const WEBHOOK_STATUSES = ['active', 'paused'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** A delivery waits (first try or a retry), arrived (a 2xx answer), or was given up on after a day. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The headers every delivery carries (docs/api.md shows how to check the signature). */
export const WEBHOOK_HEADERS = {
  signature: 'Canopy-Signature',
  event: 'Canopy-Event',
  delivery: 'Canopy-Delivery',
} as const;
