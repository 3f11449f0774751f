import type { ProductDto, ProductViewDto } from '@canopy/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { buyerGroupListings, buyerGroupMembers, listings, reachableBy } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';
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

/** A storefront shows this many of a member's private lots at most: a group's own shelf. */
const PRIVATE_LOTS_MAX = 50;

/**
 * The seller's lots private to the buyer's group that would be public but for that (active, of a
 * verified seller, not sold out), newest first, each with the buyer's price: the storefront's
 * section for a member (decision 242). Read per request, like the product's member path.
 */
export async function yourPrivateLots(
  ctx: AppContext,
  buyerId: string,
  sellerId: string,
): Promise<ProductViewDto[]> {
  if (!isUuid(sellerId)) return [];
  const rows = await ctx.database.db
    .select({ id: listings.id })
    .from(buyerGroupListings)
    .innerJoin(buyerGroupMembers, eq(buyerGroupMembers.groupId, buyerGroupListings.groupId))
    .innerJoin(listings, eq(listings.id, buyerGroupListings.listingId))
    .where(
      and(
        eq(buyerGroupMembers.buyerId, buyerId),
        eq(buyerGroupMembers.sellerId, sellerId),
        eq(buyerGroupListings.private, true),
        // The public rule but for the group: sold-out and archived lots stay off the shelf.
        sql`is_active AND seller_verified AND quantity_lbs > 0`,
      ),
    )
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(PRIVATE_LOTS_MAX);
  const ids = rows.map((row) => row.id);
  const [products, prices] = await Promise.all([
    Promise.all(ids.map((id) => groupProduct(ctx, buyerId, id))),
    yourPrices(ctx.database.db, buyerId, ids),
  ]);
  return products.flatMap((product) => {
    if (!product) return [];
    const price = prices.get(product._id);
    return [price ? { ...product, yourPrice: price } : product];
  });
}
