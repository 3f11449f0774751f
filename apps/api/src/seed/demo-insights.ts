import { insightDay, insightDays } from '@canopy/shared';
import type { Db } from '../db/client.ts';
import { listingDailyStats } from '../db/schema/index.ts';

// The demo's daily views (decision 176): each demo listing's lifetime views spread over the Pacific
// days from its listing day to today, busiest right after listing and then a steady trickle, so
// the seller dashboard's 30-day chart has a history the moment `npm start` finishes. The spread
// is a pure function of the listing's title and dates: the same demo every time.

const DAY_MS = 86_400_000;

/** A small seeded generator (mulberry32): numbers in [0, 1), the same sequence for the same seed. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a of a text, the generator's seed, so a listing keeps its curve when the demo list is reordered. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (const char of text) value = Math.imul(value ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return value >>> 0;
}

export interface DemoDay {
  day: string;
  views: number;
}

/**
 * `total` views over the Pacific days from `listedAt`'s day to `now`'s, oldest first, adding up to
 * exactly `total` (largest remainders), so the chart agrees with the listing's views_count.
 */
export function demoDailyViews(key: string, total: number, listedAt: Date, now: Date): DemoDay[] {
  const today = insightDay(now);
  const count = Math.round((Date.parse(today) - Date.parse(insightDay(listedAt))) / DAY_MS) + 1;
  const days = insightDays(today, Math.max(count, 1));
  const random = generator(hash(key));
  // Age in days since listing: a launch burst fading over a week, a floor, and day-to-day noise.
  const weights = days.map((_, age) => (0.3 + Math.exp(-age / 5)) * (0.5 + random()));
  const sum = weights.reduce((all, weight) => all + weight, 0);
  const shares = weights.map((weight) => (weight / sum) * total);
  const views = shares.map(Math.floor);
  let left = total - views.reduce((all, value) => all + value, 0);
  const byRemainder = shares.map((share, index) => ({ index, rest: share - Math.floor(share) }));
  byRemainder.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    views[index] = (views[index] ?? 0) + 1;
    left -= 1;
  }
  return days.map((day, index) => ({ day, views: views[index] ?? 0 }));
}

/** Stores the demo days of one listing (days without a view get no row, like the view counter's). */
export async function insertDemoDailyViews(db: Db, listingId: string, days: DemoDay[]): Promise<void> {
  const rows = days.filter((entry) => entry.views > 0).map((entry) => ({ listingId, ...entry }));
  if (rows.length > 0) await db.insert(listingDailyStats).values(rows);
}
