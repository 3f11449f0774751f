import type { ProductDto } from '@canopy/shared';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { productKeys } from '@/features/catalog';
import { renderWithSession } from '@/test/session.tsx';
import { ThreadOfferButton } from './make-offer.tsx';

// "Make an Offer" inside a conversation opens on the lot's own terms, as it does on the product
// page: its asking price and the pounds left, and the form starts from them.

const lot = {
  _id: 'l1',
  name: 'Blue Dream',
  priceRange: '$1,200.00 / lb (negotiable)',
  availableQuantity: '20 lbs',
  priceTiers: [],
} as unknown as ProductDto;

describe('the offer button in a conversation', () => {
  test('shows the asking price and the pounds available, and starts the price from the asking price', async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
    });
    client.setQueryData(productKeys.detail('l1'), lot);
    await renderWithSession(
      <ThreadOfferButton listingId="l1" listingTitle="Blue Dream" sellerName="Emerald Farms" />,
      'buyer',
      client,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Make an Offer' }));
    const dialog = await screen.findByRole('dialog', { name: /offer/i });
    await within(dialog).findByText(/\$1,200\.00/);
    within(dialog).getByText(/20 lbs/);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Quantity (lbs)' }), {
      target: { value: '25' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /Send/ }));
    await within(dialog).findByText('Not enough quantity available');
    expect(within(dialog).getByRole('textbox', { name: 'Price per lb (USD)' })).toHaveProperty(
      'value',
      '1200.00',
    );
  });
});
