// What other features may use of invoices: the one computation of an invoice's standing and due date.
export { dueDateSql, type InvoiceStanding, invoiceStanding, invoiceStatusSql, paidSql } from './standing.ts';
