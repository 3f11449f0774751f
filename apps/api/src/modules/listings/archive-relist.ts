import { LISTING_MODERATION, LISTING_TOOLS, LISTINGS } from '@canopy/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { listings } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { sellerMayRelist } from './moderation.ts';
import { type ListingWithMedia, loadListing } from './own-listings.ts';
import { authorizeListing } from './policy.ts';

/**
 * Archive (false) or relist (true) one of the seller's own listings. Relisting a listing Canopy
 * hid is refused in the same statement that would relist it, so an admin's hide that lands
 * first is never undone (decision 075).
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
  const [row] = await db
    .update(listings)
    .set({ isActive: active, updatedAt: new Date() })
    // A draft is listed by publishing it (decision 165); archiving one leaves it a draft.
    .where(active ? and(target, sellerMayRelist, eq(listings.isDraft, false)) : target)
    .returning({ id: listings.id });
  if (!row) {
    const [found] = await db.select({ isDraft: listings.isDraft }).from(listings).where(target).limit(1);
    if (!found) throw notFound(LISTINGS.notFound);
    if (found.isDraft) throw conflict(LISTING_TOOLS.draftRelistRefused);
    throw forbidden(LISTING_MODERATION.relistRefused);
  }
  return loadListing(db, listingId);
}
