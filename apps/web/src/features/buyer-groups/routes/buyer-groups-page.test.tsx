import { BUYER_GROUPS, type BuyerGroupDto, type CompanyRole, ROLE_PERMISSIONS } from '@canopy/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { buyerGroupKeys } from '../api/buyer-groups-api.ts';
import { BuyerGroupsPage } from './buyer-groups-page.tsx';

// The seller's buyer groups page (decision 241): what each group says at a glance, the empty
// state, and the buttons only a member who may write lots is given.

const GROUP: BuyerGroupDto = {
  _id: 'g1',
  name: 'Preferred retailers',
  minimumOrderLbs: 5,
  paymentTerms: 'net30',
  monthlySampleCap: 5,
  buyers: [
    { companyId: 'b1', businessName: 'Golden Coast Dispensary' },
    { companyId: 'b2', businessName: 'Harbor Wellness' },
  ],
  prices: [{ listingId: 'l1', listingTitle: 'Ridge Kush', pricePerLb: 850, percentOff: null }],
  privateListingIds: ['l1'],
};

async function renderPage(groups: BuyerGroupDto[], role: CompanyRole) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(buyerGroupKeys.all, groups);
  await renderWithSession(<BuyerGroupsPage />, 'seller', client, '/dashboard/buyer-groups', {
    userId: 'me',
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
  });
}

describe('BuyerGroupsPage', () => {
  test('shows each group with its members, prices and terms, and its buttons to a sales member', async () => {
    await renderPage([GROUP], 'sales');
    expect(screen.getByRole('heading', { name: 'Preferred retailers' })).toBeTruthy();
    screen.getByText('2 buyers · 1 lot priced · Minimum 5 lbs · Net 30 days · 5 samples a month');
    expect(screen.getByText('Golden Coast Dispensary, Harbor Wellness')).toBeTruthy();
    expect(screen.getByRole('button', { name: BUYER_GROUPS.newGroup })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: BUYER_GROUPS.pricesTitle('Preferred retailers') }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: BUYER_GROUPS.remove })).toBeTruthy();
  });

  test('leaves out every change for a viewer, who may only read', async () => {
    await renderPage([GROUP], 'viewer');
    expect(screen.getByRole('heading', { name: 'Preferred retailers' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: BUYER_GROUPS.newGroup })).toBeNull();
    expect(screen.queryByRole('button', { name: BUYER_GROUPS.edit })).toBeNull();
    expect(screen.queryByRole('button', { name: BUYER_GROUPS.remove })).toBeNull();
  });

  test('says so when there is no group yet', async () => {
    await renderPage([], 'owner');
    expect(screen.getByText(BUYER_GROUPS.empty)).toBeTruthy();
  });
});
