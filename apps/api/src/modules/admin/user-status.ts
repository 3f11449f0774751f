import type { UserStatus } from '@canopy/shared';

/** SPEC §4: the only status changes an admin may make, keyed by the current status. */
export const ALLOWED_TRANSITIONS: Record<UserStatus, readonly UserStatus[]> = {
  pending: ['verified', 'rejected'],
  verified: ['suspended'],
  suspended: ['verified'],
  rejected: ['verified'],
};

export const canTransition = (from: UserStatus, to: UserStatus) => ALLOWED_TRANSITIONS[from].includes(to);
