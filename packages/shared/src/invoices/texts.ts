import type { InvoiceStatus, PaymentMethod } from '../deals/schemas.ts';
import { formatUsd } from '../deals/texts.ts';
import { PAYMENT_REFERENCE_MAX } from './limits.ts';

// Every text a person reads about payments, balances and the receivables and payables lists.

export const PAYMENT_RULES = {
  amountRequired: 'Amount is required',
  amountInvalid: 'Amount must be a number',
  amountPositive: 'Amount must be greater than 0',
  amountStep: 'Amount can have at most 2 decimal places',
  amountMax: 'Amount is too large',
  methodInvalid: 'Method must be ACH, check, wire, cash or other',
  paidAtRequired: 'Payment date is required',
  paidAtInvalid: 'Payment date must be a date (YYYY-MM-DD)',
  paidAtFuture: 'Payment date cannot be in the future',
  referenceTooLong: `Reference must be at most ${PAYMENT_REFERENCE_MAX} characters`,
} as const;

export const INVOICES = {
  noInvoice: 'This order has no invoice yet, so no payment can be recorded',
  alreadyPaid: 'This invoice is already paid in full',
  /** A payment past the balance: the text names what is still owed. */
  overBalance: (balance: number) => `This payment is more than the balance due of ${formatUsd(balance)}`,
  onlySellerRecords: 'Only the seller can record payments',
  paymentRecorded: 'Payment recorded',
  newBuyer: 'New buyer',
  receivables: 'Receivables',
  payables: 'Payables',
  noInvoices: 'No invoices yet',
  exportCsv: 'Export CSV',
  reminderSubject: (invoiceNumber: string, late: boolean) =>
    late ? `Overdue: invoice ${invoiceNumber}` : `Payment due today: invoice ${invoiceNumber}`,
} as const;

export const INVOICE_STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  open: 'Open',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
};

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  ach: 'ACH',
  check: 'Check',
  wire: 'Wire',
  cash: 'Cash',
  other: 'Other',
};

/** "Paid on time in 2 of 3 invoices (67%), 1.5 days late on average": the record in words. */
export function describeBuyerRecord(record: {
  paidInvoices: number;
  onTimeShare: number;
  averageDaysLate: number;
}): string {
  const onTime = Math.round(record.onTimeShare * record.paidInvoices);
  const share = Math.round(record.onTimeShare * 100);
  return `Paid on time: ${onTime} of ${record.paidInvoices} invoices (${share}%); ${record.averageDaysLate} days late on average`;
}
