import { LISTING_MODERATION, LISTINGS } from '@canopy/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { listingReviewRequests, listings } from '../../db/schema/index.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { type ListingWithMedia, loadListing } from './service.ts';

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
      const [listing] = await tx
        .select({ moderation: listings.moderation })
        .from(listings)
        .where(and(eq(listings.id, listingId), eq(listings.sellerId, sellerId)))
        .for('update');
      if (!listing) throw notFound(LISTINGS.notFound);
      if (listing.moderation !== 'hidden') throw badRequest(LISTING_MODERATION.reviewNotHidden);
      await tx.insert(listingReviewRequests).values({ id: uuidv7(), listingId, sellerId, message });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(LISTING_MODERATION.reviewAlreadyOpen);
    throw error;
  }
  return loadListing(db, listingId);
}
