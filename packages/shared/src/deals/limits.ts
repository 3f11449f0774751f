// Limits of offers and orders (issue 14, decisions 120–124). The API and the web forms read these.

/** An offer nobody answered expires this long after it was made. */
export const OFFER_EXPIRY_DAYS = 7;
export const OFFER_EXPIRY_MS = OFFER_EXPIRY_DAYS * 24 * 60 * 60 * 1000;
/** Longest note on an offer or counter-offer. */
export const OFFER_NOTE_MAX = 1000;
/** Longest reason for declining an offer or cancelling an order. */
export const DEAL_REASON_MAX = 500;
/** Largest price per pound an offer may name; the listing form's own ceiling. */
export const OFFER_PRICE_MAX = 10_000_000;
/** Largest quantity an offer may name (the listing's available quantity is the real bound). */
export const OFFER_QUANTITY_MAX = 1_000_000;
/** An offer (a cart's, issue 25) buys at most this many lots of one seller, one line each. */
export const OFFER_LINES_MAX = 20;
/** Page sizes of GET /offers and GET /orders (paginated like the catalog). */
export const DEALS_PAGE_DEFAULT = 20;
export const DEALS_PAGE_MAX = 100;
/** Order numbers read CNP- and at least this many digits, e.g. CNP-000123. */
export const ORDER_NUMBER_PREFIX = 'CNP-';
export const ORDER_NUMBER_DIGITS = 6;

export const formatOrderNumber = (sequence: number) =>
  `${ORDER_NUMBER_PREFIX}${String(sequence).padStart(ORDER_NUMBER_DIGITS, '0')}`;

/** Quantities and prices carry cents; totals are rounded to cents the same way everywhere. */
export const roundCents = (value: number) => Math.round(value * 100) / 100;
export const dealTotal = (quantityLbs: number, pricePerLb: number) => roundCents(quantityLbs * pricePerLb);
