import { asc, getTableColumns, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ListingMediaRow, type ListingRow, listingMedia, listings } from '../../db/schema/index.ts';

// How a listing is read, for every feature that shows one (the seller's own, the catalog, the
// admin's lists): its columns and its media in gallery order.

// The search vector stays in the database: only the catalog's text search uses it.
const { search: _search, ...columns } = getTableColumns(listings);

/** Every column of a listing but its search vector. */
export const listingFields = columns;

export type ListingFields = Omit<ListingRow, 'search'>;

/** The media of each listing, in gallery order, with one query for the whole page. */
export async function mediaByListing(db: Db, listingIds: string[]): Promise<Map<string, ListingMediaRow[]>> {
  const byListing = new Map<string, ListingMediaRow[]>(listingIds.map((id) => [id, []]));
  if (listingIds.length === 0) return byListing;
  const rows = await db
    .select()
    .from(listingMedia)
    .where(inArray(listingMedia.listingId, listingIds))
    .orderBy(asc(listingMedia.listingId), asc(listingMedia.position), asc(listingMedia.id));
  for (const row of rows) byListing.get(row.listingId)?.push(row);
  return byListing;
}
