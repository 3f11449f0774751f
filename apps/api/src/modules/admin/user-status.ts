import { STATUS_TRANSITIONS, type UserStatus } from '@canopy/shared';

// The rule itself lives in @canopy/shared (accounts/status-transitions.ts), where the admin screen
// reads it too.

/** The statuses each status may change to. */
export const ALLOWED_TRANSITIONS = Object.fromEntries(
  Object.entries(STATUS_TRANSITIONS).map(([from, transitions]) => [from, transitions.map(({ to }) => to)]),
) as unknown as Record<UserStatus, readonly UserStatus[]>;

export { canTransition } from '@canopy/shared';
