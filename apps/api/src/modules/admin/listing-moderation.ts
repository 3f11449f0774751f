import { LISTINGS } from '@canopy/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { listingReviewRequests, listings, type UserRow, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { recordAdminAction } from '../audit/index.ts';
import { listingRestoredEmail, type ModerationMailInput } from '../listings/index.ts';
import { notify } from '../notifications/index.ts';

// The steps every admin moderation action shares (decision 075): lock the listing, change it,
// answer a waiting review request, audit with the reason, tell the seller's notification centre and
// e-mail the seller after commit.

export type Admin = Pick<UserRow, 'id' | 'email'>;

export async function lockListing(tx: Db, id: string) {
  const [listing] = await tx.select().from(listings).where(eq(listings.id, id)).for('update').limit(1);
  if (!listing) throw notFound(LISTINGS.notFound);
  return listing;
}

export type LockedListing = Awaited<ReturnType<typeof lockListing>>;

/** What the audit trail records of a listing's visibility before and after. */
export const visibility = (listing: Pick<LockedListing, 'isActive' | 'moderation'>) => ({
  isActive: listing.isActive,
  moderation: listing.moderation,
});

/** A moderation e-mail, queued inside the transaction: it goes out only if the change commits. */
export type PendingMail = MailMessage | null;

/** Queues the seller's e-mail about this listing in `tx` (none when the seller is gone). */
export async function sellerMail(
  ctx: AppContext,
  tx: Db,
  listing: LockedListing,
  reason: string,
  compose: (input: ModerationMailInput) => MailMessage,
): Promise<PendingMail> {
  const [seller] = await tx
    .select({ email: users.email, contactName: users.contactName })
    .from(users)
    .where(eq(users.id, listing.sellerId))
    .limit(1);
  if (!seller) return null;
  const mail = compose({
    to: seller.email,
    name: seller.contactName,
    title: listing.title,
    reason,
    appUrl: ctx.config.appUrl,
  });
  // The outcome in the seller's notification centre too (issue 25), in the mail's own words.
  await notify(tx, {
    companyId: listing.sellerId,
    kind: 'listing_moderation',
    title: mail.subject,
    summary: `Reason: ${reason}`,
    link: '/seller',
    subjectId: listing.id,
  });
  await ctx.mailer.enqueue(tx, mail);
  return mail;
}

/** Once the transaction that queued a mail has committed, asks the mail worker to send it now. */
export function sendAfterCommit(ctx: AppContext, mail: PendingMail) {
  if (mail) ctx.mailer.kick();
}

/** Marks the listing's waiting review request (if any) as answered; returns whether there was one. */
export async function answerOpenReviewRequest(
  tx: Db,
  admin: Admin,
  listingId: string,
  resolution: 'restore' | 'keep_hidden',
  reason: string,
  at: Date,
): Promise<boolean> {
  const answered = await tx
    .update(listingReviewRequests)
    .set({ resolvedAt: at, resolvedBy: admin.id, resolution, resolutionReason: reason })
    .where(and(eq(listingReviewRequests.listingId, listingId), isNull(listingReviewRequests.resolvedAt)))
    .returning({ id: listingReviewRequests.id });
  return answered.length > 0;
}

/**
 * Lifts Canopy's hide: the listing is listed again (public if its seller is verified), and a
 * waiting review request is answered as restored. Runs in the caller's transaction on the
 * locked row.
 */
export async function restoreHiddenListing(
  ctx: AppContext,
  tx: Db,
  admin: Admin,
  listing: LockedListing,
  reason: string,
): Promise<PendingMail> {
  const now = new Date();
  await tx
    .update(listings)
    // A hidden draft goes back to being a draft: only its seller publishes it (decision 165).
    .set({
      isActive: !listing.isDraft,
      moderation: 'clear',
      moderationReason: null,
      moderatedAt: now,
      updatedAt: now,
    })
    .where(eq(listings.id, listing.id));
  await answerOpenReviewRequest(tx, admin, listing.id, 'restore', reason, now);
  await recordAdminAction(tx, admin, {
    action: 'listing.restore',
    targetType: 'listing',
    targetId: listing.id,
    targetLabel: listing.title,
    before: visibility(listing),
    after: { isActive: !listing.isDraft, moderation: 'clear' },
    reason,
  });
  return sellerMail(ctx, tx, listing, reason, listingRestoredEmail);
}
