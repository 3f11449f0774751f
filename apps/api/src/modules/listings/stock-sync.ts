import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema/index.ts';
import { authorizeFound } from '../../lib/policy.ts';
import { notifyWatchers } from '../notifications/index.ts';
import { listingPolicy, listingRelation } from './policy.ts';
import { lockVerifiedSeller } from './verified-seller.ts';
import { queueListingUpdated } from './webhook-event.ts';

// Setting a lot's available pounds from another system (issue 24 item 5, decision 225), by a key or
// a session. It is the quantity part of the seller's save and follows its rules: only the seller's
// own lot, only while the seller is verified, under the listing's row lock (so an order accepted
// at the same moment takes its pounds before or after, never in between), and a new figure moves
// stock_version, so a cancelled order no longer puts pounds back on a lot its seller has re-counted
// (decision 187). Open offers stay open: acceptance checks the pounds then, as it does after any
// quantity change. Zero is allowed (sold out, out of the catalog until restocked).

export interface QuantitySet {
  _id: string;
  quantityLbs: number;
  updatedAt: string;
}

export async function setListingQuantity(
  db: Db,
  urlFor: (key: string) => string,
  sellerId: string,
  listingId: string,
  quantityLbs: number,
): Promise<QuantitySet> {
  return db.transaction(async (tx) => {
    await lockVerifiedSeller(tx, sellerId);
    const [locked] = await tx
      .select({
        sellerId: listings.sellerId,
        title: listings.title,
        makeOffer: listings.makeOffer,
        askingPrice: listings.askingPrice,
        quantityLbs: listings.quantityLbs,
        updatedAt: listings.updatedAt,
      })
      .from(listings)
      .where(eq(listings.id, listingId))
      .for('update');
    const current = authorizeFound(listingPolicy, 'update', locked, (row) => listingRelation(sellerId, row));
    if (current.quantityLbs === quantityLbs) {
      return { _id: listingId, quantityLbs, updatedAt: current.updatedAt.toISOString() };
    }
    // `version` moves by its trigger (a column of the edit form changed), so an open form is stale.
    const [saved] = await tx
      .update(listings)
      .set({ quantityLbs, stockVersion: sql`${listings.stockVersion} + 1`, updatedAt: new Date() })
      .where(and(eq(listings.id, listingId), eq(listings.sellerId, sellerId)))
      .returning({ quantityLbs: listings.quantityLbs, updatedAt: listings.updatedAt });
    if (!saved) throw new Error('locked listing vanished');
    await queueListingUpdated(tx, urlFor, sellerId, listingId);
    const price = current.makeOffer ? null : current.askingPrice;
    await notifyWatchers(tx, {
      listingId,
      title: current.title,
      before: { price, quantityLbs: current.quantityLbs },
      after: { price, quantityLbs: saved.quantityLbs },
    });
    return { _id: listingId, quantityLbs: saved.quantityLbs, updatedAt: saved.updatedAt.toISOString() };
  });
}
