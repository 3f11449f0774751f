import type { ProductCategory } from '@canopy/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userCategoryInterest } from '../../db/schema/index.ts';

/**
 * Notes that a signed-in user looked at a category (a product page, or the catalog filtered by
 * it), for the weekly digest (decision 157). One upsert of one small row; the catalog routes call
 * it without waiting, so a failure here never slows or breaks a page.
 */
export async function noteCategoryInterest(db: Db, userId: string, category: ProductCategory): Promise<void> {
  await db
    .insert(userCategoryInterest)
    .values({ userId, category })
    .onConflictDoUpdate({
      target: [userCategoryInterest.userId, userCategoryInterest.category],
      set: { lastAt: sql`now()` },
    });
}
