import { ADMIN, LISTING_TOOLS, STATE_RECORD } from '@canopy/shared';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/sql.ts';
import { recordAdminAction } from '../audit/index.ts';
import {
  coaAllowsListing,
  listingHiddenEmail,
  listingRemovedEmail,
  listingRestoredEmail,
  presentListing,
  withMedia,
} from '../listings/index.ts';
import { deleteKeys, referencedKeys } from '../media/index.ts';
import {
  type Admin,
  lockListing,
  restoreHiddenListing,
  sellerMail,
  sendAfterCommit,
  visibility,
} from './listing-moderation.ts';
import { selectListingsWithSeller } from './listings-with-seller.ts';

export interface AdminListingQuery {
  page: number;
  limit: number;
  query?: string;
  active?: boolean;
  moderation?: 'clear' | 'hidden';
}

/** Every listing, whatever its state, newest first, with its seller's names (SPEC §2 Listings tab). */
export async function listAllListings(ctx: AppContext, q: AdminListingQuery) {
  const { db } = ctx.database;
  const filters: SQL[] = [];
  if (q.active !== undefined) filters.push(eq(listings.isActive, q.active));
  if (q.moderation) filters.push(eq(listings.moderation, q.moderation));
  if (q.query) {
    const pattern = `%${escapeLike(q.query)}%`;
    const match = or(ilike(listings.title, pattern), ilike(listings.sellerBusinessName, pattern));
    if (match) filters.push(match);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [totals]] = await Promise.all([
    selectListingsWithSeller(db)
      .where(where)
      .orderBy(desc(listings.createdAt), desc(listings.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(listings).where(where),
  ]);
  const urlFor = (key: string) => ctx.publicFiles.urlFor(key);
  const data = (await withMedia(db, rows)).map((item, index) => {
    // withMedia keeps the rows' order, and the seller comes from an inner join: every row has one.
    const { seller } = rows[index] as (typeof rows)[number];
    return {
      ...presentListing(item, urlFor),
      user_id: {
        _id: seller.id,
        email: seller.email,
        profile: { businessName: seller.businessName, contactName: seller.contactName },
      },
    };
  });
  return { data, total: totals?.total ?? 0 };
}

/**
 * SPEC's Activate/Deactivate, with decision 075's meaning: deactivating hides the listing until
 * an admin lifts it; activating a hidden listing lifts the hide; activating a listing its seller
 * archived relists it. Audited with the reason in the same transaction; the seller is e-mailed
 * once it has committed.
 */
export async function toggleListing(ctx: AppContext, admin: Admin, id: string, reason: string) {
  const { isActive, mail } = await ctx.database.db.transaction(async (tx) => {
    const listing = await lockListing(tx, id);
    if (listing.moderation === 'hidden') {
      return {
        isActive: !listing.isDraft,
        mail: await restoreHiddenListing(ctx, tx, admin, listing, reason),
      };
    }
    const now = new Date();
    const hide = listing.isActive;
    // Only its seller lists a draft, by publishing it (decision 165); an admin may still hide one.
    if (!hide && listing.isDraft) throw conflict(LISTING_TOOLS.adminDraftRefused);
    // The COA gate would keep the lot out whatever the admin asks (decision 212): say so, rather
    // than answer "activated" for a lot that stays out of the catalog.
    if (!hide && !(await coaAllows(tx, id))) throw conflict(STATE_RECORD.coaBarsListing);
    await tx
      .update(listings)
      .set(
        hide
          ? {
              isActive: false,
              moderation: 'hidden',
              moderationReason: reason,
              moderatedAt: now,
              updatedAt: now,
            }
          : { isActive: true, updatedAt: now },
      )
      .where(eq(listings.id, id));
    await recordAdminAction(tx, admin, {
      action: hide ? 'listing.deactivate' : 'listing.activate',
      targetType: 'listing',
      targetId: id,
      targetLabel: listing.title,
      before: visibility(listing),
      after: hide ? { isActive: false, moderation: 'hidden' } : { isActive: true, moderation: 'clear' },
      reason,
    });
    return {
      isActive: !hide,
      mail: await sellerMail(ctx, tx, listing, reason, hide ? listingHiddenEmail : listingRestoredEmail),
    };
  });
  sendAfterCommit(ctx, mail);
  return isActive;
}

/**
 * Deletes a listing with its media rows (and its audit entry) in one transaction; the files go
 * once it has committed, so a failed delete never leaves a listing pointing at missing files.
 * The seller is told, with the reason.
 */
export async function deleteListing(ctx: AppContext, admin: Admin, id: string, reason: string) {
  const { keys, mail } = await ctx.database.db.transaction(async (tx) => {
    const listing = await lockListing(tx, id);
    const files = await referencedKeys(tx, id);
    const mail = await sellerMail(ctx, tx, listing, reason, listingRemovedEmail);
    await tx.delete(listings).where(eq(listings.id, id));
    await recordAdminAction(tx, admin, {
      action: 'listing.delete',
      targetType: 'listing',
      targetId: id,
      targetLabel: listing.title,
      before: { title: listing.title, sellerId: listing.sellerId, ...visibility(listing) },
      after: null,
      reason,
    });
    return { keys: files, mail };
  });
  sendAfterCommit(ctx, mail);
  await deleteKeys(ctx.publicFiles, keys).catch((error) =>
    ctx.log.error({ err: error, listingId: id }, 'files of a deleted listing could not be removed'),
  );
}

async function coaAllows(tx: Db, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ allows: sql<boolean>`${coaAllowsListing}` })
    .from(listings)
    .where(eq(listings.id, id));
  return row?.allows ?? true;
}

export const toggledMessage = (isActive: boolean) =>
  isActive ? ADMIN.listingActivated : ADMIN.listingDeactivated;
