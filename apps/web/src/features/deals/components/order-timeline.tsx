import { DEALS, formatLbs, type OrderDto } from '@canopy/shared';
import { formatPacificDate, formatPacificTime } from '@/lib/time.ts';
import { memberName } from '../member-name.ts';
import { ORDER_DETAIL, ORDER_STATUS_LABELS } from '../texts.ts';

/** "by Valley Retail", or "by Dana Reyes of Valley Retail" when a member moved for it. */
function byWhom(order: OrderDto, entry: OrderDto['history'][number]): string {
  const party = entry.by === 'buyer' ? order.buyer : order.seller;
  const member = memberName(entry.byMember, party._id);
  return member ? ORDER_DETAIL.byMember(member, party.businessName) : ORDER_DETAIL.by(party.businessName);
}

/**
 * Each status the order went through, oldest first, with who moved it (the business, and the
 * member when it was not the founding login) and why, and for a
 * cancellation whether its quantity went back on the listing (decision 187).
 */
export function OrderTimeline({ order }: { order: OrderDto }) {
  return (
    <ol className="space-y-4 border-l-2 border-slate-200 pl-4">
      {order.history.map((entry) => (
        <li key={`${entry.status}-${entry.at}`} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-brand-700 ring-2 ring-white"
          />
          <p className="text-sm font-semibold text-slate-900">
            <span>{ORDER_STATUS_LABELS[entry.status]}</span>{' '}
            <span className="font-normal text-slate-600">{byWhom(order, entry)}</span>
          </p>
          <p className="text-xs text-slate-600">
            <time dateTime={entry.at}>
              {formatPacificDate(entry.at)}, {formatPacificTime(entry.at)}
            </time>
          </p>
          {entry.reason && <p className="mt-1 text-sm break-words text-slate-700">{entry.reason}</p>}
          {entry.quantityReturned !== null && (
            <p className="mt-1 text-xs text-slate-600">
              {entry.quantityReturned
                ? DEALS.quantityReturned(formatLbs(order.quantityLbs))
                : DEALS.quantityNotReturned}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
