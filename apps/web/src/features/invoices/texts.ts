import { type DealParty, INVOICES } from '@canopy/shared';

// The invoices feature's own wording; the rules' texts (refusals, labels of statuses and methods)
// come from @canopy/shared.

export const INVOICES_PAGE = {
  title: (side: DealParty) => (side === 'seller' ? INVOICES.receivables : INVOICES.payables),
  description: (side: DealParty) =>
    side === 'seller'
      ? 'What your buyers owe you, invoice by invoice. Record payments on each order.'
      : 'What you owe your sellers, invoice by invoice. Due dates are in Pacific time.',
  all: 'All',
  tabsLabel: 'Invoices by status',
  loading: 'Loading invoices',
  loadFailed: 'Failed to load invoices',
  empty: INVOICES.noInvoices,
  emptyStatus: (status: string) => `No ${status.toLowerCase()} invoices`,
  emptyHint: 'An invoice is issued when an order is scheduled.',
  caption: (side: DealParty) => (side === 'seller' ? 'Receivables' : 'Payables'),
  pagination: 'Invoice pages',
  exportCsv: INVOICES.exportCsv,
  exportFailed: 'Failed to export invoices',
  totalsLabel: 'Totals by status',
  totalsCount: (count: number) => `${count} ${count === 1 ? 'invoice' : 'invoices'}`,
  totalsBalance: 'Balance',
  outstanding: 'Outstanding',
  number: 'Invoice',
  order: 'Order',
  counterparty: (side: DealParty) => (side === 'seller' ? 'Buyer' : 'Seller'),
  issued: 'Issued',
  due: 'Due',
  notDue: 'On delivery',
  total: 'Total',
  paid: 'Paid',
  balance: 'Balance',
  status: 'Status',
  yourRecord: 'Your payment record',
} as const;

export const PAYMENTS_SECTION = {
  title: 'Payments',
  loading: 'Loading payments',
  loadFailed: 'Failed to load payments',
  noInvoice: 'No invoice yet: it is issued when the order is scheduled.',
  invoice: (number: string, version: number) => (version > 1 ? `${number} (version ${version})` : number),
  total: 'Invoice total',
  paid: 'Paid',
  balance: 'Balance',
  due: 'Due',
  notDue: 'Set on delivery',
  status: 'Status',
  none: 'No payments recorded yet.',
  listCaption: 'Payments received',
  date: 'Date',
  amount: 'Amount',
  method: 'Method',
  reference: 'Reference',
  record: 'Record a payment',
} as const;

export const PAYMENT_FORM = {
  title: 'Record a payment',
  about: (number: string, balance: string) => `Invoice ${number}: ${balance} outstanding.`,
  amount: 'Amount ($)',
  method: 'Method',
  paidAt: 'Date received',
  reference: 'Reference (optional)',
  referenceHint: 'A check number or a wire confirmation',
  submit: 'Record payment',
  cancel: 'Cancel',
  failed: 'Failed to record the payment',
} as const;

export const BUYER_RECORD = {
  title: 'Payment record on Canopy',
  paidInvoices: 'Invoices paid',
  onTime: 'Paid on time',
  averageDaysLate: 'Average days late',
  newBuyer: INVOICES.newBuyer,
  newBuyerHint: 'Fewer than 3 invoices paid on Canopy so far.',
} as const;

export const OVERDUE = {
  title: 'Overdue invoices',
  loading: 'Loading overdue invoices',
  none: 'No overdue invoices.',
  caption: 'Overdue invoices',
  viewAll: 'View receivables',
} as const;
