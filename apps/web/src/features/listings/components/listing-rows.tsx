import { LISTING_MODERATION, type ListingDto } from '@canopy/shared';
import type { ReactNode } from 'react';
import { type ResponsiveColumn, ResponsiveTable } from '@/components/responsive-table.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { listingPrice, listingQuantity, listingThumbnail } from '../listing-display.ts';

/** 64 px on screen; the thumbnail variant (≤200 px) is sharp at 3x. */
function ListingThumbnail({ listing }: { listing: ListingDto }) {
  const src = listingThumbnail(listing);
  return (
    <div className="size-16 shrink-0 overflow-hidden rounded-md bg-slate-100">
      {src ? (
        <img
          src={src}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center text-slate-400" aria-hidden="true">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-7 fill-none stroke-current stroke-[1.5]"
          >
            <path d="M12 3c-4 3-6 6.5-6 10a6 6 0 0 0 12 0c0-3.5-2-7-6-10Zm0 5v13" strokeLinecap="round" />
          </svg>
        </div>
      )}
    </div>
  );
}

function TitleBlock({ listing, archived }: { listing: ListingDto; archived: boolean }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words text-slate-900">{listing.title}</p>
      <div className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
        <span>{listing.product_type}</span>
        {listing.tested && <Badge tone="success">Tested</Badge>}
        {archived && <Badge tone="neutral">Archived</Badge>}
      </div>
      {listing.moderation.state === 'hidden' && (
        <p className="mt-1 text-sm font-medium break-words text-amber-900">
          {LISTING_MODERATION.hiddenBy(listing.moderation.reason ?? '')}
        </p>
      )}
    </div>
  );
}

const views = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'view' : 'views'}`;

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
  actions: (listing: ListingDto) => ReactNode;
}

/**
 * A seller's listings: a table from the lg breakpoint up, cards on phones and tablets, where six
 * columns cannot fit. Fixed column widths line the active and archived tables up with each other.
 */
export function ListingRows({ listings, caption, archived = false, actions }: ListingRowsProps) {
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
  return (
    <ResponsiveTable
      rows={listings}
      rowKey={(row) => row._id}
      caption={caption}
      columns={[listing, ...COLUMNS]}
      tableFrom="lg"
      fixedLayout
      cardHeader={listing.cell}
      actions={actions}
    />
  );
}
