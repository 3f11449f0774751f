import type { ProductDto } from '@canopy/shared';
import type { AppContext } from '../../context.ts';
import { paginated } from '../../http/pagination.ts';
import { pageCacheOf } from './page-cache.ts';
import { presentProduct } from './presenter.ts';
import type { ProductListQuery } from './query.ts';
import { findProduct, listProducts } from './service.ts';

// The public catalog's answers, presented and cached (decision 111). A cached answer is shared by
// every request that reads it: nothing may change it after it is made.

/** GET /products: one page of public products, with SPEC's pagination and `estimated`. */
export function productPage(ctx: AppContext, q: ProductListQuery) {
  const key = JSON.stringify([
    'list',
    q.page,
    q.limit,
    q.query?.toLowerCase() ?? '',
    q.category ?? '',
    q.sort,
  ]);
  return pageCacheOf(ctx).get(key, async () => {
    const { rows, total, estimated } = await listProducts(ctx.database.db, q);
    return paginated(
      rows.map((row) => presentProduct(row, ctx.publicFiles.urlFor)),
      q,
      total,
      { estimated },
    );
  });
}

/** GET /products/:id: the public product, or null when it is not public. */
export function publicProduct(ctx: AppContext, id: string): Promise<ProductDto | null> {
  return pageCacheOf(ctx).get(JSON.stringify(['product', id]), async () => {
    const row = await findProduct(ctx.database.db, id);
    return row ? presentProduct(row, ctx.publicFiles.urlFor) : null;
  });
}
