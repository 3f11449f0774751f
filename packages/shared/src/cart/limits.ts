// Limits of the cart (issue 25 item 0). The API and the web read these.

/** A cart holds at most this many lots, over every seller. */
export const CART_ITEMS_MAX = 60;
