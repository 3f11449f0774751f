import { INSIGHTS } from '@canopy/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SellerInsights } from '../api/insights-api.ts';

/** The dashboard's strip of 30-day sums over every listing, above the listing tables. */
export function InsightsTotals({ query }: { query: UseQueryResult<SellerInsights> }) {
  const totals = query.data?.totals;
  const items = [
    { label: INSIGHTS.views, value: totals?.views },
    { label: INSIGHTS.inquiries, value: totals?.inquiries },
    { label: INSIGHTS.offers, value: totals?.offers },
  ];
  return (
    <section
      aria-labelledby="insights-heading"
      className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-2">
        <h2 id="insights-heading" className="text-sm font-semibold text-slate-900">
          {INSIGHTS.heading}
        </h2>
        {query.isError ? (
          <p className="text-sm text-slate-600">{INSIGHTS.unavailable}</p>
        ) : query.isPending ? (
          <p className="text-sm text-slate-600" role="status">
            {INSIGHTS.loading}
          </p>
        ) : (
          <dl className="flex flex-wrap gap-x-6 gap-y-1">
            {items.map(({ label, value }) => (
              <div key={label} className="flex items-baseline gap-2">
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="text-lg font-semibold text-slate-900 tabular-nums">
                  {(value ?? 0).toLocaleString('en-US')}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}
