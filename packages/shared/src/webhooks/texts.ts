import { WEBHOOK_URL_MAX, WEBHOOKS_PER_COMPANY } from './limits.ts';

// Every text a person reads about webhooks: the API's errors, the owner's e-mail and the company
// page's section.

export const WEBHOOKS = {
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  urlRequired: 'Enter the URL to send events to',
  urlInvalid: 'Enter a full URL, like https://example.com/canopy-events',
  urlTooLong: `Use at most ${WEBHOOK_URL_MAX} characters for the URL`,
  urlCredentials: 'Leave the user name and password out of the URL',
  urlNotHttps: 'Use an https:// URL',
  urlPrivate: 'This URL points to a private or local network address, which Canopy does not send to',
  eventsRequired: 'Choose at least one event',
  eventUnknown: 'Unknown event',
  limitReached: `A company may keep at most ${WEBHOOKS_PER_COMPANY} webhooks. Delete one first.`,
  created: 'Webhook added. Copy the signing secret now: it is not shown again.',
  removed: 'Webhook deleted',
  retried: 'The delivery will be sent again shortly',
  // The delivery log's reasons, kept with each attempt that failed
  refusedAddress: 'Refused: the host resolves to a private or local network address',
  timedOut: 'No answer within 10 seconds',
  // The company page
  sectionTitle: 'Webhooks',
  intro:
    'Webhooks send a signed POST to your system when offers, orders, invoices, lots or messages of this company change.',
  url: 'URL',
  events: 'Events',
  add: 'Add webhook',
  adding: 'Adding…',
  secretTitle: 'Signing secret',
  secretWarning:
    'Copy this secret now. It will not be shown again; it signs every delivery (see the API documentation).',
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
  empty: 'No webhooks yet',
  statusLabels: { active: 'Active', paused: 'Paused' },
  deliveryStatusLabels: { pending: 'Waiting', delivered: 'Delivered', failed: 'Failed' },
  showLog: 'Delivery log',
  hideLog: 'Hide log',
  logEmpty: 'Nothing sent yet',
  sendAgain: 'Send again',
  delete: 'Delete',
  deleteTitle: 'Delete this webhook?',
  deleteBody: (url: string) => `Canopy will stop sending events to ${url}. This cannot be undone.`,
  columns: {
    event: 'Event',
    status: 'Status',
    response: 'Response',
    attempts: 'Attempts',
    time: 'Time',
  },
  noResponse: 'None',
  fetchFailed: 'Failed to load the webhooks',
  logFailed: 'Failed to load the delivery log',
  createFailed: 'Failed to add the webhook',
  deleteFailed: 'Failed to delete the webhook',
  retryFailed: 'Failed to send the delivery again',
  // The e-mail to the company's owner when a subscription is paused
  pausedSubject: 'A Canopy webhook was paused',
  pausedParagraphs: (url: string) => [
    `Deliveries to ${url} have failed for three days, so Canopy has paused this webhook and queues nothing new for it.`,
    'Fix the receiving system, then open the delivery log on your company page and use "Send again" on a delivery: the first one that arrives resumes the webhook.',
  ],
  pausedAction: 'Open your company page',
} as const;
