import { ROLE_PERMISSIONS, type UserDto } from '@canopy/shared';
import { describe, expect, test } from 'vitest';
import { permissionsOf } from './use-permissions.ts';

const member = (role: 'owner' | 'sales' | 'viewer') =>
  ({
    _id: 'company',
    role: 'seller',
    status: 'verified',
    member: { userId: 'me', role, permissions: [...ROLE_PERMISSIONS[role]] },
  }) as UserDto;

describe('permissionsOf', () => {
  test('a member may do what their role holds, and nothing else', () => {
    const sales = permissionsOf(member('sales'));
    expect(sales.may('listings:write')).toBe(true);
    expect(sales.may('company:manage')).toBe(false);
    expect(sales.role).toBe('sales');
    expect(sales.isMember).toBe(true);
    const viewer = permissionsOf(member('viewer'));
    expect(viewer.may('listings:write')).toBe(false);
    expect(viewer.may('messages:write')).toBe(false);
    expect(viewer.may('messages:read')).toBe(true);
  });

  test('an account without a membership (an admin) is judged by its role elsewhere; nobody signed out may act', () => {
    const admin = permissionsOf({ _id: 'a', role: 'admin', status: 'verified' } as UserDto);
    expect(admin.may('messages:write')).toBe(true);
    expect(admin.isMember).toBe(false);
    expect(admin.role).toBeNull();
    expect(permissionsOf(null).may('listings:read')).toBe(false);
  });
});
