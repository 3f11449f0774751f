import type { ListingDto } from '@canopy/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { RequestReviewDialog } from './request-review-dialog.tsx';

const hidden = {
  _id: 'l1',
  title: 'Blue Dream, 20 lb',
  moderation: { hidden: true, reason: 'Missing or doubtful lab results' },
} as unknown as ListingDto;

describe('the request review dialog', () => {
  test.each([
    ['an empty message', ''],
    ['a message of spaces and line breaks', '  \n  '],
  ])('refuses %s with SPEC’s words and sends nothing', async (_name, message) => {
    const send = vi.fn();
    await renderWithSession(<RequestReviewDialog listing={hidden} onClose={() => undefined} />, 'seller');
    vi.stubGlobal('fetch', send);
    const dialog = screen.getByRole('dialog', { name: 'Request review' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), {
      target: { value: message },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));

    await within(dialog).findByText(
      'Please tell Canopy what you changed or why the listing should be restored.',
    );
    expect(send).not.toHaveBeenCalled();
  });
});
