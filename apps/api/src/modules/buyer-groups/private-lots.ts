import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyerGroupListings, listings } from '../../db/schema/index.ts';

// listings.group_only is what every public predicate reads (PUBLIC_LISTING, REACHABLE_LISTING,
// decision 240); buyer_group_listings is where the seller says it. Every change to the second
// calls this in the same transaction, so the two never disagree for a reader.

const heldPrivate = sql`EXISTS (SELECT 1 FROM ${buyerGroupListings} WHERE ${buyerGroupListings.listingId} = ${listings.id} AND ${buyerGroupListings.private})`;

/**
 * Sets group_only on these lots from their group rows. A lot that joins or leaves the public
 * catalog changes lists, counts and product pages alike, and no column the catalog's triggers
 * watch moved, so the page cache is told that anything may have changed (an empty notification,
 * sent at commit). Privacy changes are rare; dropping every cached answer then is cheap.
 */
export async function syncGroupOnly(tx: Db, listingIds: readonly string[]): Promise<void> {
  if (listingIds.length === 0) return;
  const moved = await tx
    .update(listings)
    .set({ groupOnly: heldPrivate })
    .where(
      and(inArray(listings.id, [...listingIds]), sql`${listings.groupOnly} IS DISTINCT FROM ${heldPrivate}`),
    )
    .returning({ id: listings.id });
  if (moved.length > 0) await tx.execute(sql`SELECT pg_notify('canopy_catalog', '')`);
}

/** The lots a group holds private now: to sync once its rows are gone or replaced. */
export async function privateLotsOf(tx: Db, groupId: string): Promise<string[]> {
  const rows = await tx
    .select({ listingId: buyerGroupListings.listingId })
    .from(buyerGroupListings)
    .where(and(eq(buyerGroupListings.groupId, groupId), eq(buyerGroupListings.private, true)));
  return rows.map((row) => row.listingId);
}
