import { REASON_MAX, REVIEW } from '@canopy/shared';
import { z } from 'zod';

/**
 * An admin's `reason` in a request body: trimmed, and blank counts as none (null), so whether one
 * is needed is decided in one place, by the service that knows the action (decision 081).
 */
export const reasonField = z
  .string({ error: REVIEW.reasonRequired })
  .trim()
  .max(REASON_MAX, { error: REVIEW.reasonTooLong })
  .optional()
  .transform((value) => value || null);
