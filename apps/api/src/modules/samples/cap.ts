import { DISPLAY_TIME_ZONE, SAMPLE_REQUESTS_PER_MONTH } from '@canopy/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyerGroupMembers, buyerGroups, sampleRequests } from '../../db/schema/index.ts';

// The monthly cap on sample requests (issue 25 item 3, decision 244): per buyer company and
// seller, every request made in the Pacific calendar month counts, answered or not, so a declined
// request cannot be asked again and again.

/**
 * How many sample requests this buyer may make to this seller in one month: their buyer group's
 * own cap with that seller where it sets one, else Canopy's default.
 */
export async function sampleCapFor(db: Db, sellerId: string, buyerId: string): Promise<number> {
  const [group] = await db
    .select({ cap: buyerGroups.monthlySampleCap })
    .from(buyerGroupMembers)
    .innerJoin(buyerGroups, eq(buyerGroups.id, buyerGroupMembers.groupId))
    .where(and(eq(buyerGroupMembers.sellerId, sellerId), eq(buyerGroupMembers.buyerId, buyerId)))
    .limit(1);
  return group?.cap ?? SAMPLE_REQUESTS_PER_MONTH;
}

/** The start of the current month on a Pacific wall calendar, as an instant (daylight saving included). */
const pacificMonthStart = sql`(date_trunc('month', now() AT TIME ZONE ${DISPLAY_TIME_ZONE}) AT TIME ZONE ${DISPLAY_TIME_ZONE})`;

/** Requests this buyer made to this seller since the Pacific month began. */
export async function requestsThisMonth(db: Db, sellerId: string, buyerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sampleRequests)
    .where(
      and(
        eq(sampleRequests.buyerId, buyerId),
        eq(sampleRequests.sellerId, sellerId),
        sql`${sampleRequests.createdAt} >= ${pacificMonthStart}`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Two requests of one buyer to one seller wait for each other from here to the end of their
 * transaction, so both cannot see the same count under the cap.
 */
export async function lockPair(tx: Db, sellerId: string, buyerId: string): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sample:${buyerId}:${sellerId}`}, 0))`,
  );
}
