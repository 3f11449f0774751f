import { formatUsd, INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceTotalsDto } from '@canopy/shared';
import { Card } from '@/components/ui/card.tsx';
import { INVOICES_PAGE } from '../texts.ts';

/** Count and balance per status, over every invoice on the side whatever the tab. */
export function InvoiceTotals({ totals }: { totals: InvoiceTotalsDto }) {
  const outstanding = INVOICE_STATUSES.reduce((sum, status) => sum + totals[status].balance, 0);
  return (
    <section aria-label={INVOICES_PAGE.totalsLabel} className="space-y-3">
      <p className="text-sm text-slate-700">
        {INVOICES_PAGE.outstanding}:{' '}
        <strong className="text-slate-900" data-testid="invoices-outstanding">
          {formatUsd(outstanding)}
        </strong>
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {INVOICE_STATUSES.map((status) => (
          <Card key={status} className="p-3 sm:p-4">
            <dt className="text-xs font-medium text-slate-600 sm:text-sm">{INVOICE_STATUS_LABELS[status]}</dt>
            <dd className="mt-1">
              <span className="block text-xl font-bold text-slate-900">
                {INVOICES_PAGE.totalsCount(totals[status].count)}
              </span>
              <span className="block text-sm text-slate-700">
                {INVOICES_PAGE.totalsBalance} {formatUsd(totals[status].balance)}
              </span>
            </dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}
