import type { OrderDto } from '@canopy/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { ScheduleDialog } from './schedule-dialog.tsx';

const order = { _id: 'o1', status: 'confirmed', quantityLbs: 10, fulfilment: null } as OrderDto;

async function openDialog() {
  const send = vi.fn();
  await renderWithSession(<ScheduleDialog order={order} open onClose={() => undefined} />, 'seller');
  vi.stubGlobal('fetch', send);
  const dialog = screen.getByRole('dialog', { name: 'Schedule delivery' });
  const fill = (label: string, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  const submit = () =>
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule and Issue Invoice' }));
  return { dialog, send, fill, submit };
}

describe('the schedule delivery dialog', () => {
  test('names every field, starts with one package of the whole order, and refuses blanks in the API’s words', async () => {
    const form = await openDialog();
    expect(within(form.dialog).getByRole('textbox', { name: 'Package 1 quantity (lbs)' })).toHaveProperty(
      'value',
      '10',
    );
    form.submit();
    await within(form.dialog).findByText('Distributor license number is required');
    for (const text of [
      'Pick-up time must be a date and time',
      'Estimated arrival must be a date and time',
      'Driver name is required',
      'Vehicle plate is required',
      'Package UID must be 1A4 followed by 21 capital letters or digits',
    ]) {
      within(form.dialog).getByText(text);
    }
    expect(
      within(form.dialog).getByRole('textbox', { name: 'Driver name' }).getAttribute('aria-invalid'),
    ).toBe('true');
    expect(form.send).not.toHaveBeenCalled();
  });

  test('refuses an arrival before the pick-up, then a repeated package, once the rest is right', async () => {
    const form = await openDialog();
    form.fill('Distributor license number', 'C11-0000777-LIC');
    form.fill('Pick-up time', '2030-03-05T09:30');
    form.fill('Estimated arrival', '2030-03-05T08:00');
    form.fill('Driver name', 'Jordan Wheeler');
    form.fill("Driver's license number", 'D7654321');
    form.fill('Vehicle make', 'Ford');
    form.fill('Vehicle model', 'Transit');
    form.fill('Vehicle plate', '8ABC123');
    form.fill('Package 1 UID', `1A4${'0'.repeat(21)}`);
    form.fill('Package 1 quantity (lbs)', '6');
    form.submit();
    await within(form.dialog).findByText('Estimated arrival must be after the pick-up time');

    form.fill('Estimated arrival', '2030-03-05T13:00');
    fireEvent.click(within(form.dialog).getByRole('button', { name: 'Add package' }));
    form.fill('Package 2 UID', `1A4${'0'.repeat(21)}`);
    form.fill('Package 2 quantity (lbs)', '4');
    form.submit();
    await within(form.dialog).findByText('Each package UID may appear only once');
    expect(form.send).not.toHaveBeenCalled();
  });
});
