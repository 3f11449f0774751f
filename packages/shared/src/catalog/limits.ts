// The public catalog's page sizes and search limits (SPEC §9).

export const PRODUCTS_PAGE_SIZE = 12;
export const HOME_FEATURED_COUNT = 8;
/** Largest page the public catalog serves (SPEC's page size is 12, the home grid asks for 8). */
export const PRODUCTS_MAX_LIMIT = 48;
export const PRODUCT_QUERY_MAX = 100;
