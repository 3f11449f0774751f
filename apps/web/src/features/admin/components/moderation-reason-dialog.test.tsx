import { LISTING_HIDE_REASONS, REASON_MAX } from '@canopy/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ModerationReasonDialog } from './moderation-reason-dialog.tsx';

/** The hide dialog as the admin listings table opens it; `onConfirm` records what would be sent. */
function openDialog() {
  const onConfirm = vi.fn();
  render(
    <ModerationReasonDialog
      open
      title="Hide this listing?"
      presets={LISTING_HIDE_REASONS}
      confirmLabel="Hide listing"
      isPending={false}
      onConfirm={onConfirm}
      onClose={() => undefined}
    >
      The listing leaves the catalog.
    </ModerationReasonDialog>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Hide this listing?' });
  return {
    dialog,
    onConfirm,
    choose: (value: string) =>
      fireEvent.change(within(dialog).getByRole('combobox', { name: 'Reason' }), { target: { value } }),
    type: (value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name: 'Details' }), { target: { value } }),
    confirm: async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
      // The resolver answers asynchronously; let it.
      await vi.waitFor(() => undefined);
    },
  };
}

describe('the moderation reason dialog', () => {
  test('refuses to confirm without a reason, saying so, and confirms nothing', async () => {
    const form = openDialog();
    await form.confirm();
    await within(form.dialog).findByText('Please give a reason for this action.');
    expect(form.onConfirm).not.toHaveBeenCalled();
  });

  test('"Other" with no words of its own is no reason', async () => {
    const form = openDialog();
    form.choose('other');
    form.type('   ');
    await form.confirm();
    await within(form.dialog).findByText('Please give a reason for this action.');
    expect(form.onConfirm).not.toHaveBeenCalled();
  });

  test('refuses a reason longer than the API stores, in the API’s words', async () => {
    const form = openDialog();
    form.choose(LISTING_HIDE_REASONS[0]);
    form.type('x'.repeat(REASON_MAX));
    await form.confirm();
    await within(form.dialog).findByText(`The reason must be at most ${REASON_MAX} characters.`);
    expect(form.onConfirm).not.toHaveBeenCalled();
  });

  test('sends the choice and the own words as one reason', async () => {
    const form = openDialog();
    form.choose('Duplicate listing');
    form.type('  Same lot as the listing posted on Monday. ');
    await form.confirm();
    await vi.waitFor(() =>
      expect(form.onConfirm).toHaveBeenCalledWith(
        'Duplicate listing: Same lot as the listing posted on Monday.',
      ),
    );
  });
});
