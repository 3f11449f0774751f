import type { OrderDto } from '@canopy/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { OrderTimeline } from './order-timeline.tsx';

// Who moved an order (issue 28): a member who is not the company's founding login is named beside
// the business; a company of one reads as before, by the business alone.

const order = {
  _id: 'o1',
  quantityLbs: 10,
  buyer: { _id: 'buyer-company', businessName: 'Valley Retail' },
  seller: { _id: 'seller-company', businessName: 'North Coast Growers' },
  history: [
    {
      status: 'confirmed',
      at: '2026-11-20T18:00:00.000Z',
      by: 'seller',
      reason: null,
      quantityReturned: null,
      byMember: { userId: 'seller-company', contactName: 'Pat Owner' },
    },
    {
      status: 'fulfilled',
      at: '2026-11-21T18:00:00.000Z',
      by: 'seller',
      reason: null,
      quantityReturned: null,
      byMember: { userId: 'dana', contactName: 'Dana Reyes' },
    },
    {
      status: 'completed',
      at: '2026-11-22T18:00:00.000Z',
      by: 'buyer',
      reason: null,
      quantityReturned: null,
      byMember: null,
    },
  ],
} as unknown as OrderDto;

describe('the order timeline', () => {
  test('names the member who moved for the company, and only the business for its founding login', () => {
    render(<OrderTimeline order={order} />);
    const lines = screen.getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent);
    expect(lines).toEqual([
      'Confirmed by North Coast Growers',
      'Fulfilled by Dana Reyes of North Coast Growers',
      'Completed by Valley Retail',
    ]);
  });
});
