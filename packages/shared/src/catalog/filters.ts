import { PRODUCT_CATEGORIES, PRODUCT_SORTS, type ProductCategory, type ProductSort } from '../constants.ts';
import { catalogAddresses } from './addresses.ts';
import { PRODUCT_FACET_NAMES, type ProductFacets, readProductFacets } from './facets.ts';
import { PRODUCTS_PAGE_SIZE } from './limits.ts';

// The product list's filters as a page address carries them (?query=&category=&minPrice=…&sort=&page=)
// and the API call that page makes for them. Shared, and free of the schema library, because both
// sides need the same answer: the web app reads its address and calls the API; the server reads
// the same address to send the page with that call's answer inside (decision 180).

export interface ProductFilters extends ProductFacets {
  query: string;
  category: ProductCategory | '';
  sort: ProductSort;
  page: number;
}

export const DEFAULT_FILTERS: ProductFilters = { query: '', category: '', sort: 'newest', page: 1 };

const isCategory = (value: string | null): value is ProductCategory =>
  (PRODUCT_CATEGORIES as readonly (string | null)[]).includes(value);
const isSort = (value: string | null): value is ProductSort =>
  (PRODUCT_SORTS as readonly (string | null)[]).includes(value);

/** Reads the filters from a page address; anything malformed falls back to its default. */
export function readProductFilters(params: URLSearchParams): ProductFilters {
  const category = params.get('category');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    query: params.get('query')?.trim() ?? '',
    category: isCategory(category) ? category : '',
    sort: isSort(sort) ? sort : 'newest',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    // The API's own reading of the facets (without its schema library, decision 177), so the page
    // and the server agree on what a link means.
    ...readProductFacets(Object.fromEntries(PRODUCT_FACET_NAMES.map((name) => [name, params.get(name)]))),
  };
}

/** Adds the facets that are set, in PRODUCT_FACET_NAMES order. */
export function appendProductFacets(params: URLSearchParams, filters: ProductFacets): void {
  for (const name of PRODUCT_FACET_NAMES) {
    const value = filters[name];
    if (value !== undefined) params.set(name, String(value));
  }
}

/**
 * SPEC §7: GET /products?page&limit=12&query&category&sort, with sort left out when newest, and
 * issue 15's facets (only those set), in this order: a page answer is keyed by the exact text.
 */
export function productsRequestQuery(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(PRODUCTS_PAGE_SIZE) });
  if (filters.query) params.set('query', filters.query);
  if (filters.category) params.set('category', filters.category);
  appendProductFacets(params, filters);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  return params;
}

/** The catalog call's path for the filters, relative to the API's base path. */
export const productsRequestPath = (filters: ProductFilters): string =>
  `${catalogAddresses.products.url}?${productsRequestQuery(filters)}`;

/**
 * Whether a list is the whole catalog or one category of it (no words, no facets): only then are
 * the per-category counts the numbers its category choice leads to, so only then are they shown.
 */
export const showsCategoryCounts = (filters: ProductFilters): boolean =>
  filters.query === '' && PRODUCT_FACET_NAMES.every((name) => filters[name] === undefined);
