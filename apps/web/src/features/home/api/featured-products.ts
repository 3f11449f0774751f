import {
  catalogAddresses,
  HOME_FEATURED_COUNT,
  HOME_FEATURED_QUERY,
  type ProductListResponse,
} from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { call, routePath } from '@/lib/api-call.ts';
import { fromThePage } from '@/lib/page-answers.ts';
import type { PublicProduct } from '@/lib/public-product.ts';

const newest = (answer: ProductListResponse): PublicProduct[] => answer.data.slice(0, HOME_FEATURED_COUNT);

/**
 * The newest listings for the home page (SPEC §7: GET /products?limit=8&sort=newest), from the
 * home page's own answer when it came with one (decision 257).
 */
export const featuredProductsQueryOptions = () =>
  queryOptions({
    // Under ['products'] so a seller's change to the catalog refreshes the home grid too.
    queryKey: ['products', 'featured'],
    queryFn: async (): Promise<PublicProduct[]> =>
      newest(await call(catalogAddresses.products, { query: HOME_FEATURED_QUERY })),
    ...fromThePage(routePath(catalogAddresses.products, { query: HOME_FEATURED_QUERY }), newest),
  });
