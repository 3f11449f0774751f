import type { ProductDto, ProductViewDto } from '@canopy/shared';
import type { AppContext } from '../../context.ts';
import { reachableBy } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/session.ts';
import { buyerGroupWith, yourPrices } from '../pricing/index.ts';
import { presentProduct } from './presenter.ts';
import { findProduct } from './service.ts';

// What a signed-in buyer sees beyond the shared product answer (issue 25 item 1, decision 242):
// a lot private to their buyer group, and their own price. Both are read per request and never
// put in the page cache, whose answers every visitor shares.

/** A lot private to a group the company is in (or its own seller's): read past the cache. */
export async function groupProduct(
  ctx: AppContext,
  companyId: string,
  id: string,
): Promise<ProductDto | null> {
  const row = await findProduct(ctx.database.db, id, reachableBy(companyId));
  return row ? presentProduct(row, ctx.publicFiles.urlFor) : null;
}

/**
 * The product with the buyer's own price and their group's terms with its seller beside it, a copy:
 * the cached answer is never changed.
 */
export async function withYourPrice(
  ctx: AppContext,
  auth: SessionUser | null,
  product: ProductDto,
): Promise<ProductViewDto> {
  if (auth?.user.role !== 'buyer') return product;
  const [prices, group] = await Promise.all([
    yourPrices(ctx.database.db, auth.user.id, [product._id]),
    buyerGroupWith(ctx.database.db, auth.user.id, product.seller.sellerId),
  ]);
  const price = prices.get(product._id);
  return {
    ...product,
    ...(price ? { yourPrice: price } : {}),
    ...(group
      ? { yourGroup: { minimumOrderLbs: group.minimumOrderLbs, paymentTerms: group.paymentTerms } }
      : {}),
  };
}
