import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings, users } from '../../db/schema/index.ts';
import { isBusinessOrAdminRow, isBusinessRow } from '../../lib/business-rows.ts';
import { recentOrderStats } from '../deals/index.ts';
import { countMessages } from '../messaging/index.ts';

/**
 * The four Overview figures of SPEC §2/§3, read in parallel, and beyond SPEC the orders of the
 * last 30 days (issue 14): ordersLast30Days and orderValueLast30Days.
 */
export async function adminStats(db: Db) {
  const [[allUsers], [pending], [active], totalMessages, orderStats] = await Promise.all([
    db.select({ n: count() }).from(users).where(isBusinessOrAdminRow()),
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'seller'), eq(users.status, 'pending'), isBusinessRow())),
    db.select({ n: count() }).from(listings).where(eq(listings.isActive, true)),
    countMessages(db),
    recentOrderStats(db),
  ]);
  return {
    totalUsers: allUsers?.n ?? 0,
    pendingSellers: pending?.n ?? 0,
    activeListings: active?.n ?? 0,
    totalMessages,
    ...orderStats,
  };
}
