import { ADMIN, LISTINGS } from '@canopy/shared';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { listings, productTypes, type UserRow, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/sql.ts';
import { recordAdminAction } from '../audit/service.ts';
import { presentListing } from '../listings/presenter.ts';
import { listingColumns, withMedia } from '../listings/service.ts';
import { deleteKeys, referencedKeys } from '../media/store.ts';

export interface AdminListingQuery {
  page: number;
  limit: number;
  query?: string;
  active?: boolean;
}

/** Every listing, whatever its state, newest first, with its seller's names (SPEC §2 Listings tab). */
export async function listAllListings(ctx: AppContext, q: AdminListingQuery) {
  const { db } = ctx.database;
  const filters: SQL[] = [];
  if (q.active !== undefined) filters.push(eq(listings.isActive, q.active));
  if (q.query) {
    const pattern = `%${escapeLike(q.query)}%`;
    const match = or(ilike(listings.title, pattern), ilike(listings.sellerBusinessName, pattern));
    if (match) filters.push(match);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        ...listingColumns,
        seller: {
          id: users.id,
          email: users.email,
          businessName: users.businessName,
          contactName: users.contactName,
        },
      })
      .from(listings)
      .innerJoin(productTypes, eq(productTypes.id, listings.productTypeId))
      .innerJoin(users, eq(users.id, listings.sellerId))
      .where(where)
      .orderBy(desc(listings.createdAt), desc(listings.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(listings).where(where),
  ]);
  const urlFor = (key: string) => ctx.publicFiles.urlFor(key);
  const data = (await withMedia(db, rows)).map((item, index) => {
    const seller = rows[index]?.seller;
    return {
      ...presentListing(item, urlFor),
      user_id: seller && {
        _id: seller.id,
        email: seller.email,
        profile: { businessName: seller.businessName, contactName: seller.contactName },
      },
    };
  });
  return { data, total: totals?.total ?? 0 };
}

async function lockListing(tx: Db, id: string) {
  const [listing] = await tx.select().from(listings).where(eq(listings.id, id)).for('update').limit(1);
  if (!listing) throw notFound(LISTINGS.notFound);
  return listing;
}

/** Activate or deactivate any listing; recorded in the audit trail in the same transaction. */
export async function toggleListing(ctx: AppContext, admin: Pick<UserRow, 'id' | 'email'>, id: string) {
  return ctx.database.db.transaction(async (tx) => {
    const listing = await lockListing(tx, id);
    const isActive = !listing.isActive;
    await tx.update(listings).set({ isActive, updatedAt: new Date() }).where(eq(listings.id, id));
    await recordAdminAction(tx, admin, {
      action: isActive ? 'listing.activate' : 'listing.deactivate',
      targetType: 'listing',
      targetId: id,
      targetLabel: listing.title,
      before: { isActive: listing.isActive },
      after: { isActive },
    });
    return isActive;
  });
}

/**
 * Deletes a listing with its media rows (and its audit entry) in one transaction; the files go
 * once it has committed, so a failed delete never leaves a listing pointing at missing files.
 */
export async function deleteListing(ctx: AppContext, admin: Pick<UserRow, 'id' | 'email'>, id: string) {
  const keys = await ctx.database.db.transaction(async (tx) => {
    const listing = await lockListing(tx, id);
    const files = await referencedKeys(tx, id);
    await tx.delete(listings).where(eq(listings.id, id));
    await recordAdminAction(tx, admin, {
      action: 'listing.delete',
      targetType: 'listing',
      targetId: id,
      targetLabel: listing.title,
      before: { title: listing.title, sellerId: listing.sellerId, isActive: listing.isActive },
      after: null,
    });
    return files;
  });
  await deleteKeys(ctx.publicFiles, keys).catch((error) =>
    ctx.log.error({ err: error, listingId: id }, 'files of a deleted listing could not be removed'),
  );
}

export const toggledMessage = (isActive: boolean) =>
  isActive ? ADMIN.listingActivated : ADMIN.listingDeactivated;
