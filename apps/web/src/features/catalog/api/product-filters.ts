import {
  PRODUCT_CATEGORIES,
  PRODUCT_FACET_NAMES,
  PRODUCT_SORTS,
  PRODUCTS_PAGE_SIZE,
  type ProductCategory,
  type ProductFacetName,
  type ProductFacets,
  type ProductSort,
  readProductFacets,
} from '@canopy/shared';

// The product list's filters live in the address (?query=&category=&minPrice=…&sort=&page=), so
// back, forward, reload and a shared link all show the same list. Defaults are left out of it.

export type { County, ProductFacets } from '@canopy/shared';

export interface ProductFilters extends ProductFacets {
  query: string;
  category: ProductCategory | '';
  sort: ProductSort;
  page: number;
}

export const DEFAULT_FILTERS: ProductFilters = { query: '', category: '', sort: 'newest', page: 1 };

/** Every facet unset: spread over filters to clear them. */
export const NO_FACETS: Required<{ [name in ProductFacetName]: undefined }> = Object.fromEntries(
  PRODUCT_FACET_NAMES.map((name) => [name, undefined]),
) as Required<{ [name in ProductFacetName]: undefined }>;

const isCategory = (value: string | null): value is ProductCategory =>
  (PRODUCT_CATEGORIES as readonly (string | null)[]).includes(value);
const isSort = (value: string | null): value is ProductSort =>
  (PRODUCT_SORTS as readonly (string | null)[]).includes(value);

/** Reads the filters from the address; anything malformed falls back to its default. */
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

function appendFacets(params: URLSearchParams, filters: ProductFacets) {
  for (const name of PRODUCT_FACET_NAMES) {
    const value = filters[name];
    if (value !== undefined) params.set(name, String(value));
  }
}

/** The address form of the filters, without the defaults. */
export function productFiltersSearch(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query) params.set('query', filters.query);
  if (filters.category) params.set('category', filters.category);
  appendFacets(params, filters);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * How many narrowing choices the filter panel holds, for its button ("Filters (3)"): the category
 * and each facet group, a range counting once. The search box and the seller are not in the panel.
 */
export function activeFilterCount(filters: ProductFilters): number {
  return [
    filters.category !== '',
    filters.minPrice !== undefined || filters.maxPrice !== undefined,
    filters.minThc !== undefined || filters.maxThc !== undefined,
    filters.minCbd !== undefined || filters.maxCbd !== undefined,
    filters.minQuantity !== undefined,
    filters.tested === true,
    filters.county !== undefined,
  ].filter(Boolean).length;
}

export const hasActiveFilters = (filters: ProductFilters) =>
  filters.query !== '' ||
  filters.sort !== 'newest' ||
  filters.sellerId !== undefined ||
  activeFilterCount(filters) > 0;

/**
 * SPEC §7: GET /products?page&limit=12&query&category&sort, with sort left out when newest, and
 * issue 15's facets (only those set).
 */
export function productsRequestPath(filters: ProductFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(PRODUCTS_PAGE_SIZE) });
  if (filters.query) params.set('query', filters.query);
  if (filters.category) params.set('category', filters.category);
  appendFacets(params, filters);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  return `/products?${params.toString()}`;
}
