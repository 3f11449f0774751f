import { PACKAGE_UIDS_MAX } from '../listings/state-record-texts.ts';

// Limits of scheduling, invoices and manifests (issue 23). The API and the web forms read these.
// A package UID's form is the lot's own rule (PACKAGE_UID_PATTERN, listings/state-record-texts.ts).

/** Most packages one transfer may carry: as many as one lot may list. */
export const PACKAGES_PER_ORDER_MAX = PACKAGE_UIDS_MAX;
/** Longest name, licence number, make, model or plate typed into the schedule form. */
export const SCHEDULE_TEXT_MAX = 100;
/** Invoice numbers read INV- and at least this many digits, e.g. INV-000042. */
export const INVOICE_NUMBER_PREFIX = 'INV-';
export const INVOICE_NUMBER_DIGITS = 6;

export const formatInvoiceNumber = (sequence: number) =>
  `${INVOICE_NUMBER_PREFIX}${String(sequence).padStart(INVOICE_NUMBER_DIGITS, '0')}`;
