import {
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  PRODUCTS_PAGE_SIZE,
  type ProductCategory,
  type ProductSort,
} from '@canopy/shared';

// The product list's filters live in the address (?query=&category=&sort=&page=), so back,
// forward, reload and a shared link all show the same list. Defaults are left out of it.

export interface ProductFilters {
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
  };
}

/** The address form of the filters, without the defaults. */
export function productFiltersSearch(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query) params.set('query', filters.query);
  if (filters.category) params.set('category', filters.category);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export const hasActiveFilters = (filters: ProductFilters) =>
  filters.query !== '' || filters.category !== '' || filters.sort !== 'newest';

/** SPEC §7: GET /products?page&limit=12&query&category&sort, with sort left out when newest. */
export function productsRequestPath(filters: ProductFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(PRODUCTS_PAGE_SIZE) });
  if (filters.query) params.set('query', filters.query);
  if (filters.category) params.set('category', filters.category);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  return `/products?${params.toString()}`;
}
