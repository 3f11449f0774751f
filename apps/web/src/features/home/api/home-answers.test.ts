import { NO_FACET_COUNTS, PAGE_ANSWERS_ELEMENT_ID, type ProductListResponse } from '@canopy/shared';
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/query-client.ts';
import type { PublicProduct } from '@/lib/public-product.ts';
import { featuredProductsQueryOptions } from './featured-products.ts';
import { homeSummaryQueryOptions } from './home-summary.ts';

// The home page is sent with its grid's and its hero's answers (decision 257), under the addresses
// the server writes (apps/api/test/seo.test.ts checks the same two).

const lots = Array.from({ length: 9 }, (_, i) => ({ _id: `p${i}`, name: `Lot ${i}` }) as PublicProduct);
const grid: ProductListResponse = {
  success: true,
  data: lots,
  pagination: { page: 1, limit: 8, total: 9, pages: 2, estimated: false },
  facets: NO_FACET_COUNTS,
};
const summary = { verifiedOperators: 12, liveLots: 340 };

describe('the home queries on a page sent with their answers', () => {
  it('start from the page’s answers: the grid left stale (its call is still made), the counts fresh', () => {
    document.body.innerHTML = `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${JSON.stringify(
      {
        '/api/products?limit=8&sort=newest': grid,
        '/api/home/summary': { success: true, summary },
      },
    )}</script>`;
    const client = createQueryClient();
    const featured = new QueryObserver(client, featuredProductsQueryOptions()).getCurrentResult();
    expect(featured.data?.map((lot) => lot.name)).toEqual(lots.slice(0, 8).map((lot) => lot.name));
    expect(featured.isStale).toBe(true);
    const counts = new QueryObserver(client, homeSummaryQueryOptions()).getCurrentResult();
    expect(counts.data).toEqual(summary);
    expect(counts.isStale).toBe(false);

    // Each answer is handed out once: a later visit to the home screen asks the API.
    const later = createQueryClient();
    expect(new QueryObserver(later, featuredProductsQueryOptions()).getCurrentResult().data).toBeUndefined();
    expect(new QueryObserver(later, homeSummaryQueryOptions()).getCurrentResult().data).toBeUndefined();
  });
});
