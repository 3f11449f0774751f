import type { UserDto } from '@canopy/shared';
import { fireEvent, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { ProfileChangeReview } from './profile-change-review.tsx';

const trader = {
  _id: 'u7',
  email: 'orders@sierra-sun.example.com',
  role: 'seller',
  status: 'verified',
  profile: {
    businessName: 'Sierra Sun Growers',
    licenseNumber: 'C11-0000001-LIC',
    licenseType: 'Cultivator',
  },
} as UserDto;

/** A name change whose license check came back clear. */
const clearChange = {
  businessName: 'Sierra Sun Farms',
  licenseNumber: 'C11-0000001-LIC',
  licenseType: 'Cultivator',
  licenseCheck: { clear: true, flags: [], registryStatus: 'Active', nameMatch: { level: 'exact', score: 1 } },
  license: {
    licenseNumber: 'C11-0000001-LIC',
    format: { recognised: true, kind: 'Cultivation', warning: null },
    registry: { found: false },
    duplicates: [],
  },
} as unknown as ComponentProps<typeof ProfileChangeReview>['change'];

describe('deciding a profile change', () => {
  test('rejecting without a reason is refused in the API’s words and sends nothing', async () => {
    await renderWithSession(<ProfileChangeReview user={trader} change={clearChange} />, 'admin');
    const send = vi.fn();
    vi.stubGlobal('fetch', send);
    fireEvent.click(screen.getByRole('button', { name: 'Reject change' }));

    await screen.findByText('Please give a reason for this action.');
    expect(send).not.toHaveBeenCalled();
  });

  test('approving a change whose check is clear needs no reason: it is sent', async () => {
    await renderWithSession(<ProfileChangeReview user={trader} change={clearChange} />, 'admin');
    const send = vi.fn((_address: RequestInfo | URL) => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', send);
    fireEvent.click(screen.getByRole('button', { name: 'Approve change' }));

    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(String(send.mock.calls[0]?.[0])).toContain('/admin/users/u7/profile-change/approve');
    expect(screen.queryByText('Please give a reason for this action.')).toBeNull();
  });
});
