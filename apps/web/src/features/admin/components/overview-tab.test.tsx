import type { AdminStats } from '@canopy/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { resizeWindow } from '@/test/viewport.ts';
import { adminStatsQueryOptions, adminUsersQueryOptions } from '../api/admin-api.ts';
import { OverviewTab } from './overview-tab.tsx';

const STATS: AdminStats = {
  totalUsers: 1204,
  pendingSellers: 3,
  activeListings: 880,
  totalMessages: 15000,
  ordersLast30Days: 12,
  orderValueLast30Days: 12650,
};

async function renderOverview() {
  resizeWindow(1280);
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(adminStatsQueryOptions().queryKey, STATS);
  client.setQueryData(adminUsersQueryOptions({ page: 1, limit: 5 }).queryKey, {
    success: true,
    data: [],
    pagination: { page: 1, limit: 5, total: 0, pages: 0 },
  });
  await renderWithSession(<OverviewTab />, 'admin', client);
}

describe('the admin overview', () => {
  test('the Pending Sellers figure opens the queue of sellers waiting for review', async () => {
    await renderOverview();
    const link = screen.getByRole('link', { name: 'Pending Sellers' });
    expect(link.closest('div')?.querySelector('dd')?.textContent).toBe('3');
    expect(link.getAttribute('href')).toBe('/admin?tab=users&status=pending&role=seller');
  });

  test('states money in whole cents, as everywhere else', async () => {
    await renderOverview();
    expect(screen.getByText('$12,650.00').tagName).toBe('DD');
  });
});
