import type { OrderDto } from '@canopy/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { OrderActions } from './order-actions.tsx';

const confirmed = { _id: 'o1', status: 'confirmed' } as OrderDto;

describe('cancelling an order', () => {
  test.each([
    ['no reason', ''],
    ['a reason of spaces', '   '],
  ])('with %s is refused in the API’s words and nothing is sent', async (_name, reason) => {
    const send = vi.fn();
    await renderWithSession(<OrderActions order={confirmed} viewer="buyer" />, 'buyer');
    vi.stubGlobal('fetch', send);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: reason } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));

    await within(dialog).findByText('Please give a reason for cancelling');
    expect(send).not.toHaveBeenCalled();
  });
});
