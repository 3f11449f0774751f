import { act, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { resizeWindow } from '@/test/viewport.ts';
import { type ResponsiveColumn, ResponsiveTable } from './responsive-table.tsx';

interface Lot {
  id: string;
  title: string;
  zip: string;
  views: number;
}

const LOTS: Lot[] = [
  { id: '1', title: 'OG Kush', zip: '95501', views: 1 },
  { id: '2', title: 'Blue Dream', zip: '94110', views: 1200 },
];

const COLUMNS: ResponsiveColumn<Lot>[] = [
  { header: 'Listing', cell: (lot) => lot.title, card: false },
  { header: 'ZIP', cell: (lot) => lot.zip },
  {
    header: 'Views',
    cell: (lot) => lot.views.toLocaleString('en-US'),
    card: (lot) => `${lot.views.toLocaleString('en-US')} ${lot.views === 1 ? 'view' : 'views'}`,
  },
];

function Lots() {
  return (
    <ResponsiveTable
      rows={LOTS}
      rowKey={(lot) => lot.id}
      caption="Active listings"
      columns={COLUMNS}
      tableFrom="lg"
      cardHeader={(lot) => <p>{lot.title}</p>}
      actions={(lot) => <button type="button">Edit {lot.title}</button>}
    />
  );
}

const cellTexts = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('cell')
    .map((cell) => cell.textContent);

describe('ResponsiveTable', () => {
  beforeEach(() => resizeWindow(1280));

  test('where there is room: a table named by its caption, with column headers and one row per item', () => {
    render(<Lots />);

    const table = screen.getByRole('table', { name: 'Active listings' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Listing', 'ZIP', 'Views', 'Actions']);
    for (const header of within(table).getAllByRole('columnheader'))
      expect(header.getAttribute('scope')).toBe('col');
    const [, first, second] = within(table).getAllByRole('row');
    expect(cellTexts(first as HTMLElement)).toEqual(['OG Kush', '95501', '1', 'Edit OG Kush']);
    expect(cellTexts(second as HTMLElement)).toEqual(['Blue Dream', '94110', '1,200', 'Edit Blue Dream']);
    expect(screen.queryByRole('list')).toBeNull();
  });

  test('on a phone: a list of cards named by the caption, each value labelled, and no table', () => {
    resizeWindow(390);
    render(<Lots />);

    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Active listings' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [first] = cards as [HTMLElement];
    expect(
      within(first)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['ZIP', 'Views']);
    expect(
      within(first)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['95501', '1 view']);
    expect(within(first).getByText('OG Kush').tagName).toBe('P');
    within(first).getByRole('button', { name: 'Edit OG Kush' });
  });

  test('turning a tablet or resizing the window switches between the two', () => {
    resizeWindow(800);
    render(<Lots />);
    screen.getByRole('list', { name: 'Active listings' });

    act(() => resizeWindow(1024));
    screen.getByRole('table', { name: 'Active listings' });
    expect(screen.queryByRole('list')).toBeNull();
  });
});
