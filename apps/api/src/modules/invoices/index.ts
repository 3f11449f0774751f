// What other features may use of invoices: the one computation of an invoice's standing and due
// date, the buyer's payment record an offer shows its seller, and the reminder sweep the server runs.
export { buyerRecord } from './buyer-record.ts';
export { type ReminderRun, sendInvoiceReminders } from './reminders.ts';
export { dueDateSql, type InvoiceStanding, invoiceStanding, invoiceStatusSql, paidSql } from './standing.ts';
export { startInvoiceReminderWorker } from './worker.ts';
