import { SAVED_SEARCHES, SAVED_SEARCHES_PER_USER } from '@canopy/shared';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type SavedSearchRow, savedSearches, users } from '../../db/schema/index.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { authorizeSavedSearch, type SavedSearchCaller } from './policy.ts';

// A person's saved searches (decision 150). Who may change one is in policy.ts.

export interface SavedSearchView extends SavedSearchRow {
  /** The business name behind a seller filter, for the summary; null without one. */
  sellerName: string | null;
}

/** The business names behind the searches' seller filters, in one query. */
async function withSellerNames(db: Db, rows: SavedSearchRow[]): Promise<SavedSearchView[]> {
  const sellerIds = [...new Set(rows.flatMap((row) => (row.filters.sellerId ? [row.filters.sellerId] : [])))];
  const sellers =
    sellerIds.length === 0
      ? []
      : await db
          .select({ id: users.id, businessName: users.businessName })
          .from(users)
          .where(and(inArray(users.id, sellerIds), eq(users.role, 'seller')));
  const names = new Map(sellers.map((seller) => [seller.id, seller.businessName]));
  return rows.map((row) => ({
    ...row,
    sellerName: row.filters.sellerId ? (names.get(row.filters.sellerId) ?? null) : null,
  }));
}

/** Oldest first: the order they were saved in, which is the order a person remembers. */
export async function listSavedSearches(db: Db, userId: string): Promise<SavedSearchView[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  return withSellerNames(db, rows);
}

/** A name taken by another of the person's searches (any letter case) is a 409 in words. */
async function refusingDuplicateNames<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SAVED_SEARCHES.duplicateName);
    throw error;
  }
}

/**
 * Saves the filters under a name. The owner's row is locked first, so two saves at once cannot
 * both squeeze under the limit. The check window starts now: only listings new from here on alert.
 */
export async function createSavedSearch(
  db: Db,
  userId: string,
  input: { name: string; filters: Record<string, string> },
): Promise<SavedSearchView> {
  const row = await refusingDuplicateNames(() =>
    db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [held] = await tx
        .select({ total: count() })
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId));
      if ((held?.total ?? 0) >= SAVED_SEARCHES_PER_USER) throw conflict(SAVED_SEARCHES.limitReached);
      const now = new Date();
      const [created] = await tx
        .insert(savedSearches)
        .values({
          id: uuidv7(),
          userId,
          name: input.name,
          filters: input.filters,
          createdAt: now,
          lastCheckedAt: now,
        })
        .returning();
      if (!created) throw new Error('saved search insert returned nothing');
      return created;
    }),
  );
  const [view] = await withSellerNames(db, [row]);
  return view ?? { ...row, sellerName: null };
}

export async function renameSavedSearch(
  db: Db,
  caller: SavedSearchCaller,
  id: string,
  name: string,
): Promise<SavedSearchView> {
  await authorizeSavedSearch(db, caller, id, 'rename');
  const [row] = await refusingDuplicateNames(() =>
    db.update(savedSearches).set({ name }).where(eq(savedSearches.id, id)).returning(),
  );
  // Deleted since the check: it is gone for its owner too.
  if (!row) throw notFound(SAVED_SEARCHES.notFound);
  const [view] = await withSellerNames(db, [row]);
  return view ?? { ...row, sellerName: null };
}

export async function deleteSavedSearch(db: Db, caller: SavedSearchCaller, id: string): Promise<void> {
  await authorizeSavedSearch(db, caller, id, 'delete');
  const deleted = await db
    .delete(savedSearches)
    .where(eq(savedSearches.id, id))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw notFound(SAVED_SEARCHES.notFound);
}
