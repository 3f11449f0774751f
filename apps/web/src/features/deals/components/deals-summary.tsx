import { DEALS } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { failureText } from '@/lib/api-client.ts';
import { dealsSummaryQueryOptions } from '../api/orders-api.ts';
import { DEALS_SUMMARY } from '../texts.ts';

/**
 * The seller dashboard's "Deals" count: offers waiting for the seller's answer (answered in
 * Messages) and confirmed orders to fulfil. The live stream keeps it current.
 */
export function DealsSummary() {
  const summary = useQuery(dealsSummaryQueryOptions());
  const stats = summary.data
    ? [
        { label: DEALS_SUMMARY.openOffers, value: summary.data.offersToAnswer, to: '/messages' },
        { label: DEALS_SUMMARY.toFulfil, value: summary.data.ordersToFulfil, to: '/orders?status=confirmed' },
      ]
    : [];

  return (
    <section aria-labelledby="deals-summary" className="space-y-3">
      <h2 id="deals-summary" className="text-lg font-semibold text-slate-900">
        {DEALS_SUMMARY.title}
      </h2>
      {summary.isPending ? (
        <Spinner label={DEALS_SUMMARY.loading} />
      ) : summary.isError ? (
        <p className="text-sm text-red-700">{failureText(summary.error, DEALS.ordersFetchFailed)}</p>
      ) : (
        <dl className="grid grid-cols-2 gap-3 sm:gap-4">
          {stats.map(({ label, value, to }) => (
            <Card key={label} className="p-3 sm:p-5">
              <dt className="text-xs font-medium text-slate-600 sm:text-sm">{label}</dt>
              <dd className="mt-1 flex items-baseline justify-between gap-2 sm:mt-2">
                <span className="text-2xl font-bold text-slate-900 sm:text-3xl">
                  {value.toLocaleString('en-US')}
                </span>
                <Link to={to} className="text-sm" aria-label={`${DEALS_SUMMARY.view}: ${label}`}>
                  {DEALS_SUMMARY.view}
                </Link>
              </dd>
            </Card>
          ))}
        </dl>
      )}
    </section>
  );
}
