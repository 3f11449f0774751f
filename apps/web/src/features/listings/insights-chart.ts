import type { InsightTotalsDto, ListingInsightsDto } from '@canopy/shared';

// What a listing's insights chart draws, worked out apart from the drawing so it can be tested:
// one point per day of the answer, zero where the listing has no number (a listing made after the
// insights were loaded has none at all), with the day's label as a person reads it.

export interface InsightPoint {
  /** YYYY-MM-DD, a Pacific calendar day. */
  day: string;
  /** "Nov 25". */
  label: string;
  views: number;
  inquiries: number;
  offers: number;
}

const labelFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Nov 25" for 2026-11-25: the day as it is named, not shifted by the reader's time zone. */
export function dayLabel(day: string): string {
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(at) ? day : labelFormat.format(at);
}

export function insightPoints(
  days: readonly string[],
  listing: ListingInsightsDto | undefined,
): InsightPoint[] {
  return days.map((day, index) => ({
    day,
    label: dayLabel(day),
    views: listing?.views[index] ?? 0,
    inquiries: listing?.inquiries[index] ?? 0,
    offers: listing?.offers[index] ?? 0,
  }));
}

export function totalsOf(points: readonly InsightPoint[]): InsightTotalsDto {
  return points.reduce(
    (sum, point) => ({
      views: sum.views + point.views,
      inquiries: sum.inquiries + point.inquiries,
      offers: sum.offers + point.offers,
    }),
    { views: 0, inquiries: 0, offers: 0 },
  );
}

/**
 * Bar heights in chart units: the busiest day reaches `height`, a day with any activity at least
 * 2 units so it never vanishes, an empty day none.
 */
export function barHeights(values: readonly number[], height: number): number[] {
  const top = Math.max(0, ...values);
  if (top === 0) return values.map(() => 0);
  return values.map((value) => (value === 0 ? 0 : Math.max(2, Math.round((value / top) * height))));
}
