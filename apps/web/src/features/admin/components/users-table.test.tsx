import type { UserDto } from '@canopy/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { resizeWindow } from '@/test/viewport.ts';
import { UsersTable } from './users-table.tsx';

const user = {
  _id: 'u1',
  email: 'orders@emerald-ridge.example.com',
  role: 'seller',
  status: 'pending',
  createdAt: '2026-06-05T22:04:00.000Z',
  profile: { businessName: 'Emerald Ridge Farms', contactName: 'Rae Ortiz' },
} as UserDto;

/** The e-mail cell of the only row, on a screen `width` pixels wide. */
function emailCell(width: number): HTMLElement {
  resizeWindow(width);
  render(<UsersTable users={[user]} caption="Users" />);
  const row = screen.getAllByRole('row')[1] as HTMLElement;
  return within(row).getAllByRole('cell')[1] as HTMLElement;
}

describe('the users table', () => {
  test('wraps an e-mail address before its “@” and each “.”, never mid-word', () => {
    const cell = emailCell(1280);
    expect(cell.textContent).toBe('orders@emerald-ridge.example.com');
    expect(cell.innerHTML).toContain('orders<wbr>@emerald-ridge<wbr>.example<wbr>.com');
    // break-all is what cut "emer" / "ald" apart in a narrow column.
    expect(cell.outerHTML).not.toContain('break-all');
  });
});
