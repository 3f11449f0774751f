import { describe, expect, it } from 'vitest';
import { REASON_MAX } from './account-review.ts';
import {
  composeReason,
  LISTING_MODERATION,
  moderationReasonBody,
  reviewDecisionBody,
} from './listing-moderation.ts';

// The reason an admin gives is what the seller reads in the e-mail: one sentence, never blank.

describe('composeReason', () => {
  it('joins the chosen reason and the own words, or uses either alone', () => {
    expect(composeReason('Duplicate listing', ' same lot twice ')).toBe('Duplicate listing: same lot twice');
    expect(composeReason('Duplicate listing', '   ')).toBe('Duplicate listing');
    expect(composeReason('', ' only words ')).toBe('only words');
    expect(composeReason('', '')).toBe('');
  });

  it('joins with the separator an account decision uses', () => {
    expect(composeReason('Hidden by mistake', ' own words ', ' — ')).toBe('Hidden by mistake — own words');
    expect(composeReason('Hidden by mistake', '', ' — ')).toBe('Hidden by mistake');
  });
});

describe('moderation bodies', () => {
  it('refuse a missing, blank or overlong reason with its own text', () => {
    for (const body of [undefined, {}, { reason: '' }, { reason: '  \n ' }, { reason: 42 }]) {
      const result = moderationReasonBody.safeParse(body ?? {});
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(LISTING_MODERATION.reasonRequired);
    }
    const long = moderationReasonBody.safeParse({ reason: 'x'.repeat(REASON_MAX + 1) });
    expect(long.error?.issues[0]?.message).toBe(LISTING_MODERATION.reasonTooLong);
    expect(moderationReasonBody.parse({ reason: '  Duplicate listing ' })).toEqual({
      reason: 'Duplicate listing',
    });
  });

  it('accept only the two review decisions', () => {
    const wrong = reviewDecisionBody.safeParse({ decision: 'approve', reason: 'ok' });
    expect(wrong.error?.issues[0]?.message).toBe(LISTING_MODERATION.decisionRequired);
    expect(reviewDecisionBody.parse({ decision: 'keep_hidden', reason: ' no ' })).toEqual({
      decision: 'keep_hidden',
      reason: 'no',
    });
  });
});
