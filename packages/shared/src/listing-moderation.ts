import { z } from 'zod';
import { REVIEW } from './account-review.ts';
import { adminReasonText } from './admin/schemas.ts';
import { multiLine, strictObject } from './common/fields.ts';

// Listing moderation (issue 10, decision 075): an admin hides or deletes a listing with a reason,
// a hidden listing stays hidden until an admin lifts it, and its seller can ask for a review.

/** Longest message a seller may send with a review request. */
export const REVIEW_MESSAGE_MAX = 1000;
export const LISTING_REVIEWS_PAGE_DEFAULT = 20;

/** The short list the admin picks from before adding their own words (the e-mail quotes both). */
export const LISTING_HIDE_REASONS = [
  'Misleading or inaccurate description',
  'Prohibited product or health claims',
  'Missing or doubtful lab results',
  'Wrong price, quantity or category',
  'Duplicate listing',
  'Photos or videos not allowed',
] as const;

export const LISTING_RESTORE_REASONS = [
  'Seller corrected the listing',
  'Hidden by mistake',
  'Lab results confirmed',
] as const;

export const LISTING_KEEP_HIDDEN_REASONS = [
  'The problem has not been corrected',
  'The explanation does not resolve the problem',
] as const;

export const LISTING_MODERATION = {
  reasonRequired: REVIEW.reasonRequired,
  reasonTooLong: REVIEW.reasonTooLong,
  hiddenBy: (reason: string) => `Hidden by Canopy: ${reason}`,
  relistRefused:
    'This listing was hidden by Canopy, so only Canopy can make it public again. Use "Request review" to reply.',
  reviewMessageRequired: 'Please tell Canopy what you changed or why the listing should be restored.',
  reviewMessageTooLong: `The message must be at most ${REVIEW_MESSAGE_MAX} characters.`,
  reviewNotHidden: 'Only a listing hidden by Canopy can be sent for review.',
  reviewAlreadyOpen: 'A review request for this listing is already waiting for Canopy.',
  reviewRequested: 'Your review request was sent to Canopy.',
  reviewRequestFailed: 'Failed to send the review request',
  reviewNotFound: 'Review request not found',
  reviewAlreadyAnswered: 'This review request has already been answered.',
  decisionRequired: 'Decision must be restore or keep_hidden',
  restored: 'Listing restored',
  keptHidden: 'Listing kept hidden',
  decisionFailed: 'Failed to answer the review request',
  previewFailed: 'Failed to load the listing preview',
} as const;

/** An admin's reason for a listing action: always required, never blank. */
export const moderationReasonField = adminReasonText().min(1, { error: REVIEW.reasonRequired });

/** Body of PUT /admin/listings/{id}/toggle-status and DELETE /admin/listings/{id}. */
export const moderationReasonBody = strictObject({ reason: moderationReasonField });

export const reviewRequestBody = strictObject({
  message: multiLine(
    z
      .string({ error: LISTING_MODERATION.reviewMessageRequired })
      .trim()
      .min(1, LISTING_MODERATION.reviewMessageRequired)
      .max(REVIEW_MESSAGE_MAX, LISTING_MODERATION.reviewMessageTooLong),
  ),
});

export const REVIEW_DECISIONS = ['restore', 'keep_hidden'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const reviewDecisionBody = strictObject({
  decision: z.enum(REVIEW_DECISIONS, { error: LISTING_MODERATION.decisionRequired }),
  reason: moderationReasonField,
});

/**
 * "Preset: own words", the preset alone, or the words alone: what the web dialogs send as
 * `reason`, so the audit trail and the seller's e-mail read as one sentence. Account decisions
 * join with " — " instead, the form their trail and e-mails have always had.
 */
export function composeReason(preset: string, details: string, separator = ': '): string {
  const words = details.trim();
  const chosen = preset.trim();
  if (!chosen) return words;
  return words ? `${chosen}${separator}${words}` : chosen;
}
