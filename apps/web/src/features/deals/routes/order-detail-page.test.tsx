import type { OrderDto } from '@canopy/shared';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { dealsKeys } from '../api/query-keys.ts';
import { OrderDetailPage } from './order-detail-page.tsx';

// The order page refreshes itself as the other side moves (live events, refetch on focus). A
// refresh that fails must not take the page, and a dialog open on it, away: on a loaded CI machine
// the seller's "Mark this order fulfilled?" dialog closed by itself under the journey's click.

const order = {
  _id: 'o1',
  number: 'CNP-000001',
  status: 'in_transit',
  lines: [],
  quantityLbs: 10,
  pricePerLb: 1400,
  total: 14000,
  paymentTerms: 'net_15',
  dueDate: null,
  deliverBy: null,
  note: null,
  listingId: null,
  listingTitle: 'Redwood Haze indoor flower',
  buyer: { _id: 'buyer-company', businessName: 'Golden Coast Dispensary' },
  seller: { _id: 'me', businessName: 'Emerald Ridge Farms' },
  history: [],
  fulfilment: null,
} as unknown as OrderDto;

afterEach(() => vi.unstubAllGlobals());

describe('the order page', () => {
  test('keeps the order, and the dialog open on it, when a refresh fails', async () => {
    // Fresh data: nothing is asked for until the refresh below.
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
    });
    client.setQueryData(dealsKeys.order('o1'), order);
    // Every call fails (the payments section's own, and the order's refresh below).
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ success: false, error: 'Unavailable' }), { status: 503 }),
      ),
    );
    await renderWithSession(
      <Routes>
        <Route path="/orders/:id" element={<OrderDetailPage />} />
      </Routes>,
      'seller',
      client,
      '/orders/o1',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Fulfilled' }));
    expect(screen.getByRole('dialog', { name: 'Mark this order fulfilled?' })).toBeTruthy();

    await act(() => client.refetchQueries({ queryKey: dealsKeys.order('o1') }));
    // The query tells its screens on the next tick.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));

    expect(client.getQueryState(dealsKeys.order('o1'))?.status).toBe('error');
    expect(screen.getByRole('heading', { name: 'Order CNP-000001' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Mark this order fulfilled?' })).toBeTruthy();
  });
});
