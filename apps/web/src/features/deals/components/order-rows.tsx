import { type DealParty, formatLbs, formatUsd, type OrderDto } from '@canopy/shared';
import { Link } from 'react-router';
import { cn } from '@/lib/cn.ts';
import { formatPacificDate } from '@/lib/time.ts';
import { ORDERS_PAGE } from '../texts.ts';
import { OrderStatusBadge } from './offer-status-badge.tsx';

const counterpartOf = (order: OrderDto, viewer: DealParty) =>
  viewer === 'buyer' ? order.seller.businessName : order.buyer.businessName;

const columns = (viewer: DealParty) => [
  { label: ORDERS_PAGE.number, numeric: false },
  { label: ORDERS_PAGE.product, numeric: false },
  { label: ORDERS_PAGE.counterpart(viewer), numeric: false },
  { label: ORDERS_PAGE.quantity, numeric: true },
  { label: ORDERS_PAGE.total, numeric: true },
  { label: ORDERS_PAGE.status, numeric: false },
  { label: ORDERS_PAGE.date, numeric: false },
];

const orderPath = (order: OrderDto) => `/orders/${encodeURIComponent(order._id)}`;

/**
 * A page of orders: a table from the md breakpoint up, a list of cards on phones, where six
 * columns cannot fit. Only one of the two is displayed, so only one is read.
 */
export function OrderRows({ orders, viewer }: { orders: OrderDto[]; viewer: DealParty }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <caption className="sr-only">{ORDERS_PAGE.caption}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              {columns(viewer).map(({ label, numeric }) => (
                <th key={label} scope="col" className={cn('px-4 py-3', numeric && 'text-right')}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {orders.map((order) => (
              <tr key={order._id}>
                <td className="px-4 py-3 font-medium whitespace-nowrap">
                  <Link to={orderPath(order)}>{order.number}</Link>
                </td>
                <td className="max-w-[16rem] truncate px-4 py-3 text-slate-900">{order.listingTitle}</td>
                <td className="px-4 py-3 text-slate-700">{counterpartOf(order, viewer)}</td>
                <td className="px-4 py-3 text-right whitespace-nowrap text-slate-700 tabular-nums">
                  {formatLbs(order.quantityLbs)}
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums">
                  {formatUsd(order.total)}
                </td>
                <td className="px-4 py-3">
                  <OrderStatusBadge status={order.status} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  <time dateTime={order.createdAt}>{formatPacificDate(order.createdAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden">
        {orders.map((order) => (
          <li key={order._id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
            <div className="flex items-start justify-between gap-3">
              <Link to={orderPath(order)} className="font-semibold">
                {order.number}
              </Link>
              <OrderStatusBadge status={order.status} />
            </div>
            <p className="mt-1 break-words text-slate-900">{order.listingTitle}</p>
            <p className="text-slate-600">{counterpartOf(order, viewer)}</p>
            <p className="mt-2 flex justify-between gap-3 text-slate-700">
              <span>
                {formatLbs(order.quantityLbs)} ·{' '}
                <time dateTime={order.createdAt}>{formatPacificDate(order.createdAt)}</time>
              </span>
              <span className="font-semibold text-slate-900">{formatUsd(order.total)}</span>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
