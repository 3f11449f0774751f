import { NO_FACET_COUNTS, PAGE_ANSWERS_ELEMENT_ID, type ProductListResponse } from '@canopy/shared';
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/query-client.ts';
import { DEFAULT_FILTERS, productsRequestPath } from './product-filters.ts';
import { categoryCountsQueryOptions, productQueryOptions, productsQueryOptions } from './products-api.ts';

// A catalog or product page sent with its call's answer (decision 180) starts with that answer,
// marked stale so the call is still made once the screen mounts (it counts the view).

const page: ProductListResponse = {
  success: true,
  data: [],
  pagination: { page: 1, limit: 12, total: 0, pages: 0, estimated: false },
  facets: NO_FACET_COUNTS,
};
const product = { _id: 'p1', name: 'Blue Dream' };

describe('the catalog queries on a page sent with their answers', () => {
  it('start from the page’s answer, once, and leave it stale', () => {
    const filters = { ...DEFAULT_FILTERS, category: 'flower' as const };
    document.body.innerHTML = `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${JSON.stringify(
      {
        [`/api${productsRequestPath(filters)}`]: page,
        '/api/products/p1': { success: true, product },
        '/api/products/categories': { success: true, categories: [{ category: 'flower', count: 3 }] },
      },
    )}</script>`;
    // The app's own client: its 30 s staleTime would otherwise keep a fresh answer from being asked.
    const client = createQueryClient();
    // An observer that is not subscribed reads the query as a mounting screen would, without fetching.
    const list = new QueryObserver(client, productsQueryOptions(filters)).getCurrentResult();
    expect(list.data).toEqual(page);
    expect(list.isStale).toBe(true);
    // Another list (page 2) was not in the page.
    const second = new QueryObserver(client, productsQueryOptions({ ...filters, page: 2 }));
    expect(second.getCurrentResult().data).toBeUndefined();

    const detail = new QueryObserver(client, productQueryOptions('p1')).getCurrentResult();
    expect(detail.data).toEqual(product);
    expect(detail.isStale).toBe(true);

    // The counts have no side to their call: the page's answer is as good as a fresh one.
    const counts = new QueryObserver(client, categoryCountsQueryOptions()).getCurrentResult();
    expect(counts.data).toEqual([{ category: 'flower', count: 3 }]);
    expect(counts.isStale).toBe(false);

    // Built again later (after the cache let it go), the query asks the API instead.
    const later = createQueryClient();
    expect(new QueryObserver(later, productsQueryOptions(filters)).getCurrentResult().data).toBeUndefined();
    expect(new QueryObserver(later, productQueryOptions('p1')).getCurrentResult().data).toBeUndefined();
  });
});
