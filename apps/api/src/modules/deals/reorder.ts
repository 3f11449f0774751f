import { DEALS, type OrderStatus } from '@canopy/shared';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { listings, PUBLIC_LISTING } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { authorizeFound, dealRelation } from '../../lib/policy.ts';
import { createOffer, type DealCaller } from './offers.ts';
import { orderPolicy } from './policy.ts';
import { findOrder, type OfferView } from './read-model.ts';

// "Order again" (issue 25 item 5, decision 245): a delivered order's terms become a new offer,
// made through createOffer like any other (limits, approval, the one-live-offer rule, the notice).
// The lot is the order's own while it is for sale; otherwise the seller's newest public lot of
// the same strain and product type. The quantity is the last one, down to what the lot has; the
// price is the last one, for the seller to accept or counter.

const DELIVERED: readonly OrderStatus[] = ['fulfilled', 'completed'];

/** The lot to offer on, with what it has left; null when the seller sells nothing like it now. */
async function lotToReorder(db: Db, sellerId: string, listingId: string) {
  const columns = { id: listings.id, title: listings.title, quantityLbs: listings.quantityLbs };
  const [same] = await db
    .select(columns)
    .from(listings)
    .where(and(eq(listings.id, listingId), PUBLIC_LISTING))
    .limit(1);
  if (same) return same;
  const [old] = await db
    .select({ strain: listings.strain, productTypeId: listings.productTypeId })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  // A lot without a strain names no kind to look for: only itself would do.
  if (!old?.strain) return null;
  const [replacement] = await db
    .select(columns)
    .from(listings)
    .where(
      and(
        eq(listings.sellerId, sellerId),
        ne(listings.id, listingId),
        PUBLIC_LISTING,
        eq(listings.productTypeId, old.productTypeId),
        sql`lower(btrim(${listings.strain})) = lower(btrim(${old.strain}))`,
      ),
    )
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(1);
  return replacement ?? null;
}

export async function reorder(ctx: AppContext, caller: DealCaller, orderId: string): Promise<OfferView> {
  const db = ctx.database.db;
  const order = authorizeFound(orderPolicy, 'reorder', await findOrder(db, orderId), (found) =>
    dealRelation(caller.user, found),
  );
  if (!DELIVERED.includes(order.status)) throw conflict(DEALS.reorderNotDelivered);
  const line = order.lines[0];
  if (line?.priceSource === 'sample') throw conflict(DEALS.sampleNotReordered);
  const lot = order.listingId ? await lotToReorder(db, order.sellerId, order.listingId) : null;
  if (!lot) throw conflict(DEALS.nothingToReorder);
  return createOffer(ctx, caller, {
    listingId: lot.id,
    quantityLbs: Math.min(order.quantityLbs, lot.quantityLbs),
    pricePerLb: order.pricePerLb,
    deliverBy: null,
    note: null,
    paymentTerms: order.paymentTerms,
    buyerLicenseId: order.buyerLicenseId ?? undefined,
  });
}
