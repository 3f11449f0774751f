import { LISTINGS } from '@canopy/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ListingMediaRow, listings, productTypes } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type ListingFields, listingFields, mediaByListing } from './columns.ts';
import { hasOpenReviewRequest } from './moderation.ts';

// Reading listings as their seller sees them: the dashboard's list and one listing with its media.

export interface ListingWithMedia {
  listing: ListingFields;
  productTypeName: string;
  /** The seller has asked for a review of this hidden listing and no admin has answered yet. */
  reviewPending: boolean;
  media: ListingMediaRow[];
}

/** Attaches each listing's media, in gallery order, with one query for the whole page. */
export async function withMedia(
  db: Db,
  rows: Omit<ListingWithMedia, 'media'>[],
): Promise<ListingWithMedia[]> {
  const media = await mediaByListing(
    db,
    rows.map((row) => row.listing.id),
  );
  return rows.map((row) => ({ ...row, media: media.get(row.listing.id) ?? [] }));
}

export const listingColumns = {
  listing: listingFields,
  productTypeName: productTypes.name,
  reviewPending: hasOpenReviewRequest,
};

/** A seller's own listings, active and archived, newest first (the Seller Dashboard). */
export async function findSellerListings(db: Db, sellerId: string): Promise<ListingWithMedia[]> {
  const rows = await db
    .select(listingColumns)
    .from(listings)
    .innerJoin(productTypes, eq(productTypes.id, listings.productTypeId))
    .where(eq(listings.sellerId, sellerId))
    .orderBy(desc(listings.createdAt), desc(listings.id));
  return withMedia(db, rows);
}

export async function loadListing(db: Db, listingId: string): Promise<ListingWithMedia> {
  const rows = await db
    .select(listingColumns)
    .from(listings)
    .innerJoin(productTypes, eq(productTypes.id, listings.productTypeId))
    .where(eq(listings.id, listingId));
  const [found] = await withMedia(db, rows);
  if (!found) throw notFound(LISTINGS.notFound);
  return found;
}
