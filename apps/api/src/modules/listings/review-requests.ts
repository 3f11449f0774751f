import { LISTING_MODERATION } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { listingReviewRequests, listings } from '../../db/schema/index.ts';
import { badRequest, conflict, isUniqueViolation } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { authorizeFound } from '../../lib/policy.ts';
import { type ListingWithMedia, loadListing } from './own-listings.ts';
import { listingPolicy, listingRelation } from './policy.ts';

/**
 * A seller's reply to a listing Canopy hid: it joins the admins' queue. Only a hidden listing
 * of the seller's own can be sent, and only one request per listing waits at a time (a unique
 * partial index settles two requests sent at once).
 */
export async function requestListingReview(
  ctx: AppContext,
  sellerId: string,
  listingId: string,
  message: string,
): Promise<ListingWithMedia> {
  const { db } = ctx.database;
  try {
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ sellerId: listings.sellerId, moderation: listings.moderation })
        .from(listings)
        .where(eq(listings.id, listingId))
        .for('update');
      const listing = authorizeFound(listingPolicy, 'requestReview', locked, (row) =>
        listingRelation(sellerId, row),
      );
      if (listing.moderation !== 'hidden') throw badRequest(LISTING_MODERATION.reviewNotHidden);
      await tx.insert(listingReviewRequests).values({ id: uuidv7(), listingId, sellerId, message });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(LISTING_MODERATION.reviewAlreadyOpen);
    throw error;
  }
  return loadListing(db, listingId);
}
