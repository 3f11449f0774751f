import { adminReasonText } from '@canopy/shared';

/**
 * An admin's `reason` in a request body: trimmed, and blank counts as none (null), so whether one
 * is needed is decided in one place, by the service that knows the action (decision 081).
 */
export const reasonField = adminReasonText()
  .optional()
  .transform((value) => value || null);
