import { PRODUCTS, type ProductListResponse, type ProductResponse } from '@canopy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, NetworkError } from '@/lib/api-client.ts';
import { type ProductFilters, productsRequestPath } from './product-filters.ts';

export type { ProductListResponse as ProductPage } from '@canopy/shared';

export const productKeys = {
  all: ['products'] as const,
  list: (filters: ProductFilters) => [...productKeys.all, 'list', filters] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
};

export const productsQueryOptions = (filters: ProductFilters) =>
  queryOptions({
    queryKey: productKeys.list(filters),
    queryFn: ({ signal }) => apiRequest<ProductListResponse>(productsRequestPath(filters), { signal }),
    // The current page stays on screen while the next one loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await apiRequest<ProductResponse>(`/products/${encodeURIComponent(id)}`, { signal })).product,
  });

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** SPEC §8's text for a failed product call. */
export function productFailureText(error: unknown): string {
  if (error instanceof NetworkError) return PRODUCTS.networkError;
  if (isNotFound(error)) return PRODUCTS.notFound;
  return PRODUCTS.fetchFailed;
}
