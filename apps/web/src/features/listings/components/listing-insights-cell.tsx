import { INSIGHTS, type ListingDto } from '@canopy/shared';
import { Link } from 'react-router';
import type { SellerInsights } from '../api/insights-api.ts';
import { insightPoints, totalsOf } from '../insights-chart.ts';
import { InsightsChart } from './insights-chart.tsx';

/** An active listing is on the public catalog (a sold-out one still answers, decision 124). */
export const isLive = (listing: ListingDto) => listing.is_active && listing.moderation.state !== 'hidden';

/**
 * A row's last 30 days: the totals in words, the chart, and a link to the live product page. While
 * the insights load, or if they failed, the row says nothing more than its other columns.
 */
export function ListingInsightsCell({
  listing,
  insights,
}: {
  listing: ListingDto;
  insights: SellerInsights | undefined;
}) {
  const points = insights
    ? insightPoints(
        insights.days,
        insights.listings.find((row) => row.listingId === listing._id),
      )
    : null;
  return (
    <div className="space-y-1 text-left">
      {points && (
        <>
          <p className="text-xs text-slate-700">{INSIGHTS.summary(totalsOf(points))}</p>
          <InsightsChart points={points} title={listing.title} />
        </>
      )}
      {isLive(listing) && (
        <Link
          to={`/products/${encodeURIComponent(listing._id)}`}
          className="inline-block text-sm font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
          aria-label={`${INSIGHTS.viewLive}: ${listing.title}`}
        >
          {INSIGHTS.viewLive}
        </Link>
      )}
    </div>
  );
}
