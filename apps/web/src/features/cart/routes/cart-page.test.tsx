import { CART, type CartDto } from '@canopy/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { CartPage } from './cart-page.tsx';

// Issue 25 item 0: the cart page's states. A line that cannot be offered as it is says why and
// holds back its seller's offer; a failed load says so.

const cart: CartDto = {
  itemCount: 2,
  sellers: [
    {
      sellerId: 'seller-1',
      businessName: 'Emerald Ridge Farms',
      total: 10800,
      items: [
        {
          listingId: 'lot-a',
          listingTitle: 'Lot A',
          quantityLbs: 12,
          availableLbs: 50,
          pricePerLb: 900,
          priceSource: 'tier',
          tierFromLbs: 10,
          total: 10800,
          problem: null,
        },
        {
          listingId: 'lot-b',
          listingTitle: 'Lot B',
          quantityLbs: 30,
          availableLbs: 20,
          pricePerLb: 1200,
          priceSource: 'asking',
          tierFromLbs: null,
          total: 36000,
          problem: CART.notEnough('Lot B', '20 lbs'),
        },
      ],
    },
  ],
};

const answer = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

async function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await renderWithSession(<CartPage />, 'buyer', client, '/cart');
}

afterEach(() => vi.unstubAllGlobals());

describe('the cart page', () => {
  test('prices each line, says why a line cannot go, and holds back that seller’s offer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(200, { success: true, data: cart })),
    );
    await renderPage();
    await screen.findByRole('heading', { name: 'Emerald Ridge Farms' });
    expect(screen.getByText('$900.00/lb · Volume tier from 10 lbs')).toBeTruthy();
    expect(screen.getByText(CART.notEnough('Lot B', '20 lbs'))).toBeTruthy();
    expect((screen.getByRole('button', { name: CART.sendOffer }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Total: $10,800.00')).toBeTruthy();
  });

  test('an empty cart points to the catalog', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(200, { success: true, data: { sellers: [], itemCount: 0 } })),
    );
    await renderPage();
    await screen.findByText(CART.empty);
    expect(screen.getByRole('link', { name: 'Browse Products' })).toBeTruthy();
  });

  test('a failed load says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await renderPage();
    await screen.findByText(/Failed to load your cart|connection|offline/i);
  });
});
