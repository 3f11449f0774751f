import {
  type DealParty,
  formatUsd,
  type InvoiceStandingDto,
  PAYMENT_METHOD_LABELS,
  type PaymentDto,
} from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '@/components/query-state.tsx';
import { type ResponsiveColumn, ResponsiveTable } from '@/components/responsive-table.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { failureText } from '@/lib/api-client.ts';
import { usePermissions } from '@/lib/auth/use-permissions.ts';
import { paymentsQueryOptions } from '../api/invoices-api.ts';
import { PAYMENTS_SECTION } from '../texts.ts';
import { formatDay } from './format.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';
import { RecordPaymentDialog } from './record-payment-dialog.tsx';

const PAYMENT_COLUMNS: ResponsiveColumn<PaymentDto>[] = [
  {
    header: PAYMENTS_SECTION.date,
    cell: (payment) => formatDay(payment.paidAt),
    className: 'whitespace-nowrap',
  },
  {
    header: PAYMENTS_SECTION.amount,
    cell: (payment) => formatUsd(payment.amount),
    className: 'text-right tabular-nums whitespace-nowrap',
    headerClassName: 'text-right',
  },
  { header: PAYMENTS_SECTION.method, cell: (payment) => PAYMENT_METHOD_LABELS[payment.method] },
  { header: PAYMENTS_SECTION.reference, cell: (payment) => payment.reference ?? '—' },
];

function Standing({ standing, viewer }: { standing: InvoiceStandingDto; viewer: DealParty | null }) {
  const { may } = usePermissions();
  const [recording, setRecording] = useState(false);
  const mayRecord = viewer === 'seller' && may('payments:write') && standing.balance > 0;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Fact term={PAYMENTS_SECTION.total}>
          {formatUsd(standing.total)}
          <span className="block text-xs text-slate-500">
            {PAYMENTS_SECTION.invoice(standing.number, standing.version)}
          </span>
        </Fact>
        <Fact term={PAYMENTS_SECTION.paid}>{formatUsd(standing.paid)}</Fact>
        <Fact term={PAYMENTS_SECTION.balance}>
          <span data-testid="invoice-balance">{formatUsd(standing.balance)}</span>
        </Fact>
        <Fact term={PAYMENTS_SECTION.due}>
          {standing.dueDate ? formatDay(standing.dueDate) : PAYMENTS_SECTION.notDue}
        </Fact>
        <Fact term={PAYMENTS_SECTION.status}>
          <span data-testid="invoice-status">
            <InvoiceStatusBadge status={standing.status} />
          </span>
        </Fact>
      </dl>
      {standing.payments.length === 0 ? (
        <p className="text-sm text-slate-600">{PAYMENTS_SECTION.none}</p>
      ) : (
        <ResponsiveTable
          rows={standing.payments}
          rowKey={(payment) => `${payment.paidAt}-${standing.payments.indexOf(payment)}`}
          caption={PAYMENTS_SECTION.listCaption}
          columns={PAYMENT_COLUMNS}
          tableFrom="md"
          cardHeader={(payment) => (
            <span className="font-medium text-slate-900">
              {formatUsd(payment.amount)} · {formatDay(payment.paidAt)}
            </span>
          )}
        />
      )}
      {mayRecord && (
        <>
          <Button onClick={() => setRecording(true)}>{PAYMENTS_SECTION.record}</Button>
          <RecordPaymentDialog open={recording} onClose={() => setRecording(false)} standing={standing} />
        </>
      )}
    </div>
  );
}

/**
 * The order page's "Payments": where its invoice stands (total, paid, balance, due date, status)
 * and the payments received, for both sides; the seller records one from here.
 */
export function PaymentsSection({ orderId, viewer }: { orderId: string; viewer: DealParty | null }) {
  const { may } = usePermissions();
  // A member whose role may not see invoices (sales, purchasing) has no section, not a refusal.
  const readable = may('invoices:read');
  const standing = useQuery({ ...paymentsQueryOptions(orderId), enabled: readable });
  if (!readable) return null;
  return (
    <Card className="p-5">
      <section aria-labelledby="order-payments" className="space-y-4">
        <h2 id="order-payments" className="text-base font-semibold text-slate-900">
          {PAYMENTS_SECTION.title}
        </h2>
        <QueryState
          query={standing}
          loading={PAYMENTS_SECTION.loading}
          error={(error) => failureText(error, PAYMENTS_SECTION.loadFailed)}
          isEmpty={(data) => data === null}
          empty={<p className="text-sm text-slate-600">{PAYMENTS_SECTION.noInvoice}</p>}
        >
          {(data) => data && <Standing standing={data} viewer={viewer} />}
        </QueryState>
      </section>
    </Card>
  );
}
