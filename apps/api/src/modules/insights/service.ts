import {
  INSIGHT_DAYS,
  INSIGHTS_TIME_ZONE,
  type InsightTotalsDto,
  insightDay,
  insightDays,
  LISTINGS,
  type ListingInsightsDto,
} from '@canopy/shared';
import { and, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listingDailyStats, listings, messages, offers } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

// A seller's insights (issue 15 item 6): per listing and Pacific calendar day (decision 161),
// - views: listing_daily_stats, written by the view counter's flush with the views it proved new,
//   so the chart adds up to views_count's growth;
// - inquiries: buyers who wrote to the seller about the listing for the first time that day (a
//   buyer writing again, or a deal's notice, is not a new inquiry; decision 162);
// - offers: offers buyers made on the listing that day, counter-offers included (decision 162).
// Inquiries and offers are read from messages and offers, which hold their own dates, through the
// partial indexes on their listing_id; nothing is counted twice in another table.

interface DayCount {
  listingId: string | null;
  day: string;
  count: number;
}

/** The Pacific day of a timestamp column, as the YYYY-MM-DD text the series are keyed by. */
const pacificDay = (column: unknown) =>
  sql<string>`to_char((${column} AT TIME ZONE ${INSIGHTS_TIME_ZONE})::date, 'YYYY-MM-DD')`;

async function countsByDay(db: Db, sellerId: string, ids: string[], from: string) {
  const [views, inquiries, offered] = await Promise.all([
    db
      .select({
        listingId: listingDailyStats.listingId,
        day: sql<string>`to_char(${listingDailyStats.day}, 'YYYY-MM-DD')`,
        count: listingDailyStats.views,
      })
      .from(listingDailyStats)
      .where(and(inArray(listingDailyStats.listingId, ids), gte(listingDailyStats.day, from))),
    // Each buyer's first message about the listing, then those first messages per day.
    db
      .select({
        listingId: sql<string>`first.listing_id`,
        day: sql<string>`to_char((first.at AT TIME ZONE ${INSIGHTS_TIME_ZONE})::date, 'YYYY-MM-DD')`,
        count: sql<number>`count(*)::int`,
      })
      .from(
        db
          .select({ listing_id: messages.listingId, at: sql`min(${messages.createdAt})`.as('at') })
          .from(messages)
          .where(
            and(
              inArray(messages.listingId, ids),
              eq(messages.receiverId, sellerId),
              ne(messages.senderId, sellerId),
              isNull(messages.dealEvent),
            ),
          )
          .groupBy(messages.listingId, messages.senderId)
          .as('first'),
      )
      .where(sql`(first.at AT TIME ZONE ${INSIGHTS_TIME_ZONE})::date >= ${from}::date`)
      .groupBy(sql`1`, sql`2`),
    db
      .select({
        listingId: offers.listingId,
        day: pacificDay(offers.createdAt),
        count: sql<number>`count(*)::int`,
      })
      .from(offers)
      .where(
        and(
          inArray(offers.listingId, ids),
          eq(offers.madeBy, 'buyer'),
          sql`(${offers.createdAt} AT TIME ZONE ${INSIGHTS_TIME_ZONE})::date >= ${from}::date`,
        ),
      )
      .groupBy(sql`1`, sql`2`),
  ]);
  return { views, inquiries, offers: offered };
}

/** One series per listing, zero on the days without a row. */
function series(ids: string[], days: string[], rows: DayCount[]): Map<string, number[]> {
  const position = new Map(days.map((day, index) => [day, index]));
  const byListing = new Map(ids.map((id) => [id, days.map(() => 0)]));
  for (const row of rows) {
    const index = position.get(row.day);
    const values = row.listingId ? byListing.get(row.listingId) : undefined;
    if (values && index !== undefined) values[index] = (values[index] ?? 0) + Number(row.count);
  }
  return byListing;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function addTotals(a: InsightTotalsDto, b: InsightTotalsDto): InsightTotalsDto {
  return { views: a.views + b.views, inquiries: a.inquiries + b.inquiries, offers: a.offers + b.offers };
}

async function insightsOf(db: Db, sellerId: string, ids: string[], now: Date) {
  const days = insightDays(insightDay(now), INSIGHT_DAYS);
  const from = days[0] ?? insightDay(now);
  const counts = ids.length > 0 ? await countsByDay(db, sellerId, ids, from) : null;
  const views = series(ids, days, counts?.views ?? []);
  const inquiries = series(ids, days, counts?.inquiries ?? []);
  const offered = series(ids, days, counts?.offers ?? []);
  const perListing: ListingInsightsDto[] = ids.map((listingId) => {
    const v = views.get(listingId) ?? [];
    const i = inquiries.get(listingId) ?? [];
    const o = offered.get(listingId) ?? [];
    return {
      listingId,
      views: v,
      inquiries: i,
      offers: o,
      totals: { views: sum(v), inquiries: sum(i), offers: sum(o) },
    };
  });
  return { days, listings: perListing };
}

/**
 * One listing of the seller's. Another seller's listing, or one that does not exist, is "Listing
 * not found", as for every other own-listing route, so ids cannot be probed (decision 163).
 */
export async function listingInsights(db: Db, sellerId: string, listingId: string, now = new Date()) {
  const [own] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.sellerId, sellerId)))
    .limit(1);
  if (!own) throw notFound(LISTINGS.notFound);
  const { days, listings: [listing] = [] } = await insightsOf(db, sellerId, [listingId], now);
  if (!listing) throw notFound(LISTINGS.notFound);
  return { days, listing };
}

/** Every listing of the seller's, active and archived, and their sums for the dashboard. */
export async function sellerInsights(db: Db, sellerId: string, now = new Date()) {
  // Newest first, as the dashboard lists them; without an order the rows came in whatever order
  // the table's pages held them, which any update of a listing could change.
  const own = await db
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.sellerId, sellerId))
    .orderBy(desc(listings.createdAt), desc(listings.id));
  const result = await insightsOf(
    db,
    sellerId,
    own.map((row) => row.id),
    now,
  );
  const totals = result.listings.reduce((all, listing) => addTotals(all, listing.totals), {
    views: 0,
    inquiries: 0,
    offers: 0,
  });
  return { ...result, totals };
}
