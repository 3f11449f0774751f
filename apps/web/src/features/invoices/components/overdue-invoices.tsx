import { useQuery } from '@tanstack/react-query';
import { QueryState } from '@/components/query-state.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { failureText } from '@/lib/api-client.ts';
import { invoicesQueryOptions } from '../api/invoices-api.ts';
import { INVOICES_PAGE, OVERDUE } from '../texts.ts';
import { InvoiceRows } from './invoice-rows.tsx';

const SHOWN = 5;

/** The seller dashboard's overdue invoices: the latest few, and the way to all of them. */
export function OverdueInvoices() {
  const overdue = useQuery(
    invoicesQueryOptions({ role: 'seller', status: 'overdue', page: 1, limit: SHOWN }),
  );
  return (
    <section aria-labelledby="overdue-invoices" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="overdue-invoices" className="text-lg font-semibold text-slate-900">
          {OVERDUE.title}
        </h2>
        <ButtonLink to="/receivables?status=overdue" variant="secondary" size="sm">
          {OVERDUE.viewAll}
        </ButtonLink>
      </div>
      <QueryState
        query={overdue}
        loading={OVERDUE.loading}
        error={(error) => failureText(error, INVOICES_PAGE.loadFailed)}
        isEmpty={(page) => page.data.length === 0}
        empty={<p className="text-sm text-slate-600">{OVERDUE.none}</p>}
      >
        {(page) => <InvoiceRows invoices={page.data} side="seller" />}
      </QueryState>
    </section>
  );
}
