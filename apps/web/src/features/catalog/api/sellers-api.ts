import { PRODUCTS, SELLERS, sellerAddresses } from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';
import { ApiError, NetworkError } from '@/lib/api-client.ts';

export const sellerKeys = {
  storefront: (id: string) => ['sellers', 'storefront', id] as const,
};

/** GET /sellers/:id: a verified seller's storefront header (issue 15 item 5). */
export const storefrontQueryOptions = (id: string) =>
  queryOptions({
    queryKey: sellerKeys.storefront(id),
    queryFn: async ({ signal }) =>
      (await call(sellerAddresses.storefront, { params: { id }, signal })).seller,
  });

/** The storefront's seller does not exist or is not open to buyers. */
export const isSellerNotFound = (error: unknown) =>
  error instanceof ApiError && error.code === 'seller_not_found';

/** What a failed storefront call says. */
export function storefrontFailureText(error: unknown): string {
  if (error instanceof NetworkError) return PRODUCTS.networkError;
  if (isSellerNotFound(error)) return SELLERS.notFound;
  return SELLERS.loadFailed;
}
