import { z } from 'zod';
import { LICENSE_FILTERS, REASON_MAX, REVIEW } from '../account-review.ts';
import { multiLine } from '../common/fields.ts';
import { filterText, pageQuery } from '../common/queries.ts';
import { ROLES, USER_STATUSES } from '../constants.ts';
import { ADMIN } from '../texts.ts';

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

/**
 * An admin's `reason` in a request body: trimmed, and blank counts as none (null), so whether one
 * is needed is decided in one place, by the service that knows the action (decision 081).
 */
export const adminReasonField = adminReasonText()
  .optional()
  .transform((value) => value || null);

/** PUT /admin/users/:id/status. */
export const userStatusBody = z.strictObject({
  status: z.enum(USER_STATUSES, { error: ADMIN.unknownStatus }),
  reason: adminReasonField,
});

/** POST /admin/users/:id/profile-change/approve and …/reject. */
export const profileChangeDecisionBody = z.strictObject({ reason: adminReasonField });

const searchText = filterText(100);

/** GET /admin/users. */
export const adminUserListQuery = pageQuery(20).extend({
  status: z.enum(USER_STATUSES).optional().catch(undefined),
  role: z.enum(ROLES).optional().catch(undefined),
  query: searchText,
  license: z.enum(LICENSE_FILTERS, { error: REVIEW.unknownLicenseFilter }).optional(),
  /** `pending`: only accounts with a profile change waiting for review (decision 082). */
  profileChange: z.enum(['pending']).optional().catch(undefined),
});

/** GET /admin/listings. */
export const adminListingListQuery = pageQuery(50).extend({
  query: searchText,
  active: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .catch(undefined),
  moderation: z.enum(['clear', 'hidden']).optional().catch(undefined),
});

// Finding entries in the audit trail (issue 10 item 7): by who acted, on what, which action and
// when. Dates are calendar days in Pacific time, the time the trail is shown in.

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);
const auditText = filterText(200);

/** GET /admin/audit/export; GET /admin/audit adds the page. */
export const auditFilters = z.object({
  /** The acting admin's e-mail, or part of it. */
  actor: auditText,
  /** The target's id, or part of its label (an e-mail or a listing title). */
  target: auditText,
  action: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z_.]+$/)
    .optional()
    .catch(undefined),
  from: day,
  to: day,
});

/** GET /admin/audit. */
export const auditQuery = pageQuery(50).extend(auditFilters.shape);
