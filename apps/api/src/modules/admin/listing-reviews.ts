import { LISTING_MODERATION, type ListingReviewRequestDto, type ReviewDecision } from '@canopy/shared';
import { asc, count, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { listingReviewRequests, listings, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAdminAction } from '../audit/index.ts';
import { listingKeptHiddenEmail } from '../listings/index.ts';
import {
  type Admin,
  answerOpenReviewRequest,
  lockListing,
  type PendingMail,
  restoreHiddenListing,
  sellerMail,
  sendAfterCommit,
  visibility,
} from './listing-moderation.ts';

// The admins' queue of sellers' review requests (decision 075): oldest first, each with the
// seller's message and why the listing was hidden; an admin restores it or keeps it hidden.

const openRequest = isNull(listingReviewRequests.resolvedAt);

export async function listOpenReviewRequests(db: Db, page: number, limit: number) {
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: listingReviewRequests.id,
        message: listingReviewRequests.message,
        createdAt: listingReviewRequests.createdAt,
        listing: {
          id: listings.id,
          title: listings.title,
          reason: listings.moderationReason,
          moderatedAt: listings.moderatedAt,
        },
        seller: {
          id: users.id,
          email: users.email,
          businessName: users.businessName,
          contactName: users.contactName,
        },
      })
      .from(listingReviewRequests)
      .innerJoin(listings, eq(listings.id, listingReviewRequests.listingId))
      .innerJoin(users, eq(users.id, listingReviewRequests.sellerId))
      .where(openRequest)
      .orderBy(asc(listingReviewRequests.createdAt), asc(listingReviewRequests.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(listingReviewRequests).where(openRequest),
  ]);
  const data: ListingReviewRequestDto[] = rows.map((row) => ({
    _id: row.id,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    listing: {
      _id: row.listing.id,
      title: row.listing.title,
      hiddenReason: row.listing.reason,
      hiddenAt: row.listing.moderatedAt?.toISOString() ?? null,
    },
    seller: {
      _id: row.seller.id,
      email: row.seller.email,
      businessName: row.seller.businessName,
      contactName: row.seller.contactName,
    },
  }));
  return { data, total: totals?.total ?? 0 };
}

/**
 * Answers a review request: restore lifts the hide, keep_hidden leaves it and records why. Both
 * are audited with the reason in one transaction, on the locked listing, and the seller is
 * e-mailed once it has committed. A request already answered (by another admin a moment ago) is
 * refused with 409 and nothing changes.
 */
export async function answerReviewRequest(
  ctx: AppContext,
  admin: Admin,
  requestId: string,
  decision: ReviewDecision,
  reason: string,
): Promise<{ listingId: string }> {
  const { db } = ctx.database;
  const [request] = await db
    .select({ listingId: listingReviewRequests.listingId })
    .from(listingReviewRequests)
    .where(eq(listingReviewRequests.id, requestId))
    .limit(1);
  if (!request) throw notFound(LISTING_MODERATION.reviewNotFound);

  const mail = await db.transaction(async (tx): Promise<PendingMail> => {
    const listing = await lockListing(tx, request.listingId);
    const [current] = await tx
      .select({ resolvedAt: listingReviewRequests.resolvedAt })
      .from(listingReviewRequests)
      .where(eq(listingReviewRequests.id, requestId));
    if (!current || current.resolvedAt) throw conflict(LISTING_MODERATION.reviewAlreadyAnswered);
    // Opening a request needs a hidden listing, and lifting the hide answers the request.
    if (listing.moderation !== 'hidden') throw badRequest(LISTING_MODERATION.reviewNotHidden);

    if (decision === 'restore') return restoreHiddenListing(ctx, tx, admin, listing, reason);
    await answerOpenReviewRequest(tx, admin, listing.id, 'keep_hidden', reason, new Date());
    await recordAdminAction(tx, admin, {
      action: 'listing.keep_hidden',
      targetType: 'listing',
      targetId: listing.id,
      targetLabel: listing.title,
      before: visibility(listing),
      after: visibility(listing),
      reason,
    });
    return sellerMail(ctx, tx, listing, reason, listingKeptHiddenEmail);
  });
  sendAfterCommit(ctx, mail);
  return { listingId: request.listingId };
}
