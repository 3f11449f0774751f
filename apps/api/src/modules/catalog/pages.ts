import type { ProductDto, ProductListQuery } from '@canopy/shared';
import type { AppContext } from '../../context.ts';
import { paginated } from '../../http/pagination.ts';
import { type AnswerScope, type ListingEdit, pageCacheOf } from './page-cache.ts';
import { presentProduct } from './presenter.ts';
import { categoryCounts, findProduct, listProducts } from './service.ts';

// The public catalog's answers, presented and cached (decision 111). A cached answer is shared by
// every request that reads it: nothing may change it after it is made.

/**
 * The first results of a name-sorted text search come from one sort of every match, whatever
 * page is asked for, so they are made and cached once for the first NAME_WINDOW results and each
 * page is cut from them.
 */
const NAME_WINDOW = 240;

const presentPage = (ctx: AppContext, q: ProductListQuery) =>
  listProducts(ctx.database.db, q).then(({ rows, total, estimated }) => {
    const first = rows[0]?.listing;
    const last = rows.at(-1)?.listing;
    const bounds: PageBounds | null =
      first && last
        ? {
            first: { price: first.listedPrice, id: first.id },
            last: { price: last.listedPrice, id: last.id },
          }
        : null;
    return {
      products: rows.map((row) => presentProduct(row, ctx.publicFiles.urlFor)),
      total,
      estimated,
      bounds,
    };
  });

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

/** Where a listing stands in a list sorted by price: its listed price (null: make an offer), then its id. */
interface PriceKey {
  price: number | null;
  id: string;
}

/** A page of a list sorted by price: its first and last listings. */
interface PageBounds {
  first: PriceKey;
  last: PriceKey;
}

/** Orders two listings as ORDER BY listed_price ASC|DESC NULLS LAST, id ASC|DESC does. */
function comparePrices(sort: 'price_asc' | 'price_desc', a: PriceKey, b: PriceKey): number {
  if (a.price !== b.price) {
    if (a.price === null) return 1;
    if (b.price === null) return -1;
    return sort === 'price_asc' ? a.price - b.price : b.price - a.price;
  }
  const byId = a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return sort === 'price_asc' ? byId : -byId;
}

/**
 * Whether an edit to a listing a list does not show can still alter that list (decision 181). The
 * edit left the listing's words, facets and age as they were (else it is a change to everything),
 * so only its price and quantity matter:
 * - never in another category or of another seller;
 * - joining or leaving the list (a price band, a quantity floor) moves its count and its pages;
 * - staying in a list sorted by price, it alters a page only by crossing it, or landing on it;
 * - otherwise its place, and every page, stay as they were.
 * A list with words is assumed to hold the listing: its words are not in the edit.
 */
function editReaches(q: ProductListQuery, edit: ListingEdit, bounds: PageBounds | null): boolean {
  if ((q.category && q.category !== edit.category) || (q.sellerId && q.sellerId !== edit.sellerId)) {
    return false;
  }
  const member = (price: number | null, quantity: number) =>
    (q.minPrice === undefined || (price !== null && price >= q.minPrice)) &&
    (q.maxPrice === undefined || (price !== null && price <= q.maxPrice)) &&
    (q.minQuantity === undefined || quantity >= q.minQuantity);
  const [priceBefore, priceAfter] = edit.price;
  const wasMember = member(priceBefore, edit.quantity[0]);
  if (wasMember !== member(priceAfter, edit.quantity[1])) return true;
  if (!wasMember || priceBefore === priceAfter) return false;
  if (q.sort !== 'price_asc' && q.sort !== 'price_desc') return false;
  // A page past the last listing stays empty while the count stays the same.
  if (!bounds) return false;
  const sort = q.sort;
  // A listing of the list that the page does not show stands before it or after it; the page
  // changes when the edit takes it to the other side, or onto the page.
  const side = (price: number | null) => {
    const key = { price, id: edit.id };
    if (comparePrices(sort, key, bounds.first) < 0) return 'before';
    return comparePrices(sort, key, bounds.last) > 0 ? 'after' : 'on';
  };
  const before = side(priceBefore);
  const after = side(priceAfter);
  return before === 'on' || before !== after;
}

const listScope = <T>(
  q: ProductListQuery,
  products: (answer: T) => ProductDto[],
  bounds: () => PageBounds | null = () => null,
): AnswerScope<T> => ({
  shows: (answer) => products(answer).map((product) => product._id),
  reaches: (edit) => editReaches(q, edit, bounds()),
});

/** GET /products: one page of public products, with SPEC's pagination and `estimated`. */
export function productPage(ctx: AppContext, q: ProductListQuery) {
  const cache = pageCacheOf(ctx);
  const offset = (q.page - 1) * q.limit;
  const byName = q.sort === 'name_asc' || q.sort === 'name_desc';
  if (q.query && byName && offset + q.limit <= NAME_WINDOW) {
    const scope = listScope(q, (page: { data: ProductDto[] }) => page.data);
    return cache.get(
      cacheKey('list', q),
      async () => {
        const window = await cache.get(
          cacheKey('name-window', q, ['page', 'limit']),
          () => presentPage(ctx, { ...q, page: 1, limit: NAME_WINDOW }),
          { scope: listScope(q, (whole: { products: ProductDto[] }) => whole.products) },
        );
        return paginated(window.products.slice(offset, offset + q.limit), q, window.total, {
          estimated: window.estimated,
        });
      },
      { scope },
    );
  }
  // What this load learns of the page's place in a list sorted by price, for its scope.
  let bounds: PageBounds | null = null;
  return cache.get(
    cacheKey('list', q),
    async () => {
      const page = await presentPage(ctx, q);
      bounds = page.bounds;
      return paginated(page.products, q, page.total, { estimated: page.estimated });
    },
    {
      scope: listScope(
        q,
        (page: { data: ProductDto[] }) => page.data,
        () => bounds,
      ),
    },
  );
}

/** GET /products/:id: the public product, or null when it is not public. */
export function publicProduct(ctx: AppContext, id: string): Promise<ProductDto | null> {
  return pageCacheOf(ctx).get(
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
export function publicCategoryCounts(ctx: AppContext) {
  return pageCacheOf(ctx).get(
    JSON.stringify(['category-counts']),
    async () => ({ success: true as const, categories: await categoryCounts(ctx.database.db) }),
    { scope: { shows: () => [], reaches: () => false } },
  );
}
