import {
  type CompanyRole,
  INVOICES,
  type InvoiceStandingDto,
  PAYMENT_RULES,
  ROLE_PERMISSIONS,
} from '@canopy/shared';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { invoiceKeys } from '../api/invoices-api.ts';
import { PaymentsSection } from './payments-section.tsx';

// The order page's Payments section (issue 23 item 5): both sides read where the invoice stands;
// the seller records a payment in a dialog whose refusals are said under their fields, the
// server's over-balance refusal included.

const standing: InvoiceStandingDto = {
  orderId: 'o1',
  orderNumber: 'CNP-000042',
  number: 'INV-000042',
  version: 1,
  total: 12000,
  paymentTerms: 'net15',
  dueDate: '2026-03-23',
  paid: 5000,
  balance: 7000,
  status: 'partially_paid',
  payments: [{ amount: 5000, method: 'check', paidAt: '2026-03-10', reference: 'Check 1042' }],
};

const memberOf = (role: CompanyRole) => ({ userId: 'me', role, permissions: [...ROLE_PERMISSIONS[role]] });

async function renderSection(viewer: 'buyer' | 'seller', role: CompanyRole = 'owner') {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  client.setQueryData(invoiceKeys.payments('o1'), standing);
  await renderWithSession(
    <PaymentsSection orderId="o1" viewer={viewer} />,
    viewer,
    client,
    '/',
    memberOf(role),
  );
}

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Record a payment' }));
  return screen.getByRole('dialog', { name: 'Record a payment' });
}

const amountBox = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /Amount/ });

afterEach(() => vi.unstubAllGlobals());

describe('the Payments section', () => {
  test('shows the buyer the balance, status and payments, with nothing to record', async () => {
    await renderSection('buyer');
    const section = screen.getByRole('region', { name: 'Payments' });
    expect(within(section).getByTestId('invoice-balance').textContent).toBe('$7,000.00');
    expect(within(section).getByTestId('invoice-status').textContent).toBe('Partially paid');
    expect(within(section).getAllByText('Check 1042')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Record a payment' })).toBeNull();
  });

  test('shows a sales member the balance and payments, with nothing to record', async () => {
    await renderSection('seller', 'sales');
    const section = screen.getByRole('region', { name: 'Payments' });
    expect(within(section).getByTestId('invoice-balance').textContent).toBe('$7,000.00');
    expect(screen.queryByRole('button', { name: 'Record a payment' })).toBeNull();
  });

  test('refuses a payment that is not a number or dated tomorrow under its field, sending nothing', async () => {
    const send = vi.fn();
    await renderSection('seller', 'finance');
    vi.stubGlobal('fetch', send);
    const dialog = await openDialog();
    fireEvent.change(amountBox(dialog), { target: { value: 'ten' } });
    const tomorrow = new Date(Date.now() + 36 * 60 * 60_000).toISOString().slice(0, 10);
    fireEvent.change(within(dialog).getByLabelText(/Date received/), { target: { value: tomorrow } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    await within(dialog).findByText(PAYMENT_RULES.amountInvalid);
    await within(dialog).findByText(PAYMENT_RULES.paidAtFuture);
    expect(send).not.toHaveBeenCalled();
  });

  test('says the server’s over-balance refusal under the amount and keeps the dialog open', async () => {
    const refusal = INVOICES.overBalance(7000);
    const send = vi.fn(async (_address: RequestInfo | URL, _init?: RequestInit) =>
      Response.json(
        { success: false, error: refusal, message: refusal, code: 'payment_over_balance' },
        { status: 400 },
      ),
    );
    await renderSection('seller');
    vi.stubGlobal('fetch', send);
    const dialog = await openDialog();
    fireEvent.change(amountBox(dialog), { target: { value: '7500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    await within(dialog).findByText(refusal);
    expect(amountBox(dialog).getAttribute('aria-invalid')).toBe('true');
    expect(String(send.mock.calls[0]?.[0])).toContain('/orders/o1/payments');
    expect(JSON.parse(String(send.mock.calls[0]?.[1]?.body))).toMatchObject({ amount: 7500, method: 'ach' });
  });
});
