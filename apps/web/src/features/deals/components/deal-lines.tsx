import {
  formatLbs,
  formatUsd,
  type OfferLineDto,
  type OrderLineDto,
  priceSourceText,
  roundCents,
} from '@canopy/shared';
import { Link } from 'react-router';
import { cn } from '@/lib/cn.ts';

// The lots of an offer or order of several lines (issue 25 item 0), one row each, and the sum of
// them: the single-lot fields on the wire describe only line 1.

type Line = OfferLineDto & Partial<Pick<OrderLineDto, 'priceSource' | 'tierFromLbs'>>;

/** What every line together costs. */
export const linesTotal = (lines: readonly Pick<OfferLineDto, 'total'>[]) =>
  roundCents(lines.reduce((sum, line) => sum + line.total, 0));

export function DealLines({ lines, compact = false }: { lines: readonly Line[]; compact?: boolean }) {
  return (
    <div className={cn(compact ? 'mt-3 text-sm' : 'mt-4 text-sm')}>
      <ol className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {lines.map((line, index) => (
          <li
            key={line.listingId ?? `${line.listingTitle}-${index}`}
            className="flex flex-wrap justify-between gap-x-3 gap-y-1 px-3 py-2"
          >
            <div className="min-w-0">
              {line.listingId ? (
                <Link to={`/products/${line.listingId}`} className="font-medium break-words">
                  {line.listingTitle}
                </Link>
              ) : (
                <span className="font-medium break-words">{line.listingTitle}</span>
              )}
              <p className="text-slate-700">
                {formatLbs(line.quantityLbs)} at {formatUsd(line.pricePerLb)}/lb
                {line.priceSource && (
                  <span className="text-slate-600">
                    {' '}
                    ·{' '}
                    {priceSourceText({
                      priceSource: line.priceSource,
                      tierFromLbs: line.tierFromLbs ?? null,
                    })}
                  </span>
                )}
              </p>
            </div>
            <p className="font-semibold text-slate-900">{formatUsd(line.total)}</p>
          </li>
        ))}
      </ol>
      <p className="mt-2 flex justify-between font-semibold text-slate-900">
        <span>Total of {lines.length} lots</span>
        <span>{formatUsd(linesTotal(lines))}</span>
      </p>
    </div>
  );
}
