import type { UserStatus } from '../constants.ts';

// SPEC §4: the only status changes an admin may make, keyed by the current status, each with the
// action that makes it. The API refuses any other change; the admin screen offers exactly these.

export type StatusChangeKind = 'approve' | 'reject' | 'suspend' | 'reactivate';

export const STATUS_TRANSITIONS: Record<UserStatus, readonly { kind: StatusChangeKind; to: UserStatus }[]> = {
  pending: [
    { kind: 'approve', to: 'verified' },
    { kind: 'reject', to: 'rejected' },
  ],
  verified: [{ kind: 'suspend', to: 'suspended' }],
  suspended: [{ kind: 'reactivate', to: 'verified' }],
  rejected: [{ kind: 'approve', to: 'verified' }],
};

export const canTransition = (from: UserStatus, to: UserStatus) =>
  STATUS_TRANSITIONS[from].some((transition) => transition.to === to);
