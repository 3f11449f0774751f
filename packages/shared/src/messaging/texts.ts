import { IDEMPOTENCY } from '../common/idempotency.ts';
import { MESSAGE_MAX, MESSAGE_SUBJECT_MAX } from './limits.ts';

/** Server texts SPEC leaves open; SPEC's own texts stay in CONVERSATIONS. */
export const MESSAGE_RULES = {
  contentRequired: 'Message cannot be empty',
  contentTooLong: `Message must be at most ${MESSAGE_MAX} characters`,
  subjectTooLong: `Subject must be at most ${MESSAGE_SUBJECT_MAX} characters`,
  receiverRequired: 'Recipient is required',
  listingRequired: 'Listing is required',
  selfMessage: 'You cannot send a message to yourself',
  listingUnavailable: 'This listing is no longer available',
  notListingSeller: 'The recipient is not the seller of this listing',
  listingNotInConversation: 'This listing is not part of this conversation',
  idempotencyKeyInvalid: IDEMPOTENCY.keyInvalid,
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different message',
} as const;
