import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { resizeWindow } from '@/test/viewport.ts';
import type { AuditEntry } from '../api/admin-audit-api.ts';
import { AuditEntries } from './audit-entries.tsx';

const entry = (fields: Partial<AuditEntry>): AuditEntry => ({
  _id: 'a1',
  admin: { _id: 'u1', email: 'buyer@example.com' },
  reason: null,
  action: 'offer.create',
  targetType: 'offer',
  targetId: 'o1',
  targetLabel: 'Offer on Blue Dream',
  before: null,
  after: { status: 'open', quantityLbs: 10, pricePerLb: 1200, total: 12000 },
  createdAt: '2026-06-05T22:04:00.000Z',
  ...fields,
});

describe('the audit trail', () => {
  beforeEach(() => resizeWindow(1280));

  test('names whoever acted in an “Actor” column: buyers and sellers act on deals, not only admins', () => {
    render(<AuditEntries entries={[entry({})]} caption="Admin actions, newest first" />);
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['When (Pacific)', 'Actor', 'Action', 'Target', 'Change', 'Reason']);
  });

  test('says a move in words: an offer made is “Made an offer”, and is new, not “deleted → open”', () => {
    render(<AuditEntries entries={[entry({})]} caption="Admin actions, newest first" />);
    const cells = within(screen.getAllByRole('row')[1] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[2]).toBe('Made an offer');
    expect(cells[4]).toBe('new → open');
  });

  test('says the other deal moves in words too', () => {
    const moves = [
      entry({
        _id: 'a2',
        action: 'offer.counter',
        before: { status: 'open' },
        after: { status: 'countered' },
      }),
      entry({
        _id: 'a3',
        action: 'order.complete',
        before: { status: 'fulfilled' },
        after: { status: 'completed' },
      }),
    ];
    render(<AuditEntries entries={moves} caption="Admin actions, newest first" />);
    const rows = screen.getAllByRole('row').slice(1);
    const words = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(words.map((cells) => [cells[2], cells[4]])).toEqual([
      ['Countered an offer', 'open → countered'],
      ['Marked an order completed', 'fulfilled → completed'],
    ]);
  });
});
