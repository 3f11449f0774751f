import type { PriceTier } from '@canopy/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { OfferFormDialog } from './offer-form-dialog.tsx';

/** A first offer on a 20 lb lot; `send` records the terms the dialog would send. */
function openForm(pricing: { askingPrice?: number; priceTiers?: PriceTier[] } = {}) {
  const send = vi.fn(() => Promise.resolve());
  render(
    <OfferFormDialog
      open
      onClose={() => undefined}
      title="Make an offer"
      listingTitle="Blue Dream"
      availableLbs={20}
      {...pricing}
      submitLabel="Send offer"
      onSubmit={send}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Make an offer' });
  const type = (label: string, value: string) =>
    fireEvent.change(within(dialog).getByRole('textbox', { name: label }), { target: { value } });
  const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
  return { dialog, send, type, submit };
}

describe('the offer form', () => {
  test('refuses empty terms with the API’s words and sends nothing', async () => {
    const form = openForm();
    form.submit();
    await within(form.dialog).findByText('Quantity is required');
    within(form.dialog).getByText('Price per pound is required');
    expect(form.send).not.toHaveBeenCalled();
  });

  test('refuses more pounds than the lot holds and sends nothing', async () => {
    const form = openForm();
    form.type('Quantity (lbs)', '25');
    form.type('Price per lb (USD)', '900');
    form.submit();
    await within(form.dialog).findByText('Not enough quantity available');
    expect(form.send).not.toHaveBeenCalled();
  });

  test('sends the terms as numbers, without the blank date and note', async () => {
    const form = openForm();
    form.type('Quantity (lbs)', '12.5');
    form.type('Price per lb (USD)', '900');
    form.submit();
    await vi.waitFor(() => expect(form.send).toHaveBeenCalledWith({ quantityLbs: 12.5, pricePerLb: 900 }));
  });

  test('sends payment terms other than cash on delivery', async () => {
    const form = openForm();
    form.type('Quantity (lbs)', '2');
    form.type('Price per lb (USD)', '900');
    fireEvent.change(within(form.dialog).getByRole('combobox', { name: 'Payment terms' }), {
      target: { value: 'net15' },
    });
    form.submit();
    await vi.waitFor(() =>
      expect(form.send).toHaveBeenCalledWith({ quantityLbs: 2, pricePerLb: 900, paymentTerms: 'net15' }),
    );
  });

  test('shows the price the lot’s tiers give the quantity typed, and fills it until the buyer types one', async () => {
    const form = openForm({ askingPrice: 1200, priceTiers: [{ fromLbs: 10, pricePerLb: 1100 }] });
    const price = within(form.dialog).getByRole('textbox', { name: 'Price per lb (USD)' });
    form.type('Quantity (lbs)', '9.99');
    await within(form.dialog).findByText('Price at 9.99 lbs: $1,200.00/lb (asking price)');
    await vi.waitFor(() => expect(price).toHaveProperty('value', '1200.00'));
    form.type('Quantity (lbs)', '10');
    await within(form.dialog).findByText('Price at 10 lbs: $1,100.00/lb (tier from 10 lbs)');
    await vi.waitFor(() => expect(price).toHaveProperty('value', '1100.00'));

    // A price of the buyer's own stays, whatever the quantity; the line still says the table's.
    form.type('Price per lb (USD)', '1000');
    form.type('Quantity (lbs)', '5');
    await within(form.dialog).findByText('Price at 5 lbs: $1,200.00/lb (asking price)');
    expect(price).toHaveProperty('value', '1000');
    form.submit();
    await vi.waitFor(() => expect(form.send).toHaveBeenCalledWith({ quantityLbs: 5, pricePerLb: 1000 }));
  });
});
