import type { ProductDto, ProductListQuery } from '@canopy/shared';
import type { AppContext } from '../../context.ts';
import { paginated } from '../../http/pagination.ts';
import { editReaches, type PageBounds, pageBounds } from './edit-reach.ts';
import { facetConditions } from './facets.ts';
import type { AnswerScope, CacheKind, PageCache } from './page-cache.ts';
import { presentProduct } from './presenter.ts';
import { categoryCounts, countedBySearch, findProduct, listProducts } from './service.ts';
import { withSharedTotal } from './shared-total.ts';
import type { ListTotal } from './text-search.ts';

// The public catalog's answers, presented and cached (decision 111). A cached answer is shared by
// every request that reads it: nothing may change it after it is made. The app holds them as its
// `catalog` capability (install.ts).

/**
 * The first results of a name-sorted text search come from one sort of every match, whatever
 * page is asked for, so they are made and cached once for the first NAME_WINDOW results and each
 * page is cut from them.
 */
const NAME_WINDOW = 240;

/** A page of the list, presented; `kind`, the cache room the list's answers are kept in. */
const presentPage = (ctx: AppContext, cache: PageCache, q: ProductListQuery, kind: CacheKind) => {
  const load = (known: ListTotal | null) => listProducts(ctx.database.db, q, known);
  // Only a list with words or facets is counted by a search; the others read the kept counters.
  const listed = countedBySearch(q)
    ? withSharedTotal(cache, q, { key: cacheKey('total', q, ['page', 'limit', 'sort']), kind }, load)
    : load(null);
  return listed.then(({ rows, total, estimated }) => ({
    products: rows.map((row) => presentProduct(row, ctx.publicFiles.urlFor)),
    total,
    estimated,
    bounds: pageBounds(rows.map((row) => row.listing)),
  }));
};

/**
 * A cache key from every field of the parsed query, so a filter added later (price, THC, county
 * facets) is part of the key without anyone remembering to add it. `omit` leaves out fields the
 * answer does not depend on.
 */
function cacheKey(kind: string, q: ProductListQuery, omit: (keyof ProductListQuery)[] = []): string {
  const fields = Object.entries({ ...q, query: q.query?.toLowerCase() })
    .filter(([name]) => !omit.includes(name as keyof ProductListQuery))
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([kind, fields]);
}

const listScope = <T>(
  q: ProductListQuery,
  products: (answer: T) => ProductDto[],
  bounds: () => PageBounds | null = () => null,
): AnswerScope<T> => ({
  shows: (answer) => products(answer).map((product) => product._id),
  reaches: (edit) => editReaches(q, edit, bounds()),
});

/**
 * Faceted lists are kept apart from the rest: nearly every one is a combination nobody asked for
 * before, and at 150 a second they pushed the catalog's browsing and search pages, which most
 * requests read, out of a shared room (the catalog mix in bench:load fell from 6,700 req/s to 970
 * run after the facets).
 */
const roomOf = (q: ProductListQuery): CacheKind => (facetConditions(q).length > 0 ? 'facets' : 'page');

/** GET /products: one page of public products, with SPEC's pagination and `estimated`. */
function productPage(ctx: AppContext, cache: PageCache, q: ProductListQuery) {
  const kind = roomOf(q);
  const offset = (q.page - 1) * q.limit;
  const byName = q.sort === 'name_asc' || q.sort === 'name_desc';
  if (q.query && byName && offset + q.limit <= NAME_WINDOW) {
    const scope = listScope(q, (page: { data: ProductDto[] }) => page.data);
    return cache.get(
      cacheKey('list', q),
      async () => {
        const window = await cache.get(
          cacheKey('name-window', q, ['page', 'limit']),
          () => presentPage(ctx, cache, { ...q, page: 1, limit: NAME_WINDOW }, kind),
          { kind, scope: listScope(q, (whole: { products: ProductDto[] }) => whole.products) },
        );
        return paginated(window.products.slice(offset, offset + q.limit), q, window.total, {
          estimated: window.estimated,
        });
      },
      { kind, scope },
    );
  }
  // What this load learns of the page's place in a list sorted by price, for its scope.
  let bounds: PageBounds | null = null;
  return cache.get(
    cacheKey('list', q),
    async () => {
      const page = await presentPage(ctx, cache, q, kind);
      bounds = page.bounds;
      return paginated(page.products, q, page.total, { estimated: page.estimated });
    },
    {
      kind,
      scope: listScope(
        q,
        (page: { data: ProductDto[] }) => page.data,
        () => bounds,
      ),
    },
  );
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
export function catalogAnswers(ctx: AppContext, cache: PageCache) {
  return {
    productPage: (q: ProductListQuery) => productPage(ctx, cache, q),
    publicProduct: (id: string) => publicProduct(ctx, cache, id),
    categoryCounts: () => publicCategoryCounts(ctx, cache),
  };
}

export type CatalogAnswers = ReturnType<typeof catalogAnswers>;
