import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { licenseReviewQueryOptions } from '@/features/licenses';
import { renderWithSession } from '@/test/session.tsx';
import { resizeWindow } from '@/test/viewport.ts';
import { ADMIN_USERS_PAGE_SIZE, adminUsersQueryOptions } from '../api/admin-api.ts';
import { UserManagementTab } from './user-management-tab.tsx';

describe('the user management tab', () => {
  test('opened from the Pending Sellers figure, lists the pending sellers', async () => {
    resizeWindow(1280);
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    const pendingSellers = {
      page: 1,
      limit: ADMIN_USERS_PAGE_SIZE,
      status: 'pending',
      role: 'seller',
    } as const;
    client.setQueryData(adminUsersQueryOptions(pendingSellers).queryKey, {
      success: true,
      data: [],
      pagination: { page: 1, limit: ADMIN_USERS_PAGE_SIZE, total: 0, pages: 0 },
    });
    // The queue of added licenses below the users (decision 209), empty here.
    client.setQueryData(licenseReviewQueryOptions().queryKey, []);
    await renderWithSession(
      <UserManagementTab />,
      'admin',
      client,
      '/admin?tab=users&status=pending&role=seller',
    );
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('pending');
    expect((screen.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement).value).toBe('seller');
    // The answer for exactly those filters is what the tab shows.
    await screen.findByText('No users match these filters');
    expect(screen.getByText('No added license is waiting for review.')).toBeTruthy();
  });
});
