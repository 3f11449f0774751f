import {
  appendProductFacets,
  PRODUCT_FACET_NAMES,
  PRODUCT_FACETS,
  type ProductFacetName,
  type ProductFilters,
} from '@canopy/shared';

// The product list's filters live in the address (?query=&category=&minPrice=…&sort=&page=), so
// back, forward, reload and a shared link all show the same list. Defaults are left out of it.
// Reading the address and the API call it makes are shared with the server (decision 180).

export type { County, ProductFacets, ProductFilters } from '@canopy/shared';
export {
  DEFAULT_FILTERS,
  productsRequestPath,
  productsRequestQuery,
  readProductFilters,
  showsCategoryCounts,
} from '@canopy/shared';

/** Every facet unset: spread over filters to clear them. */
export const NO_FACETS: Required<{ [name in ProductFacetName]: undefined }> = Object.fromEntries(
  PRODUCT_FACET_NAMES.map((name) => [name, undefined]),
) as Required<{ [name in ProductFacetName]: undefined }>;

/** The address form of the filters, without the defaults. */
export function productFiltersSearch(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query) params.set('query', filters.query);
  if (filters.category) params.set('category', filters.category);
  appendProductFacets(params, filters);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The facets the filter panel edits: all but the seller's id, which a storefront sets. */
const PANEL_FACETS = PRODUCT_FACETS.filter((facet) => facet.kind !== 'id');

const isSet = (filters: ProductFilters, name: ProductFacetName) => filters[name] !== undefined;

/**
 * How many narrowing choices the filter panel holds, for its button ("Filters (3)"): the category
 * and each facet, a range counting once. The search box and the seller are not in the panel.
 */
export const activeFilterCount = (filters: ProductFilters): number =>
  (filters.category === '' ? 0 : 1) +
  PANEL_FACETS.filter((facet) => facet.fields.some((name) => isSet(filters, name))).length;

export const hasActiveFilters = (filters: ProductFilters) =>
  filters.query !== '' ||
  filters.sort !== 'newest' ||
  filters.category !== '' ||
  PRODUCT_FACET_NAMES.some((name) => isSet(filters, name));
