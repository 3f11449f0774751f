import type { BuyerRecordDto } from '@canopy/shared';
import { Badge } from '@/components/ui/badge.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { BUYER_RECORD } from '../texts.ts';

/**
 * A buyer's record of paying on Canopy (decision 219): invoices paid, the share paid on or before
 * the due date, and the average days late; below 3 paid invoices, "New buyer".
 */
export function BuyerRecord({
  record,
  title = BUYER_RECORD.title,
}: {
  record: BuyerRecordDto | null;
  title?: string;
}) {
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {record === null ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Badge tone="info">{BUYER_RECORD.newBuyer}</Badge>
          {BUYER_RECORD.newBuyerHint}
        </p>
      ) : (
        <dl className="grid grid-cols-3 gap-4">
          <Fact term={BUYER_RECORD.paidInvoices}>{record.paidInvoices}</Fact>
          <Fact term={BUYER_RECORD.onTime}>{Math.round(record.onTimeShare * 100)}%</Fact>
          <Fact term={BUYER_RECORD.averageDaysLate}>{record.averageDaysLate}</Fact>
        </dl>
      )}
    </section>
  );
}
