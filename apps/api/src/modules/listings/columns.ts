import type { CoaStatus } from '@canopy/shared';
import { asc, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { type ListingMediaRow, type ListingRow, listingMedia, listings } from '../../db/schema/index.ts';

// How a listing is read, for every feature that shows one (the seller's own, the catalog, the
// admin's lists): its columns and its media in gallery order.

// The search vector and the search index's change mark stay in the database: only the catalog's
// search reads them.
const { search: _search, searchXid: _searchXid, ...columns } = getTableColumns(listings);

/**
 * Where the lot's COA stands today (Pacific date), from the database's one definition of it,
 * listing_coa_status (migration 0028, decision 212), so a read agrees with the gate and the sweep.
 */
export const coaStatusOf = sql<CoaStatus>`listing_coa_status(${listings.coaResult}, ${listings.coaTestedAt})`;

/** Every column of a listing but its search vector, and its COA's status. */
export const listingFields = { ...columns, coaStatus: coaStatusOf };

export type ListingFields = Omit<ListingRow, 'search' | 'searchXid'> & { coaStatus: CoaStatus };

/** The media of the listings, in gallery order (the catalog reads it for every page). */
const mediaStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(listingMedia)
    .where(sql`${listingMedia.listingId} = ANY(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(asc(listingMedia.listingId), asc(listingMedia.position), asc(listingMedia.id))
    .prepare('listing_media_by_listing'),
);

/** The media of each listing, in gallery order, with one query for the whole page. */
export async function mediaByListing(db: Db, listingIds: string[]): Promise<Map<string, ListingMediaRow[]>> {
  const byListing = new Map<string, ListingMediaRow[]>(listingIds.map((id) => [id, []]));
  if (listingIds.length === 0) return byListing;
  const rows = await mediaStatement(db).execute({ ids: listingIds });
  for (const row of rows) byListing.get(row.listingId)?.push(row);
  return byListing;
}
