import { HOME_FEATURED_COUNT } from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import type { PublicProduct } from '../../../lib/public-product.ts';

/** The newest listings for the home page. A 404 (no catalog endpoint on this server) reads as "none yet". */
export const featuredProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['products', 'featured'],
    queryFn: async (): Promise<PublicProduct[]> => {
      try {
        const response = await apiRequest<{ data?: PublicProduct[] }>(
          `/products?limit=${HOME_FEATURED_COUNT}&sort=newest`,
        );
        return (response.data ?? []).slice(0, HOME_FEATURED_COUNT);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
  });
