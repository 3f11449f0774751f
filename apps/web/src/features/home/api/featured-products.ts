import { catalogAddresses, HOME_FEATURED_COUNT } from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';
import type { PublicProduct } from '@/lib/public-product.ts';

/** The newest listings for the home page (SPEC §7: GET /products?limit=8&sort=newest). */
export const featuredProductsQueryOptions = () =>
  queryOptions({
    // Under ['products'] so a seller's change to the catalog refreshes the home grid too.
    queryKey: ['products', 'featured'],
    queryFn: async (): Promise<PublicProduct[]> => {
      const response = await call(catalogAddresses.products, {
        query: { limit: HOME_FEATURED_COUNT, sort: 'newest' },
      });
      return response.data.slice(0, HOME_FEATURED_COUNT);
    },
  });
