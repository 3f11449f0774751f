import { SAMPLE_GRAMS_MAX, SAMPLE_NOTE_MAX } from './limits.ts';

// What a person reads about samples: the API's errors and the web's toasts and labels.

export const SAMPLES = {
  gramsRequired: 'Grams are required',
  gramsInvalid: `Grams must be a whole number from 1 to ${SAMPLE_GRAMS_MAX}`,
  noteTooLong: `Note must be at most ${SAMPLE_NOTE_MAX} characters`,
  reasonTooLong: `Reason must be at most ${SAMPLE_NOTE_MAX} characters`,
  notFound: 'Sample request not found',
  lotNotPublic: 'This lot is not available for samples',
  alreadyRequested: 'You already have a sample request waiting on this lot',
  capReached: (cap: number) =>
    `You have made ${cap} sample ${cap === 1 ? 'request' : 'requests'} to this seller this month, the most allowed. Try again next month.`,
  notWaiting: 'This sample request has already been answered',
  onlySellerDecides: 'Only the seller can approve or decline a sample request',
  requested: 'Sample requested. The seller will approve or decline it.',
  approved: 'Sample approved. Its $0 order is confirmed.',
  declined: 'Sample request declined',
  fetchFailed: 'Failed to fetch sample requests',
  // What the other side reads in the conversation.
  requestMessage: (grams: number, title: string, note: string | null) =>
    `Sample request: ${grams} g of "${title}". Approve or decline it on your Samples page.${note ? `\nNote: ${note}` : ''}`,
  declineMessage: (grams: number, title: string, reason: string | null) =>
    `Sample request declined: ${grams} g of "${title}".${reason ? `\nReason: ${reason}` : ''}`,
  // The notification centre's titles (issue 25 item 6).
  requestedNotice: (grams: number, title: string) => `Sample requested: ${grams} g of ${title}`,
  approvedNotice: (grams: number, title: string) => `Sample approved: ${grams} g of ${title}`,
  declinedNotice: (grams: number, title: string) => `Sample declined: ${grams} g of ${title}`,
} as const;
