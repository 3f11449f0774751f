import type { LicenseCheck } from './admin/responses.ts';
import type { UserStatus } from './constants.ts';

// Account review (issue 10): what an admin sees about a trader's license before acting, the
// reasons an admin gives, the pending profile changes of verified traders and the texts of the
// account status screen that SPEC leaves open.

/** What can be wrong with a license; a license with none of these is "clear". */
export const LICENSE_FLAGS = ['not_found', 'inactive', 'expired', 'name_mismatch', 'duplicate'] as const;
export type LicenseFlag = (typeof LICENSE_FLAGS)[number];

/** Values of `GET /admin/users?license=`: clear, needs attention (any flag), or one flag. */
export const LICENSE_FILTERS = ['clear', 'attention', ...LICENSE_FLAGS] as const;
export type LicenseFilter = (typeof LICENSE_FILTERS)[number];

export const LICENSE_FLAG_LABELS: Record<LicenseFlag, string> = {
  not_found: 'Not in the registry',
  inactive: 'Not active in the registry',
  expired: 'Expired',
  name_mismatch: 'Name does not match',
  duplicate: 'Number used by another account',
};

export const LICENSE_FILTER_LABELS: Record<LicenseFilter, string> = {
  clear: 'Clear (found, active, name matches)',
  attention: 'Needs attention',
  ...LICENSE_FLAG_LABELS,
};

/** The business and license fields whose change a verified trader cannot make alone. */
export interface CheckedProfileFields {
  businessName: string;
  licenseNumber: string;
  licenseType: string;
}

/** Longest reason an admin may give for any action on an account or a listing. */
export const REASON_MAX = 1000;

/**
 * Whether an admin must say why (decision 081). Taking an account away or giving it back always
 * needs a reason; an approval needs one only when the license check is not clear, because that
 * approval overrides what the registry says. The API enforces it; the web app asks accordingly.
 */
export function statusReasonNeeded(from: UserStatus, to: UserStatus, check: LicenseCheck | null): boolean {
  if (to !== 'verified') return true;
  if (from === 'suspended') return true;
  return check !== null && !check.clear;
}

/** The short lists of reasons offered beside free text, per admin action. */
export const STATUS_REASONS = {
  approve: [
    'Registry name is a parent company or former name',
    'License checked with the regulator directly',
    'Renewal in progress, confirmed by document',
  ],
  reject: [
    'License not found in the state registry',
    'Business name does not match the license',
    'License expired or not active',
    'License number belongs to another business',
    'Document unreadable or missing',
  ],
  suspend: [
    'License expired or revoked',
    'Listings break marketplace rules',
    'Complaint under investigation',
    'Requested by the account holder',
  ],
  reactivate: ['License renewed', 'Investigation closed', 'Suspended by mistake'],
  profileChange: [
    'New license checked against the registry',
    'New name does not match the license',
    'License number belongs to another business',
  ],
} as const;

export const REVIEW = {
  reasonRequired: 'Please give a reason for this action.',
  reasonTooLong: `The reason must be at most ${REASON_MAX} characters.`,
  approvalNeedsReason:
    'This license check is not clear. Confirm the approval with a reason that says why it is acceptable.',
  licenseTaken:
    'This license number is already registered to another Canopy account. If it is your license, please contact us.',
  noPendingChange: 'This account has no profile change waiting for review',
  changeApproved: 'Profile change approved',
  changeRejected: 'Profile change rejected',
  changeWithdrawn: 'Your profile change request was withdrawn',
  changeHeld:
    'Your new business name or license details will be shown once our team has checked them against the state registry.',
  unknownLicenseFilter: 'Unknown license filter',
} as const;

/** Texts of the account status screen and header badge beyond SPEC's own (ACCOUNT_STATUS). */
export const STATUS_SCREEN = {
  rejectedTitle: 'Account Not Approved',
  rejectedBody: 'We could not approve your account after checking your license against the state registry.',
  rejectedNextStep: 'If you believe this is a mistake, write to us with your license details:',
  suspendedNextStep: 'To talk about the suspension, write to',
  pendingNextStep: 'Need to start trading sooner?',
  badgeRejected: 'Not approved',
  badgeSuspended: 'Suspended',
} as const;
