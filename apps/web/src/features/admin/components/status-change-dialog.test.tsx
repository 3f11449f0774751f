import type { LicenseCheck, UserDto, UserReviewDto } from '@canopy/shared';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { adminUserDetailsQueryOptions } from '../api/admin-api.ts';
import { StatusChangeDialog } from './status-change-dialog.tsx';

const applicant = {
  _id: 'u7',
  email: 'orders@sierra-sun.example.com',
  role: 'seller',
  status: 'pending',
  createdAt: '2026-06-05T22:04:00.000Z',
  profile: { businessName: 'Sierra Sun Growers' },
} as UserDto;

const CLEAR: LicenseCheck = {
  clear: true,
  flags: [],
  registryStatus: 'Active',
  nameMatch: { level: 'exact', score: 1 },
};
const NOT_FOUND: LicenseCheck = { clear: false, flags: ['not_found'], registryStatus: null, nameMatch: null };

/** The approval dialog for the applicant, whose license check says `check`. */
async function approve(check: LicenseCheck) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  const details = {
    user: applicant,
    license: { duplicates: [] },
    licenseCheck: check,
    catalogListings: 0,
    pendingProfileChange: null,
  } as unknown as UserReviewDto;
  client.setQueryData(adminUserDetailsQueryOptions(applicant._id).queryKey, details);
  await renderWithSession(
    <StatusChangeDialog
      user={applicant}
      action={{ kind: 'approve', label: 'Approve', to: 'verified', variant: 'primary' }}
      onClose={() => undefined}
    />,
    'admin',
    client,
  );
  return screen.getByRole('dialog', { name: 'Approve Sierra Sun Growers?' });
}

describe('approving an applicant', () => {
  test('with a clear license check offers no override reasons: there is nothing to override', async () => {
    const dialog = await approve(CLEAR);
    within(dialog).getByText('License check: clear');
    expect(within(dialog).queryByRole('combobox', { name: /Reason/ })).toBeNull();
    expect(within(dialog).queryByText('License checked with the regulator directly')).toBeNull();
  });

  test('with a license check that is not clear asks for the reason to approve anyway', async () => {
    const dialog = await approve(NOT_FOUND);
    const reason = within(dialog).getByRole('combobox', { name: /Reason/ });
    expect(
      within(reason)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a reason',
      'Registry name is a parent company or former name',
      'License checked with the regulator directly',
      'Renewal in progress, confirmed by document',
    ]);
  });

  test('with a license check that is not clear refuses to approve without a reason, and sends nothing', async () => {
    const dialog = await approve(NOT_FOUND);
    const send = vi.fn();
    vi.stubGlobal('fetch', send);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Details' }), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve account' }));

    await within(dialog).findByText('Please give a reason for this action.');
    expect(send).not.toHaveBeenCalled();
  });
});
