import { DISPLAY_TIME_ZONE } from '../constants.ts';

// Seller insights (issue 15 item 6; decisions 161–163): views, inquiries and offers per listing
// and calendar day. Days are Pacific calendar days, the time zone every date on Canopy is shown in.

/** Days in a listing's chart, today included. */
export const INSIGHT_DAYS = 30;
export const INSIGHTS_TIME_ZONE = DISPLAY_TIME_ZONE;

const DAY_MS = 86_400_000;

/** The Pacific calendar day of a moment, as YYYY-MM-DD. */
export function insightDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: INSIGHTS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/**
 * The `count` calendar days ending with `lastDay` (YYYY-MM-DD), oldest first. Date arithmetic on the
 * day's UTC midnight, so a daylight-saving change never skips or repeats a day.
 */
export function insightDays(lastDay: string, count = INSIGHT_DAYS): string[] {
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) =>
    new Date(last - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}
