import { HOME_FEATURED_COUNT, type ProductListResponse } from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import type { PublicProduct } from '@/lib/public-product.ts';

/** The newest listings for the home page (SPEC §7: GET /products?limit=8&sort=newest). */
export const featuredProductsQueryOptions = () =>
  queryOptions({
    // Under ['products'] so a seller's change to the catalog refreshes the home grid too.
    queryKey: ['products', 'featured'],
    queryFn: async (): Promise<PublicProduct[]> => {
      const response = await apiRequest<ProductListResponse>(
        `/products?limit=${HOME_FEATURED_COUNT}&sort=newest`,
      );
      return response.data.slice(0, HOME_FEATURED_COUNT);
    },
  });
