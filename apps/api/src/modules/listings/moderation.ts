import { sql } from 'drizzle-orm';
import { listingReviewRequests, listings } from '../../db/schema/index.ts';

// The moderation state of decision 075 as SQL the listing queries share. Hidden means the
// listing is inactive (a check constraint) until an admin lifts it; these keep the seller's own
// calls from lifting it.

/** A relist may only touch a listing Canopy has not hidden. */
export const sellerMayRelist = sql`${listings.moderation} = 'clear'`;

/** Whether the listing has a review request no admin has answered yet (an indexed lookup). */
export const hasOpenReviewRequest =
  sql<boolean>`exists (select 1 from ${listingReviewRequests} where ${listingReviewRequests.listingId} = ${listings.id} and ${listingReviewRequests.resolvedAt} is null)`.mapWith(
    Boolean,
  );
