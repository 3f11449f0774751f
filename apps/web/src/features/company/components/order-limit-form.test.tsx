import { ORDER_LIMIT_TEXTS } from '@canopy/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { OrderLimitForm } from './order-limit-form.tsx';

describe('a purchasing member’s order limit', () => {
  const field = () => screen.getByRole('spinbutton', { name: ORDER_LIMIT_TEXTS.label('Pat Purchasing') });

  test('saves dollars, and an empty box as no limit', async () => {
    const onSave = vi.fn();
    render(<OrderLimitForm name="Pat Purchasing" limit={5000} saving={false} onSave={onSave} />);
    expect((field() as HTMLInputElement).value).toBe('5000');

    fireEvent.change(field(), { target: { value: '2500.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(onSave).toHaveBeenLastCalledWith(2500.5));

    fireEvent.change(field(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(onSave).toHaveBeenLastCalledWith(null));
  });

  test('refuses a limit of zero or of fractions of a cent in the API’s words, saving nothing', async () => {
    const onSave = vi.fn();
    render(<OrderLimitForm name="Pat Purchasing" limit={null} saving={false} onSave={onSave} />);
    fireEvent.change(field(), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ORDER_LIMIT_TEXTS.positive);

    fireEvent.change(field(), { target: { value: '10.001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ORDER_LIMIT_TEXTS.step));
    expect(onSave).not.toHaveBeenCalled();
  });
});
