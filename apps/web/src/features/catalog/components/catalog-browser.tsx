import { groupDigits } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_FILTERS,
  hasActiveFilters,
  type ProductFilters,
  productFiltersSearch,
  readProductFilters,
  showsCategoryCounts,
} from '../api/product-filters.ts';
import { categoryCountsQueryOptions, productsQueryOptions } from '../api/products-api.ts';
import { CATEGORY_OPTIONS } from './product-facets-form.tsx';
import { ProductFiltersBar } from './product-filters-bar.tsx';
import { ProductResults } from './product-results.tsx';

interface CatalogBrowserProps {
  /** A seller's storefront lists only that seller's products; the seller is not part of its address. */
  sellerId?: string;
  /** Actions on the whole result, shown between the filters and the results (e.g. Save search). */
  actions?: ReactNode;
}

/**
 * The catalog's filters and results, with the filters kept in the address: the product list and a
 * seller's storefront are this same list, the storefront narrowed to one seller.
 */
export function CatalogBrowser({ sellerId, actions }: CatalogBrowserProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const filters = useMemo(() => {
    const read = readProductFilters(new URLSearchParams(search));
    return sellerId ? { ...read, sellerId: undefined } : read;
  }, [search, sellerId]);
  const products = useQuery(productsQueryOptions(sellerId ? { ...filters, sellerId } : filters));
  // "Flower (1,204)": how many listings each choice leads to, from the list's own answer (every
  // other filter applied, decision 252); before the first answer, the whole catalog's counts where
  // the list is the whole catalog or one category of it.
  const facetCounts = products.data?.facets;
  const withCounts = !facetCounts && !sellerId && showsCategoryCounts(filters);
  const counts = useQuery({ ...categoryCountsQueryOptions(), enabled: withCounts });
  const categoryOptions = useMemo(() => {
    const entries = facetCounts
      ? facetCounts.category.map((entry) => [entry.value, entry.count] as const)
      : withCounts && counts.data
        ? counts.data.map((entry) => [entry.category, entry.count] as const)
        : null;
    if (!entries) return CATEGORY_OPTIONS;
    const byCategory = new Map(entries);
    return CATEGORY_OPTIONS.map((option) => ({
      ...option,
      label: `${option.label} (${groupDigits(byCategory.get(option.value) ?? 0)})`,
    }));
  }, [facetCounts, withCounts, counts.data]);
  const countRef = useRef<HTMLParagraphElement>(null);

  // A new search, category, facet or sort starts again from page 1. Refining a search already
  // typed replaces the history entry, so Back does not step through every pause in typing.
  const changeFilters = useCallback(
    (change: Partial<ProductFilters>) =>
      setSearchParams(productFiltersSearch({ ...filters, page: 1, ...change }), {
        replace: change.query !== undefined && filters.query !== '',
      }),
    [filters, setSearchParams],
  );
  const clearFilters = useCallback(
    () => setSearchParams(productFiltersSearch(DEFAULT_FILTERS)),
    [setSearchParams],
  );
  const changePage = (page: number) => {
    setSearchParams(productFiltersSearch({ ...filters, page }));
    countRef.current?.focus();
  };

  return (
    <div className="space-y-6">
      <ProductFiltersBar
        filters={filters}
        categoryOptions={categoryOptions}
        facetCounts={facetCounts}
        onChange={changeFilters}
        onClear={clearFilters}
      />
      {actions}
      <ProductResults
        products={products}
        page={filters.page}
        onPageChange={changePage}
        pageHref={(page) => `?${productFiltersSearch({ ...filters, page }).toString()}`}
        clearFilters={hasActiveFilters(filters) ? clearFilters : undefined}
        countRef={countRef}
      />
    </div>
  );
}
