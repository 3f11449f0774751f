import { LISTING_MODERATION, LISTING_TOOLS, LISTINGS, STATE_RECORD } from '@canopy/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { listings } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { sellerMayRelist } from './moderation.ts';
import { type ListingWithMedia, loadListing } from './own-listings.ts';
import { authorizeListing } from './policy.ts';
import { coaAllowsListing, refuseTakenExternalSku, refuseTakenPackageUids } from './state-record.ts';
import { queueListingUpdated } from './webhook-event.ts';

/**
 * Archive (false) or relist (true) one of the seller's own listings. Relisting a listing Canopy
 * hid, or one whose COA has expired or failed, is refused in the same statement that would relist
 * it, so an admin's hide that lands first is never undone (decision 075). An archived lot is not
 * live, so relisting checks its package UIDs (decision 211) and external SKU (decision 230) again. Archiving a lot its COA keeps
 * out of the catalog makes it a plain archived lot, which a fixed COA no longer brings back.
 */
export async function setListingActive(
  ctx: AppContext,
  sellerId: string,
  listingId: string,
  active: boolean,
): Promise<ListingWithMedia> {
  const { db } = ctx.database;
  // Whose listing it is never changes, so the table is read before the one statement that decides.
  await authorizeListing(db, sellerId, listingId, active ? 'relist' : 'archive');
  const target = eq(listings.id, listingId);
  const row = await db.transaction(async (tx) => {
    if (active) {
      const [current] = await tx
        .select({ uids: listings.packageUids, sku: listings.externalSku })
        .from(listings)
        .where(target);
      await refuseTakenPackageUids(tx, sellerId, listingId, current?.uids ?? []);
      await refuseTakenExternalSku(tx, sellerId, listingId, current?.sku ?? null);
    }
    const [updated] = await tx
      .update(listings)
      .set({ isActive: active, coaWithheld: false, updatedAt: new Date() })
      // A draft is listed by publishing it (decision 165); archiving one leaves it a draft.
      .where(active ? and(target, sellerMayRelist, eq(listings.isDraft, false), coaAllowsListing) : target)
      .returning({ id: listings.id });
    if (updated) await queueListingUpdated(tx, ctx.publicFiles.urlFor, sellerId, listingId);
    return updated;
  });
  if (!row) {
    const [found] = await db
      .select({ isDraft: listings.isDraft, coaAllows: coaAllowsListing })
      .from(listings)
      .where(target)
      .limit(1);
    if (!found) throw notFound(LISTINGS.notFound);
    if (found.isDraft) throw conflict(LISTING_TOOLS.draftRelistRefused);
    if (!found.coaAllows) throw conflict(STATE_RECORD.coaBarsListing);
    throw forbidden(LISTING_MODERATION.relistRefused);
  }
  return loadListing(db, listingId);
}
