import { LISTINGS } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema/index.ts';
import { authorizeFound, definePolicy } from '../../lib/policy.ts';

// Who may change a listing (issue 27 item 18). Only its seller; anyone else is told it does not
// exist, so ids of other sellers' listings (archived ones and drafts included) cannot be probed.
// Admins moderate through their own routes (admin/listing-moderation.ts); the routes here admit
// sellers only, so "other" is every caller but the owner.

const OWNER_ONLY = { owner: 'allow', other: 'hide' } as const;

export const listingPolicy = definePolicy({
  resource: 'listing',
  notFound: LISTINGS.notFound,
  relations: ['owner', 'other'],
  rules: {
    update: OWNER_ONLY,
    archive: OWNER_ONLY,
    relist: OWNER_ONLY,
    publish: OWNER_ONLY,
    duplicate: OWNER_ONLY,
    delete: OWNER_ONLY,
    requestReview: OWNER_ONLY,
  },
});

export type ListingAction = keyof typeof listingPolicy.rules;

export const listingRelation = (callerId: string, listing: { sellerId: string }) =>
  listing.sellerId === callerId ? ('owner' as const) : ('other' as const);

/** Throws unless the caller may take this action on the listing (it exists and the table allows it). */
export async function authorizeListing(
  db: Db,
  callerId: string,
  listingId: string,
  action: ListingAction,
): Promise<void> {
  const [row] = await db
    .select({ sellerId: listings.sellerId })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  authorizeFound(listingPolicy, action, row, (found) => listingRelation(callerId, found));
}
