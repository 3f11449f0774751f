import { LISTINGS, type ListingDeletionSummaryDto, type ListingReviewHistoryDto } from '@canopy/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { listingReviewRequests, listings, messages } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { listAuditEntriesForTarget, presentAuditEntry } from '../audit/index.ts';
import { presentProduct } from '../catalog/index.ts';
import { presentListing, withMedia } from '../listings/index.ts';
import { selectListingsWithSeller } from './listings-with-seller.ts';

// What an admin sees before acting on a listing (issue 10, item 5): the listing as the public
// would see it, whatever its state, beside its moderation history and what deleting it would
// take with it.

/** Buyers whose messages name the listing: each is a conversation that loses its link on delete. */
async function conversationsNaming(db: Db, listingId: string, sellerId: string): Promise<number> {
  const counterpart = sql`case when ${messages.senderId} = ${sellerId} then ${messages.receiverId} else ${messages.senderId} end`;
  const [row] = await db
    .select({ total: sql<number>`count(distinct ${counterpart})`.mapWith(Number) })
    .from(messages)
    .where(eq(messages.listingId, listingId));
  return row?.total ?? 0;
}

async function reviewHistory(db: Db, listingId: string): Promise<ListingReviewHistoryDto[]> {
  const rows = await db
    .select()
    .from(listingReviewRequests)
    .where(eq(listingReviewRequests.listingId, listingId))
    .orderBy(desc(listingReviewRequests.createdAt), desc(listingReviewRequests.id));
  return rows.map((row) => ({
    _id: row.id,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    resolution: row.resolution,
    resolutionReason: row.resolutionReason,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  }));
}

export async function listingPreview(ctx: AppContext, listingId: string) {
  const { db } = ctx.database;
  const rows = await selectListingsWithSeller(db).where(eq(listings.id, listingId)).limit(1);
  const [found] = await withMedia(db, rows);
  const seller = rows[0]?.seller;
  if (!found || !seller) throw notFound(LISTINGS.notFound);

  const { urlFor } = ctx.publicFiles;
  const [history, reviews, conversations] = await Promise.all([
    listAuditEntriesForTarget(db, listingId),
    reviewHistory(db, listingId),
    conversationsNaming(db, listingId, seller.id),
  ]);
  const images = found.media.filter((item) => item.kind === 'image').length;
  const deletion: ListingDeletionSummaryDto = {
    images,
    videos: found.media.length - images,
    labResults: found.listing.testUploadKey !== null || found.listing.testLink !== null,
    conversations,
  };
  return {
    listing: {
      ...presentListing(found, urlFor),
      user_id: {
        _id: seller.id,
        email: seller.email,
        profile: { businessName: seller.businessName, contactName: seller.contactName },
      },
    },
    product: presentProduct({ ...found, seller }, urlFor),
    history: history.map(presentAuditEntry),
    reviewRequests: reviews,
    deletion,
  };
}
