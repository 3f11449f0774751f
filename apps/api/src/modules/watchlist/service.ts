import { WATCHLIST, WATCHLIST_MAX, type WatchChangesDto } from '@canopy/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings, productTypes, REACHABLE_LISTING, users, watchlistItems } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { productSellerFields } from '../catalog/index.ts';
import { type ListingFields, listingFields } from '../listings/index.ts';

// A buyer's watched lots (decision 155). A lot is watched as it was then; the Watchlist page
// compares each lot with what the buyer last saw there, and opening the page moves that mark.

/** The price a buyer reads: none when the seller takes offers only (the card says "Make an offer"). */
const shownPrice = (listing: { makeOffer: boolean; askingPrice: number | null }) =>
  listing.makeOffer ? null : listing.askingPrice;

const reachable = sql<boolean>`(${listings.isActive} AND ${listings.sellerVerified})`;

/** Starts watching a lot the buyer can see; watching it again changes nothing. */
export async function watchListing(db: Db, userId: string, listingId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [listing] = await tx
      .select({
        title: listings.title,
        makeOffer: listings.makeOffer,
        askingPrice: listings.askingPrice,
        quantityLbs: listings.quantityLbs,
      })
      .from(listings)
      .where(and(eq(listings.id, listingId), REACHABLE_LISTING));
    if (!listing) throw notFound(WATCHLIST.notFound);
    const [watched] = await tx
      .select({ total: count() })
      .from(watchlistItems)
      .where(eq(watchlistItems.userId, userId));
    const already = await tx
      .select({ listingId: watchlistItems.listingId })
      .from(watchlistItems)
      .where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.listingId, listingId)));
    if (already.length > 0) return;
    if ((watched?.total ?? 0) >= WATCHLIST_MAX) throw conflict(WATCHLIST.full);
    const price = shownPrice(listing);
    await tx
      .insert(watchlistItems)
      .values({
        userId,
        listingId,
        watchedTitle: listing.title,
        watchedPrice: price,
        watchedQuantityLbs: listing.quantityLbs,
        seenPrice: price,
        seenQuantityLbs: listing.quantityLbs,
        seenAvailable: true,
      })
      .onConflictDoNothing();
  });
}

/** Stops watching; a lot not watched is already not watched. */
export async function unwatchListing(db: Db, userId: string, listingId: string): Promise<void> {
  await db
    .delete(watchlistItems)
    .where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.listingId, listingId)));
}

interface Seen {
  seenPrice: number | null;
  seenQuantityLbs: number;
  seenAvailable: boolean;
}
interface Now {
  makeOffer: boolean;
  askingPrice: number | null;
  quantityLbs: number;
  available: boolean;
}

/** What moved between the last look and now. An unavailable lot's price and quantity are not news. */
export function changesSince(seen: Seen, now: Now): WatchChangesDto {
  if (!now.available) {
    return { price: null, quantity: null, soldOut: false, noLongerAvailable: seen.seenAvailable };
  }
  const price = shownPrice(now);
  return {
    price: price === seen.seenPrice ? null : { from: seen.seenPrice, to: price },
    quantity:
      now.quantityLbs === seen.seenQuantityLbs ? null : { from: seen.seenQuantityLbs, to: now.quantityLbs },
    soldOut: now.quantityLbs <= 0 && seen.seenQuantityLbs > 0,
    noLongerAvailable: false,
  };
}

export const hasChanges = (changes: WatchChangesDto) =>
  changes.noLongerAvailable || changes.soldOut || changes.price !== null || changes.quantity !== null;

export interface WatchedRow {
  item: typeof watchlistItems.$inferSelect;
  listing: ListingFields;
  available: boolean;
  productTypeName: string;
  seller: { businessName: string; licenseType: string; licenseNumber: string; status: string };
}

/** Every watched lot of the buyer, the latest watched first. */
export async function watchedListings(db: Db, userId: string): Promise<WatchedRow[]> {
  return db
    .select({
      item: watchlistItems,
      listing: listingFields,
      available: reachable,
      productTypeName: productTypes.name,
      seller: productSellerFields,
    })
    .from(watchlistItems)
    .innerJoin(listings, eq(listings.id, watchlistItems.listingId))
    .innerJoin(productTypes, eq(productTypes.id, listings.productTypeId))
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(eq(watchlistItems.userId, userId))
    .orderBy(desc(watchlistItems.watchedAt), desc(watchlistItems.listingId));
}

/** The hearts' and the nav's answer: the watched ids and how many lots have a note. */
export async function watchlistSummary(
  db: Db,
  userId: string,
): Promise<{ listingIds: string[]; changed: number }> {
  const rows = await db
    .select({
      listingId: watchlistItems.listingId,
      seenPrice: watchlistItems.seenPrice,
      seenQuantityLbs: watchlistItems.seenQuantityLbs,
      seenAvailable: watchlistItems.seenAvailable,
      makeOffer: listings.makeOffer,
      askingPrice: listings.askingPrice,
      quantityLbs: listings.quantityLbs,
      available: reachable,
    })
    .from(watchlistItems)
    .innerJoin(listings, eq(listings.id, watchlistItems.listingId))
    .where(eq(watchlistItems.userId, userId))
    .orderBy(desc(watchlistItems.watchedAt), desc(watchlistItems.listingId));
  return {
    listingIds: rows.map((row) => row.listingId),
    changed: rows.filter((row) => hasChanges(changesSince(row, row))).length,
  };
}

/**
 * The buyer has looked: every lot's "last seen" becomes what it is now, in one statement, so the
 * notes start again from here.
 */
export async function markWatchlistSeen(db: Db, userId: string): Promise<void> {
  await db.execute(sql`
    UPDATE ${watchlistItems}
    SET seen_price = CASE WHEN l.make_offer THEN NULL ELSE l.asking_price END,
        seen_quantity_lbs = l.quantity_lbs,
        seen_available = (l.is_active AND l.seller_verified),
        seen_at = now()
    FROM ${listings} AS l
    WHERE l.id = ${watchlistItems.listingId} AND ${watchlistItems.userId} = ${userId}`);
}
