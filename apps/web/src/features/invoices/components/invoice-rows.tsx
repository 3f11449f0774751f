import { type DealParty, formatUsd, type InvoiceSummaryDto } from '@canopy/shared';
import { Link } from 'react-router';
import { type ResponsiveColumn, ResponsiveTable } from '@/components/responsive-table.tsx';
import { formatPacificDate } from '@/lib/time.ts';
import { INVOICES_PAGE } from '../texts.ts';
import { formatDay } from './format.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

const OrderLink = ({ invoice }: { invoice: InvoiceSummaryDto }) => (
  <Link to={`/orders/${encodeURIComponent(invoice.orderId)}`} className="font-medium whitespace-nowrap">
    {invoice.orderNumber}
  </Link>
);

const money = (
  header: string,
  value: (invoice: InvoiceSummaryDto) => number,
): ResponsiveColumn<InvoiceSummaryDto> => ({
  header,
  cell: (invoice) => formatUsd(value(invoice)),
  className: 'text-right whitespace-nowrap tabular-nums',
  headerClassName: 'text-right',
});

function columns(side: DealParty): ResponsiveColumn<InvoiceSummaryDto>[] {
  return [
    {
      header: INVOICES_PAGE.number,
      cell: (invoice) => invoice.number,
      className: 'whitespace-nowrap',
      card: false,
    },
    { header: INVOICES_PAGE.order, cell: (invoice) => <OrderLink invoice={invoice} /> },
    { header: INVOICES_PAGE.counterparty(side), cell: (invoice) => invoice.counterparty },
    {
      header: INVOICES_PAGE.issued,
      cell: (invoice) => formatPacificDate(invoice.issuedAt),
      className: 'whitespace-nowrap',
    },
    {
      header: INVOICES_PAGE.due,
      cell: (invoice) => (invoice.dueDate ? formatDay(invoice.dueDate) : INVOICES_PAGE.notDue),
      className: 'whitespace-nowrap',
    },
    money(INVOICES_PAGE.total, (invoice) => invoice.total),
    money(INVOICES_PAGE.paid, (invoice) => invoice.paid),
    money(INVOICES_PAGE.balance, (invoice) => invoice.balance),
    {
      header: INVOICES_PAGE.status,
      cell: (invoice) => <InvoiceStatusBadge status={invoice.status} />,
      card: false,
    },
  ];
}

/** A page of invoices: a table where nine columns fit, labelled cards below that. */
export function InvoiceRows({ invoices, side }: { invoices: InvoiceSummaryDto[]; side: DealParty }) {
  return (
    <ResponsiveTable
      rows={invoices}
      rowKey={(invoice) => invoice._id}
      caption={INVOICES_PAGE.caption(side)}
      columns={columns(side)}
      tableFrom="lg"
      dense
      cardHeader={(invoice) => (
        <div className="flex items-start justify-between gap-3">
          <span className="font-medium text-slate-900">{invoice.number}</span>
          <InvoiceStatusBadge status={invoice.status} />
        </div>
      )}
    />
  );
}
