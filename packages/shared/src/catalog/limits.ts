// The public catalog's page sizes and search limits (SPEC §9).

export const PRODUCTS_PAGE_SIZE = 12;
export const HOME_FEATURED_COUNT = 8;
/**
 * The home grid's call (GET /products?limit=8&sort=newest): the web app makes it, and the server
 * puts its answer into the home page under the same address (decision 257).
 */
export const HOME_FEATURED_QUERY = { limit: HOME_FEATURED_COUNT, sort: 'newest' } as const;
/** Largest page the public catalog serves (SPEC's page size is 12, the home grid asks for 8). */
export const PRODUCTS_MAX_LIMIT = 48;
/**
 * Deepest page served (120,000 listings in at 12 a page, an index-only scan of ~16 ms at a million
 * listings); a deeper page number is answered as this page. Nobody pages that far by hand.
 */
export const PRODUCTS_MAX_PAGE = 10_000;
export const PRODUCT_QUERY_MAX = 100;
/** Largest bound a price or quantity facet accepts; larger is read as no bound. */
export const PRICE_FACET_MAX = 100_000_000;
export const QUANTITY_FACET_MAX = 100_000_000;
