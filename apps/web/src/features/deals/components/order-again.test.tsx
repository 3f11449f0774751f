import { type OrderDto, ROLE_PERMISSIONS } from '@canopy/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { OrderAgain } from './order-again.tsx';

// "Order again" (issue 25 item 5) is offered only where the server would take it: a delivered
// order of the buyer's, not a sample, to a member who may buy.

const line = (priceSource: 'asking' | 'sample') => ({
  listingId: 'l1',
  listingTitle: 'Blue Dream',
  quantityLbs: 10,
  pricePerLb: priceSource === 'sample' ? 0 : 1200,
  total: priceSource === 'sample' ? 0 : 12000,
  priceSource,
  tierFromLbs: null,
  sampleGrams: priceSource === 'sample' ? 7 : null,
});

const order = (status: OrderDto['status'], source: 'asking' | 'sample' = 'asking') =>
  ({
    _id: 'o1',
    status,
    quantityLbs: 10,
    pricePerLb: 1200,
    total: 12000,
    seller: { _id: 's1', businessName: 'Emerald Farms' },
    lines: [line(source)],
  }) as unknown as OrderDto;

const button = () => screen.queryByRole('button', { name: 'Order again' });

describe('Order again', () => {
  test.each(['fulfilled', 'completed'] as const)('is offered on a %s order', async (status) => {
    await renderWithSession(<OrderAgain order={order(status)} />, 'buyer');
    expect(button()).not.toBeNull();
  });

  test.each(['confirmed', 'scheduled', 'in_transit', 'cancelled'] as const)(
    'is absent on a %s order',
    async (status) => {
      await renderWithSession(<OrderAgain order={order(status)} />, 'buyer');
      expect(button()).toBeNull();
    },
  );

  test('is absent on a sample’s order', async () => {
    await renderWithSession(<OrderAgain order={order('completed', 'sample')} />, 'buyer');
    expect(button()).toBeNull();
  });

  test('is absent for a finance member, who may not make offers', async () => {
    await renderWithSession(<OrderAgain order={order('completed')} />, 'buyer', new QueryClient(), '/', {
      userId: 'me',
      role: 'finance',
      permissions: [...ROLE_PERMISSIONS.finance],
    });
    expect(button()).toBeNull();
  });
});
