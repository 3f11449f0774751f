import type { InvoiceSummaryDto, invoiceContracts, RouteAnswer } from '@canopy/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { invoicesQueryOptions } from '../api/invoices-api.ts';
import { OverdueInvoices } from './overdue-invoices.tsx';

// The seller dashboard's overdue invoices (issue 23 item 5): the latest few, each with its buyer,
// due date and balance, and the way to the receivables' Overdue tab.

const overdue: InvoiceSummaryDto = {
  _id: 'i1',
  orderId: 'o1',
  orderNumber: 'CNP-000042',
  number: 'INV-000042',
  version: 1,
  counterparty: 'Bay Area Dispensary',
  issuedAt: '2026-02-01T18:00:00.000Z',
  dueDate: '2026-03-03',
  total: 12000,
  paid: 2000,
  balance: 10000,
  status: 'overdue',
};

const counts = { open: 0, partially_paid: 0, paid: 0, overdue: 1 };
const totals = Object.fromEntries(
  Object.entries(counts).map(([status, count]) => [status, { count, total: 0, balance: 0 }]),
) as RouteAnswer<typeof invoiceContracts.invoices>['totals'];

async function renderWith(rows: InvoiceSummaryDto[]) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const filter = { role: 'seller', status: 'overdue', page: 1, limit: 5 } as const;
  client.setQueryData(invoicesQueryOptions(filter).queryKey, {
    success: true,
    data: rows,
    pagination: { page: 1, limit: 5, total: rows.length, pages: 1 },
    totals,
  });
  await renderWithSession(<OverdueInvoices />, 'seller', client);
}

describe('overdue invoices on the seller dashboard', () => {
  test('lists each with its buyer, due date and balance, and leads to the Overdue tab', async () => {
    await renderWith([overdue]);
    const section = screen.getByRole('region', { name: 'Overdue invoices' });
    expect(within(section).getAllByText('Bay Area Dispensary')).not.toHaveLength(0);
    expect(within(section).getAllByText('$10,000.00')).not.toHaveLength(0);
    expect(within(section).getAllByText('Mar 3, 2026')).not.toHaveLength(0);
    expect(within(section).getByRole('link', { name: 'View receivables' }).getAttribute('href')).toBe(
      '/receivables?status=overdue',
    );
  });

  test('says so when nothing is overdue', async () => {
    await renderWith([]);
    expect(screen.getByText('No overdue invoices.')).toBeTruthy();
  });
});
