import type { LicenseCheck, UserStatus } from '@canopy/shared';

/** SPEC §4: the only status changes an admin may make, keyed by the current status. */
export const ALLOWED_TRANSITIONS: Record<UserStatus, readonly UserStatus[]> = {
  pending: ['verified', 'rejected'],
  verified: ['suspended'],
  suspended: ['verified'],
  rejected: ['verified'],
};

export const canTransition = (from: UserStatus, to: UserStatus) => ALLOWED_TRANSITIONS[from].includes(to);

/**
 * Whether an admin must say why (decision 081). Taking an account away or giving it back always
 * needs a reason; an approval needs one only when the license check is not clear, because that
 * approval overrides what the registry says.
 */
export function reasonNeeded(from: UserStatus, to: UserStatus, check: LicenseCheck | null): boolean {
  if (to !== 'verified') return true;
  if (from === 'suspended') return true;
  return check !== null && !check.clear;
}
