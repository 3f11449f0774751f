import { z } from 'zod';
import { REASON_MAX, REVIEW } from '../account-review.ts';
import { multiLine } from '../common/fields.ts';

// Apart from the account review texts on purpose: the web app's first screen shows those texts,
// and a schema in the same module would bring the whole schema library into its first download.

/**
 * An admin's reason as typed: trimmed, within REASON_MAX, several lines allowed but no other
 * control characters. Whether a blank one is refused depends on the action (decision 081).
 */
export const adminReasonText = () =>
  multiLine(
    z.string({ error: REVIEW.reasonRequired }).trim().max(REASON_MAX, { error: REVIEW.reasonTooLong }),
  );
