import type { ReactNode } from 'react';
import { type ResponsiveColumn, ResponsiveTable } from '@/components/responsive-table.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { ListingThumbnail, listingPrice, listingQuantity } from '@/features/listings';
import { formatPacificDate } from '@/lib/time.ts';
import type { AdminListing } from '../api/admin-listings-api.ts';

function TitleBlock({ listing }: { listing: AdminListing }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <ListingThumbnail listing={listing} size="sm" />
      <div className="min-w-0">
        {/* wrap-anywhere: a table sizes its columns to the longest word; an unbroken title must
            not push the other columns out of view. */}
        <p className="font-medium wrap-anywhere text-slate-900">{listing.title}</p>
        <p className="text-slate-600">{listing.product_type}</p>
      </div>
    </div>
  );
}

function Seller({ listing }: { listing: AdminListing }) {
  const { businessName, contactName } = listing.user_id.profile;
  return (
    <>
      <span className="block font-medium text-slate-900">{businessName || '—'}</span>
      <span className="block text-slate-600">{contactName}</span>
    </>
  );
}

/** Active or not, and whether Canopy hid it (decision 075) and its seller asked for a review. */
const StateBadges = ({ listing }: { listing: AdminListing }) => (
  <span className="flex flex-wrap gap-1">
    {listing.is_active ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Inactive</Badge>}
    {listing.moderation.state === 'hidden' && <Badge tone="warning">Hidden by Canopy</Badge>}
    {listing.moderation.review_pending && <Badge tone="info">Review requested</Badge>}
  </span>
);

const COLUMNS: readonly ResponsiveColumn<AdminListing>[] = [
  { header: 'Listing', cell: (listing) => <TitleBlock listing={listing} />, card: false },
  { header: 'Seller', cell: (listing) => <Seller listing={listing} /> },
  {
    header: 'Quantity',
    cell: (listing) => listingQuantity(listing.quantity_lbs),
    className: 'whitespace-nowrap text-slate-700',
  },
  { header: 'ZIP', cell: (listing) => listing.zip_code, className: 'text-slate-700' },
  { header: 'Price', cell: listingPrice, className: 'text-slate-900' },
  {
    header: 'Views',
    cell: (listing) => listing.views_count.toLocaleString('en-US'),
    className: 'text-right text-slate-700 tabular-nums',
    headerClassName: 'text-right',
  },
  {
    header: 'Listed',
    cell: (listing) => formatPacificDate(listing.created_at),
    className: 'whitespace-nowrap text-slate-700',
  },
  { header: 'State', cell: (listing) => <StateBadges listing={listing} />, card: false },
];

interface AdminListingRowsProps {
  listings: readonly AdminListing[];
  caption: string;
  actions: (listing: AdminListing) => ReactNode;
}

/**
 * Every listing with its seller: a table from the lg breakpoint up, cards below it, where nine
 * columns cannot fit.
 */
export function AdminListingRows({ listings, caption, actions }: AdminListingRowsProps) {
  return (
    <ResponsiveTable
      rows={listings}
      rowKey={(listing) => listing._id}
      caption={caption}
      columns={COLUMNS}
      tableFrom="lg"
      dense
      cardHeader={(listing) => (
        <div className="flex items-start justify-between gap-3">
          <TitleBlock listing={listing} />
          <StateBadges listing={listing} />
        </div>
      )}
      actions={actions}
    />
  );
}
