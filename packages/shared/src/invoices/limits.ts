// Limits of payments and invoice lists (issue 23 items 5 and 7).

/** numeric(12,2): the largest amount one payment row can hold. */
export const PAYMENT_AMOUNT_MAX = 9_999_999_999.99;
/** Longest reference (a check number, a wire confirmation). */
export const PAYMENT_REFERENCE_MAX = 100;
/** Page sizes of GET /invoices, as the orders list's. */
export const INVOICES_PAGE_DEFAULT = 20;
export const INVOICES_PAGE_MAX = 100;
/** A buyer's payment record is shown once this many of their invoices are paid (issue 23 item 7). */
export const BUYER_RECORD_MIN_PAID = 3;
/** The second reminder goes this many days after the due date. */
export const LATE_REMINDER_DAYS = 7;
