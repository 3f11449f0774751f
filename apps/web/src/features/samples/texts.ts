import { SAMPLE_CONVERSION_DAYS, SAMPLE_GRAMS_MAX, type SampleStatus } from '@canopy/shared';

// The Samples page's and the product page's words (issue 25 item 3).

export const SAMPLE_STATUS_LABELS: Record<SampleStatus, string> = {
  requested: 'Waiting',
  approved: 'Approved',
  declined: 'Declined',
};

export const SAMPLES_PAGE = {
  title: 'Samples',
  buyerDescription: 'Samples your business asked sellers for, and what came of them.',
  sellerDescription: `Samples buyers asked you for. Approving one makes a $0 order you schedule like any other; "Led to" shows the buyer's first order of that lot or strain within ${SAMPLE_CONVERSION_DAYS} days.`,
  all: 'All',
  tabsLabel: 'Sample requests by status',
  loading: 'Loading sample requests…',
  empty: 'No sample requests yet',
  emptyStatus: (status: string) => `No ${status.toLowerCase()} sample requests`,
  buyerHint: 'Ask for a sample from a lot’s page in the catalog.',
  sellerHint: 'Buyers ask for samples from your lots’ pages.',
  browseProducts: 'Browse products',
  caption: 'Sample requests',
  pagination: 'Sample request pages',
  lot: 'Lot',
  buyer: 'Buyer',
  seller: 'Seller',
  grams: 'Size',
  gramsValue: (grams: number) => `${grams} g`,
  status: 'Status',
  requested: 'Requested',
  order: 'Sample order',
  ledTo: 'Led to',
  none: '—',
  note: 'Note',
  reason: 'Reason',
  approve: 'Approve',
  decline: 'Decline',
  approveTitle: 'Approve this sample?',
  approveBody: (grams: number, buyer: string) =>
    `${grams} g go to ${buyer} as a $0 order, taken off the lot. You schedule it, and its $0 invoice is issued, like any order.`,
  approveConfirm: 'Approve sample',
  declineTitle: 'Decline this sample request?',
  declineBody: 'The buyer sees that you declined, with your reason if you give one.',
  declineConfirm: 'Decline request',
  declineReason: 'Reason (optional)',
  keep: 'Keep it waiting',
  answer: 'Answer',
  answerFailed: 'Failed to answer the sample request',
} as const;

export const SAMPLE_FORM = {
  button: 'Request a sample',
  title: (seller: string) => `Request a sample from ${seller}`,
  lot: (title: string) => `Lot: ${title}`,
  grams: 'Grams',
  gramsHint: `Whole grams, 1 to ${SAMPLE_GRAMS_MAX}.`,
  note: 'Note for the seller (optional)',
  send: 'Send request',
  cancel: 'Cancel',
  failed: 'Failed to request a sample',
  sent: 'Sample requested.',
  viewSamples: 'See your samples',
} as const;
