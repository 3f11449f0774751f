import { ROLE_PERMISSIONS, type SampleDto } from '@canopy/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { SampleRows } from './sample-rows.tsx';

// The Samples page's rows (issue 25 item 3): the seller's answers only on a waiting request and
// only for a member who may sell; the order a sample became and the one it led to, as links.

const sample = (over: Partial<SampleDto> = {}): SampleDto => ({
  _id: 's1',
  listingId: 'l1',
  listingTitle: 'Blue Dream greenhouse',
  buyer: { _id: 'b1', businessName: 'Valley Dispensary' },
  seller: { _id: 'me', businessName: 'Emerald Farms' },
  grams: 7,
  note: 'For the staff',
  status: 'requested',
  declineReason: null,
  createdAt: '2026-11-20T18:00:00.000Z',
  decidedAt: null,
  order: null,
  ledTo: null,
  ...over,
});

const answers = () =>
  screen.queryAllByRole('button', { name: /^(Approve|Decline): Blue Dream greenhouse, Valley Dispensary$/ });

describe('sample rows', () => {
  test('give the seller Approve and Decline on a waiting request', async () => {
    await renderWithSession(<SampleRows samples={[sample()]} viewer="seller" />, 'seller');
    expect(answers().map((button) => button.textContent)).toEqual(['Approve', 'Decline']);
    expect(screen.getAllByText('Note: For the staff').length).toBeGreaterThan(0);
  });

  test('give no answers to a member who may not sell, nor on an answered request', async () => {
    await renderWithSession(
      <SampleRows samples={[sample()]} viewer="seller" />,
      'seller',
      new QueryClient(),
      '/',
      {
        userId: 'me',
        role: 'viewer',
        permissions: [...ROLE_PERMISSIONS.viewer],
      },
    );
    expect(answers()).toEqual([]);
  });

  test('link the sample order and the order it led to', async () => {
    const approved = sample({
      status: 'approved',
      decidedAt: '2026-11-21T18:00:00.000Z',
      order: { _id: 'o1', number: 'CNP-000041' },
      ledTo: { _id: 'o2', number: 'CNP-000057' },
    });
    await renderWithSession(<SampleRows samples={[approved]} viewer="buyer" />, 'buyer');
    expect(answers()).toEqual([]);
    expect(screen.getAllByRole('link', { name: 'CNP-000041' })[0]?.getAttribute('href')).toBe('/orders/o1');
    expect(screen.getAllByRole('link', { name: 'CNP-000057' })[0]?.getAttribute('href')).toBe('/orders/o2');
  });
});
