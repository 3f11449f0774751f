import { act, render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { Dialog } from './dialog.tsx';

function ContactDialog({ open }: { open: boolean }) {
  return (
    <Dialog open={open} onClose={() => undefined} title="Contact Emerald Ridge Farms">
      <p>Ask about the lot.</p>
      <label>
        Subject
        <input name="subject" />
      </label>
      <label>
        Message
        <textarea name="message" />
      </label>
    </Dialog>
  );
}

describe('a dialog', () => {
  test('opens with focus on its first field, where the person starts typing, not on Close', async () => {
    const { rerender } = render(<ContactDialog open={false} />);
    await act(async () => rerender(<ContactDialog open />));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Subject' }));
  });

  test('without a field still takes focus inside, on its first button', async () => {
    const { rerender } = render(
      <Dialog open={false} onClose={() => undefined} title="Listing preview">
        <p>Nothing to fill in.</p>
      </Dialog>,
    );
    await act(async () =>
      rerender(
        <Dialog open onClose={() => undefined} title="Listing preview">
          <p>Nothing to fill in.</p>
        </Dialog>,
      ),
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });
});
