import type { ProductDto, ProductListQuery } from '@canopy/shared';
import type { AppContext } from '../../context.ts';
import { paginated } from '../../http/pagination.ts';
import { facetConditions } from './facets.ts';
import type { CacheKind, PageCache } from './page-cache.ts';
import { presentProduct } from './presenter.ts';
import type { CatalogSearch } from './search-index/catalog-search.ts';
import { categoryCounts, findProduct, productRows } from './service.ts';
import type { ShownProducts } from './shown-products.ts';

// The public catalog's answers, presented and cached (decision 111). A cached answer is shared by
// every request that reads it: nothing may change it after it is made. The app holds them as its
// `catalog` capability (install.ts).

/**
 * A cache key from every field of the parsed query, so a filter added later (price, THC, county
 * facets) is part of the key without anyone remembering to add it.
 */
function cacheKey(kind: string, q: ProductListQuery): string {
  const fields = Object.entries({ ...q, query: q.query?.toLowerCase() }).sort(([a], [b]) =>
    a.localeCompare(b),
  );
  return JSON.stringify([kind, fields]);
}

/**
 * Faceted lists are kept apart from the rest: nearly every one is a combination nobody asked for
 * before, and at 150 a second they pushed the catalog's browsing and search pages, which most
 * requests read, out of a shared room (the catalog mix in bench:load fell from 6,700 req/s to 970
 * run after the facets).
 */
const roomOf = (q: ProductListQuery): CacheKind => (facetConditions(q).length > 0 ? 'facets' : 'page');

/**
 * GET /products: one page of public products from the search index, with SPEC's pagination (the
 * total always exact, so `estimated` is false) and the facet counts; the products are those lately
 * shown, or read by id (decision 264). A cached list has no scope: any catalog change drops it,
 * since an edit to any listing can move a facet's count (decision 255).
 */
function productPage(cache: PageCache, search: CatalogSearch, shown: ShownProducts, q: ProductListQuery) {
  return cache.get(
    cacheKey('list', q),
    async () => {
      const { ids, total, facets } = await search.search(q);
      const products = await shown.products(ids);
      return { ...paginated(products, q, total, { estimated: false }), facets };
    },
    { kind: roomOf(q) },
  );
}

/** The public products of listings by id, presented, for the shown products to keep. */
export async function readProducts(ctx: AppContext, ids: string[]): Promise<ProductDto[]> {
  const rows = await productRows(ctx.database.db, ids);
  return rows.map((row) => presentProduct(row, ctx.publicFiles.urlFor));
}

/** GET /products/:id: the public product, or null when it is not public. */
function publicProduct(ctx: AppContext, cache: PageCache, id: string): Promise<ProductDto | null> {
  return cache.get(
    JSON.stringify(['product', id]),
    async () => {
      const row = await findProduct(ctx.database.db, id);
      return row ? presentProduct(row, ctx.publicFiles.urlFor) : null;
    },
    // A product page shows its own listing only.
    { kind: 'product', scope: { shows: () => [id], reaches: () => false } },
  );
}

/**
 * GET /products/categories: public listings per category. Only a listing joining or leaving the
 * public catalog changes a count, and that is a change to everything: no edit reaches it.
 */
function publicCategoryCounts(ctx: AppContext, cache: PageCache) {
  return cache.get(
    JSON.stringify(['category-counts']),
    async () => ({ success: true as const, categories: await categoryCounts(ctx.database.db) }),
    { scope: { shows: () => [], reaches: () => false } },
  );
}

/** The public catalog's answers of one app instance, kept in its page cache. */
export function catalogAnswers(
  ctx: AppContext,
  cache: PageCache,
  search: CatalogSearch,
  shown: ShownProducts,
) {
  return {
    productPage: (q: ProductListQuery) => productPage(cache, search, shown, q),
    publicProduct: (id: string) => publicProduct(ctx, cache, id),
    categoryCounts: () => publicCategoryCounts(ctx, cache),
  };
}

export type CatalogAnswers = ReturnType<typeof catalogAnswers>;
