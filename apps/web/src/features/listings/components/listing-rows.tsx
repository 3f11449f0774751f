import {
  countOf,
  DEALS,
  INSIGHTS,
  LISTING_MODERATION,
  LISTING_TOOLS,
  type ListingDto,
  STATE_RECORD,
} from '@canopy/shared';
import type { ReactNode } from 'react';
import { type ResponsiveColumn, ResponsiveTable } from '@/components/responsive-table.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import type { SellerInsights } from '../api/insights-api.ts';
import { listingPrice, listingQuantity } from '../listing-display.ts';
import { ListingInsightsCell } from './listing-insights-cell.tsx';
import { ListingThumbnail } from './listing-thumbnail.tsx';

/**
 * Why the COA keeps the lot out of the catalog, or will soon (decision 212): an expiring COA warns
 * while the lot is listed; an expired or failed one says what brings the lot back.
 */
function CoaWarning({ listing }: { listing: ListingDto }) {
  const { status, testedAt } = listing.coa;
  const text =
    status === 'failed'
      ? STATE_RECORD.withheldFailed
      : status === 'expired'
        ? STATE_RECORD.withheldExpired(testedAt ?? '')
        : status === 'expiring'
          ? STATE_RECORD.expiringWarning(testedAt ?? '')
          : null;
  if (!text) return null;
  return <p className="mt-1 text-sm font-medium break-words text-amber-900">{text}</p>;
}

function TitleBlock({ listing, archived }: { listing: ListingDto; archived: boolean }) {
  return (
    <div className="min-w-0">
      {/* wrap-anywhere: a table sizes its columns to the longest word; an unbroken title must not
          push the other columns out of view. */}
      <p className="font-medium wrap-anywhere text-slate-900">{listing.title}</p>
      <div className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
        <span>{listing.product_type}</span>
        {listing.tested && <Badge tone="success">Tested</Badge>}
        {listing.quantity_lbs === 0 && <Badge tone="warning">{DEALS.soldOut}</Badge>}
        {listing.is_draft && <Badge tone="info">{LISTING_TOOLS.draftBadge}</Badge>}
        {listing.coa_withheld ? (
          <Badge tone="danger">{STATE_RECORD.statusLabels[listing.coa.status]}</Badge>
        ) : (
          archived && <Badge tone="neutral">Archived</Badge>
        )}
      </div>
      {listing.moderation.state === 'hidden' && (
        <p className="mt-1 text-sm font-medium break-words text-amber-900">
          {LISTING_MODERATION.hiddenBy(listing.moderation.reason ?? '')}
        </p>
      )}
      <CoaWarning listing={listing} />
    </div>
  );
}

const views = (count: number) => countOf(count, 'view');

const COLUMNS: readonly ResponsiveColumn<ListingDto>[] = [
  {
    header: 'Quantity',
    cell: (listing) => listingQuantity(listing.quantity_lbs),
    className: 'whitespace-nowrap text-slate-700',
    headerClassName: 'w-28',
  },
  {
    header: 'ZIP',
    cell: (listing) => listing.zip_code,
    className: 'text-slate-700',
    headerClassName: 'w-24',
  },
  { header: 'Price', cell: listingPrice, className: 'text-slate-900', headerClassName: 'w-52' },
  {
    header: 'Views',
    cell: (listing) => listing.views_count.toLocaleString('en-US'),
    className: 'text-right text-slate-700 tabular-nums',
    headerClassName: 'w-24 text-right',
    card: (listing) => views(listing.views_count),
  },
];

interface ListingRowsProps {
  listings: ListingDto[];
  /** Names the table for screen readers, e.g. "Active listings". */
  caption: string;
  archived?: boolean;
  /** Left out when the member's role may not change lots (issue 28). */
  actions?: (listing: ListingDto) => ReactNode;
  /** The seller's last 30 days, once loaded: each row's totals, chart and "View live" link. */
  insights?: SellerInsights;
}

/**
 * A seller's listings: a table from the lg breakpoint up, cards on phones and tablets, where six
 * columns cannot fit. Fixed column widths line the active and archived tables up with each other.
 */
export function ListingRows({ listings, caption, archived = false, actions, insights }: ListingRowsProps) {
  const listing: ResponsiveColumn<ListingDto> = {
    header: 'Listing',
    cell: (row) => (
      <div className="flex items-center gap-3">
        <ListingThumbnail listing={row} />
        <TitleBlock listing={row} archived={archived} />
      </div>
    ),
    card: false,
  };
  const lastDays: ResponsiveColumn<ListingDto> = {
    header: INSIGHTS.heading,
    cell: (row) => <ListingInsightsCell listing={row} insights={insights} />,
    headerClassName: 'w-44',
  };
  return (
    <ResponsiveTable
      rows={listings}
      rowKey={(row) => row._id}
      caption={caption}
      columns={[listing, ...COLUMNS, lastDays]}
      tableFrom="lg"
      fixedLayout
      cardHeader={listing.cell}
      actions={actions}
    />
  );
}
