import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SaveSearchButton } from '@/features/saved-searches';
import {
  DEFAULT_FILTERS,
  hasActiveFilters,
  type ProductFilters,
  productFiltersSearch,
  readProductFilters,
} from '../api/product-filters.ts';
import { productsQueryOptions } from '../api/products-api.ts';
import { ComplianceNotice } from '../components/compliance-notice.tsx';
import { ProductFiltersBar } from '../components/product-filters-bar.tsx';
import { ProductResults } from '../components/product-results.tsx';

export function ProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const filters = useMemo(() => readProductFilters(new URLSearchParams(search)), [search]);
  const products = useQuery(productsQueryOptions(filters));
  const countRef = useRef<HTMLParagraphElement>(null);

  // A new search, category or sort starts again from page 1. Refining a search already typed
  // replaces the history entry, so Back does not step through every pause in typing.
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
    <PageContainer>
      <PageHeader title="Product Listings" description="Product lots from licensed California sellers." />
      <div className="space-y-6">
        <ComplianceNotice />
        <ProductFiltersBar filters={filters} onChange={changeFilters} onClear={clearFilters} />
        <SaveSearchButton />
        <ProductResults
          products={products}
          page={filters.page}
          onPageChange={changePage}
          pageHref={(page) => `?${productFiltersSearch({ ...filters, page }).toString()}`}
          clearFilters={hasActiveFilters(filters) ? clearFilters : undefined}
          countRef={countRef}
        />
      </div>
    </PageContainer>
  );
}
