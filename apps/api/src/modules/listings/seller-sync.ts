import type { UserStatus } from '@canopy/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings, users } from '../../db/schema/index.ts';

// Listings carry copies of three facts about their seller, so the catalog reads one table
// (decision 011): the business name (searchable), whether the seller is verified (public) and the
// premises county (the county facet, decision 140).
// These keep the copies in step; both run inside the caller's transaction and rewrite only rows
// whose copy differs.

/**
 * After a profile save or an approved profile change (decision 082): the business name or the
 * county may have changed. The status and county are re-read from the saved row, so the copies
 * cannot drift from it.
 */
export async function syncSellerBusinessName(db: Db, userId: string, name: string): Promise<void> {
  const verifiedNow = sql`(${users.status} = 'verified')`;
  await db
    .update(listings)
    .set({ sellerBusinessName: name, sellerVerified: verifiedNow, sellerCounty: sql`${users.county}` })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(listings.sellerId, users.id),
        sql`(${listings.sellerBusinessName} IS DISTINCT FROM ${name} OR ${listings.sellerVerified} IS DISTINCT FROM ${verifiedNow} OR ${listings.sellerCounty} IS DISTINCT FROM ${users.county})`,
      ),
    );
}

/** After an admin status change: only a verified seller's listings are public. */
export async function syncSellerStatus(db: Db, userId: string, status: UserStatus): Promise<void> {
  const verified = status === 'verified';
  await db
    .update(listings)
    .set({ sellerVerified: verified })
    .where(and(eq(listings.sellerId, userId), ne(listings.sellerVerified, verified)));
}
