// Limits of scheduling, invoices and manifests (issue 23). The API and the web forms read these.

/** A Metrc package UID: "1A4" and 21 capital letters or digits (24 characters in all). */
export const PACKAGE_UID_PATTERN = /^1A4[0-9A-Z]{21}$/;
/** Most packages one transfer may carry. */
export const PACKAGES_PER_ORDER_MAX = 50;
/** Longest name, licence number, make, model or plate typed into the schedule form. */
export const SCHEDULE_TEXT_MAX = 100;
/** Invoice numbers read INV- and at least this many digits, e.g. INV-000042. */
export const INVOICE_NUMBER_PREFIX = 'INV-';
export const INVOICE_NUMBER_DIGITS = 6;

export const formatInvoiceNumber = (sequence: number) =>
  `${INVOICE_NUMBER_PREFIX}${String(sequence).padStart(INVOICE_NUMBER_DIGITS, '0')}`;
