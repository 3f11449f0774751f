import { type DealParty, formatLbs, formatUsd, type OrderDto, roundCents } from '@canopy/shared';
import { Link } from 'react-router';
import { type ResponsiveColumn, ResponsiveTable } from '@/components/responsive-table.tsx';
import { formatPacificDate } from '@/lib/time.ts';
import { ORDERS_PAGE } from '../texts.ts';
import { linesTotal } from './deal-lines.tsx';
import { OrderStatusBadge } from './offer-status-badge.tsx';

const orderPath = (order: OrderDto) => `/orders/${encodeURIComponent(order._id)}`;

const OrderLink = ({ order }: { order: OrderDto }) => (
  <Link to={orderPath(order)} className="font-medium whitespace-nowrap">
    {order.number}
  </Link>
);

function columns(viewer: DealParty): ResponsiveColumn<OrderDto>[] {
  return [
    { header: ORDERS_PAGE.number, cell: (order) => <OrderLink order={order} />, card: false },
    {
      header: ORDERS_PAGE.product,
      cell: (order) =>
        order.lines.length > 1
          ? `${order.listingTitle} and ${order.lines.length - 1} more`
          : order.listingTitle,
      className: 'text-slate-900',
    },
    {
      header: ORDERS_PAGE.counterpart(viewer),
      cell: (order) => (viewer === 'buyer' ? order.seller.businessName : order.buyer.businessName),
      className: 'text-slate-700',
    },
    {
      header: ORDERS_PAGE.quantity,
      // Every line's pounds and money (issue 25): the order's own fields are line 1's.
      cell: (order) => formatLbs(roundCents(order.lines.reduce((sum, line) => sum + line.quantityLbs, 0))),
      className: 'text-right whitespace-nowrap tabular-nums text-slate-700',
      headerClassName: 'text-right',
    },
    {
      header: ORDERS_PAGE.total,
      cell: (order) => formatUsd(linesTotal(order.lines)),
      className: 'text-right whitespace-nowrap tabular-nums text-slate-900',
      headerClassName: 'text-right',
    },
    { header: ORDERS_PAGE.status, cell: (order) => <OrderStatusBadge status={order.status} />, card: false },
    {
      header: ORDERS_PAGE.date,
      cell: (order) => <time dateTime={order.createdAt}>{formatPacificDate(order.createdAt)}</time>,
      className: 'whitespace-nowrap text-slate-700',
    },
  ];
}

/** A page of orders: a table where seven columns fit, labelled cards on phones. */
export function OrderRows({ orders, viewer }: { orders: OrderDto[]; viewer: DealParty }) {
  return (
    <ResponsiveTable
      rows={orders}
      rowKey={(order) => order._id}
      caption={ORDERS_PAGE.caption}
      columns={columns(viewer)}
      tableFrom="md"
      cardHeader={(order) => (
        <div className="flex items-start justify-between gap-3">
          <OrderLink order={order} />
          <OrderStatusBadge status={order.status} />
        </div>
      )}
    />
  );
}
