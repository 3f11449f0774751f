import type { DealParty, SampleDto } from '@canopy/shared';
import { Link } from 'react-router';
import { type ResponsiveColumn, ResponsiveTable } from '@/components/responsive-table.tsx';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { formatPacificDate } from '@/lib/time.ts';
import { SAMPLE_STATUS_LABELS, SAMPLES_PAGE } from '../texts.ts';
import { SampleAnswer } from './sample-answer.tsx';

const TONES: Record<SampleDto['status'], BadgeTone> = {
  requested: 'info',
  approved: 'success',
  declined: 'danger',
};

const StatusBadge = ({ sample }: { sample: SampleDto }) => (
  <Badge tone={TONES[sample.status]}>{SAMPLE_STATUS_LABELS[sample.status]}</Badge>
);

const OrderLink = ({ order }: { order: SampleDto['order'] }) =>
  order ? <Link to={`/orders/${encodeURIComponent(order._id)}`}>{order.number}</Link> : SAMPLES_PAGE.none;

/** The lot, and under it what the buyer wrote and the seller's reason, when there are any. */
function LotCell({ sample }: { sample: SampleDto }) {
  return (
    <div className="min-w-0 space-y-1">
      {sample.listingId ? (
        <Link to={`/products/${encodeURIComponent(sample.listingId)}`} className="font-medium break-words">
          {sample.listingTitle}
        </Link>
      ) : (
        <span className="font-medium break-words">{sample.listingTitle}</span>
      )}
      {sample.note && (
        <p className="text-xs break-words whitespace-pre-wrap text-slate-600">
          {SAMPLES_PAGE.note}: {sample.note}
        </p>
      )}
      {sample.declineReason && (
        <p className="text-xs break-words whitespace-pre-wrap text-slate-600">
          {SAMPLES_PAGE.reason}: {sample.declineReason}
        </p>
      )}
    </div>
  );
}

function columns(viewer: DealParty): ResponsiveColumn<SampleDto>[] {
  const base: ResponsiveColumn<SampleDto>[] = [
    { header: SAMPLES_PAGE.lot, cell: (sample) => <LotCell sample={sample} />, card: false },
    {
      header: viewer === 'seller' ? SAMPLES_PAGE.buyer : SAMPLES_PAGE.seller,
      cell: (sample) => (viewer === 'seller' ? sample.buyer.businessName : sample.seller.businessName),
      className: 'text-slate-700',
    },
    {
      header: SAMPLES_PAGE.grams,
      cell: (sample) => SAMPLES_PAGE.gramsValue(sample.grams),
      className: 'whitespace-nowrap tabular-nums text-slate-700',
    },
    { header: SAMPLES_PAGE.status, cell: (sample) => <StatusBadge sample={sample} />, card: false },
    {
      header: SAMPLES_PAGE.requested,
      cell: (sample) => <time dateTime={sample.createdAt}>{formatPacificDate(sample.createdAt)}</time>,
      className: 'whitespace-nowrap text-slate-700',
    },
    { header: SAMPLES_PAGE.order, cell: (sample) => <OrderLink order={sample.order} /> },
    { header: SAMPLES_PAGE.ledTo, cell: (sample) => <OrderLink order={sample.ledTo} /> },
  ];
  if (viewer !== 'seller') return base;
  return [...base, { header: SAMPLES_PAGE.answer, cell: (sample) => <SampleAnswer sample={sample} /> }];
}

/** A page of sample requests: a table on wide screens, labelled cards on phones. */
export function SampleRows({ samples, viewer }: { samples: SampleDto[]; viewer: DealParty }) {
  return (
    <ResponsiveTable
      rows={samples}
      rowKey={(sample) => sample._id}
      caption={SAMPLES_PAGE.caption}
      columns={columns(viewer)}
      tableFrom="lg"
      cardHeader={(sample) => (
        <div className="flex items-start justify-between gap-3">
          <LotCell sample={sample} />
          <StatusBadge sample={sample} />
        </div>
      )}
    />
  );
}
