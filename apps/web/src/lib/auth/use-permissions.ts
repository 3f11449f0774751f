import type { Permission, UserDto } from '@canopy/shared';
import { useAuth } from './session-context.tsx';

// What the signed-in member may do, from the session's `member` field (issue 28): actions a role
// lacks are left out of the page, not shown and refused. An account without `member` (an admin,
// who belongs to no company) is judged by its own role as before, so nothing changes for it here.

export interface Permissions {
  /** Whether the signed-in person may do this for their company. */
  may: (permission: Permission) => boolean;
  /** The person's role in the company, or null for admins and the signed-out. */
  role: NonNullable<UserDto['member']>['role'] | null;
  /** Whether the signed-in account is a company's member (buyers and sellers, never admins). */
  isMember: boolean;
}

export function permissionsOf(user: UserDto | null): Permissions {
  const member = user?.member;
  return {
    may: (permission) => (member ? member.permissions.includes(permission) : user !== null),
    role: member?.role ?? null,
    isMember: member !== undefined,
  };
}

export function usePermissions(): Permissions {
  return permissionsOf(useAuth().user);
}
