import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { ContactSellerDialog } from './contact-seller-dialog.tsx';

/** The contact form for a buyer, with every request caught by `send` rather than refused. */
async function openDialog() {
  const send = vi.fn();
  await renderWithSession(
    <ContactSellerDialog
      open
      onClose={() => undefined}
      productId="p1"
      productName="Blue Dream"
      seller={{ sellerId: 's1', businessName: 'Sierra Sun Growers' }}
    />,
    'buyer',
  );
  vi.stubGlobal('fetch', send);
  const dialog = screen.getByRole('dialog', { name: 'Contact Sierra Sun Growers' });
  const subject = within(dialog).getByRole('textbox', { name: 'Subject' });
  const message = within(dialog).getByRole('textbox', { name: 'Message' });
  const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send Message' }));
  return { dialog, send, subject, message, submit };
}

describe('the contact seller dialog', () => {
  test('starts with the product in the subject', async () => {
    const { subject } = await openDialog();
    expect(subject).toHaveProperty('value', 'Interested in Blue Dream');
  });

  test('refuses an empty message with SPEC’s words, marks the field, and sends nothing', async () => {
    const { dialog, send, message, subject, submit } = await openDialog();
    submit();
    await within(dialog).findByText('Please fill in both subject and message');
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(subject.getAttribute('aria-invalid')).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  test('refuses a subject of spaces with SPEC’s words and sends nothing', async () => {
    const { dialog, send, message, subject, submit } = await openDialog();
    fireEvent.change(subject, { target: { value: '   ' } });
    fireEvent.change(message, { target: { value: 'Is the lot still available?' } });
    submit();
    await within(dialog).findByText('Please fill in both subject and message');
    expect(subject.getAttribute('aria-invalid')).toBe('true');
    expect(message.getAttribute('aria-invalid')).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });
});
