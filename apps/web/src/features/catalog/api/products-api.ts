import {
  type CategoryCountsResponse,
  catalogAddresses,
  PRODUCTS,
  type ProductDto,
  type ProductListResponse,
} from '@canopy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, routePath } from '@/lib/api-call.ts';
import { ApiError, NetworkError } from '@/lib/api-client.ts';
import { fromThePage } from '@/lib/page-answers.ts';
import { type ProductFilters, productsRequestQuery } from './product-filters.ts';

export type { ProductListResponse as ProductPage } from '@canopy/shared';

export const productKeys = {
  all: ['products'] as const,
  list: (filters: ProductFilters) => [...productKeys.all, 'list', filters] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
};

export const productsQueryOptions = (filters: ProductFilters) => {
  const query = productsRequestQuery(filters);
  return queryOptions({
    queryKey: productKeys.list(filters),
    queryFn: ({ signal }) => call(catalogAddresses.products, { query, signal }),
    ...fromThePage(routePath(catalogAddresses.products, { query }), (answer: ProductListResponse) => answer),
    // The current page stays on screen while the next one loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });
};

export const productQueryOptions = (id: string) => {
  const params = { id };
  return queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: async ({ signal }) => (await call(catalogAddresses.product, { params, signal })).product,
    ...fromThePage(
      routePath(catalogAddresses.product, { params }),
      (answer: { product: ProductDto }) => answer.product,
    ),
  });
};

/** Public listings per category, for the category choice (issue 15); they change slowly. */
export const categoryCountsQueryOptions = () =>
  queryOptions({
    queryKey: [...productKeys.all, 'category-counts'] as const,
    queryFn: async ({ signal }) => (await call(catalogAddresses.categories, { signal })).categories,
    ...fromThePage(
      routePath(catalogAddresses.categories),
      (answer: CategoryCountsResponse) => answer.categories,
      true,
    ),
    staleTime: 60_000,
  });

export const isNotFound = (error: unknown) => error instanceof ApiError && error.code === 'product_not_found';

/** SPEC §8's text for a failed product call. */
export function productFailureText(error: unknown): string {
  if (error instanceof NetworkError) return PRODUCTS.networkError;
  if (isNotFound(error)) return PRODUCTS.notFound;
  return PRODUCTS.fetchFailed;
}
