import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { listingPrice, listingQuantity, listingThumbnail } from '@/features/listings/listing-display.ts';
import { cn } from '@/lib/cn.ts';
import { formatPacificDate } from '@/lib/time.ts';
import type { AdminListing } from '../api/admin-listings-api.ts';

/** 56 px on screen; the thumbnail variant (≤200 px) is sharp at 3x. */
function Thumbnail({ listing }: { listing: AdminListing }) {
  const src = listingThumbnail(listing);
  return (
    <div className="size-14 shrink-0 overflow-hidden rounded-md bg-slate-100">
      {src && (
        <img
          src={src}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      )}
    </div>
  );
}

function TitleBlock({ listing }: { listing: AdminListing }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Thumbnail listing={listing} />
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{listing.title}</p>
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

const Header = ({ children, className }: { children: ReactNode; className?: string }) => (
  <th scope="col" className={cn('px-3 py-3', className)}>
    {children}
  </th>
);

interface AdminListingRowsProps {
  listings: readonly AdminListing[];
  caption: string;
  actions: (listing: AdminListing) => ReactNode;
}

/**
 * Every listing with its seller: a table from the lg breakpoint up, cards below it, where nine
 * columns cannot fit. Only one of the two is displayed (the other is display:none, so it is
 * neither seen nor read).
 */
export function AdminListingRows({ listings, caption, actions }: AdminListingRowsProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white lg:block">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <Header>Listing</Header>
              <Header>Seller</Header>
              <Header>Quantity</Header>
              <Header>ZIP</Header>
              <Header>Price</Header>
              <Header className="text-right">Views</Header>
              <Header>Listed</Header>
              <Header>State</Header>
              <Header className="text-right">Actions</Header>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {listings.map((listing) => (
              <tr key={listing._id} className="align-middle">
                <td className="px-3 py-3">
                  <TitleBlock listing={listing} />
                </td>
                <td className="px-3 py-3">
                  <Seller listing={listing} />
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-slate-700">
                  {listingQuantity(listing.quantity_lbs)}
                </td>
                <td className="px-3 py-3 text-slate-700">{listing.zip_code}</td>
                <td className="px-3 py-3 text-slate-900">{listingPrice(listing)}</td>
                <td className="px-3 py-3 text-right text-slate-700 tabular-nums">
                  {listing.views_count.toLocaleString('en-US')}
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-slate-700">
                  {formatPacificDate(listing.created_at)}
                </td>
                <td className="px-3 py-3">
                  <StateBadges listing={listing} />
                </td>
                <td className="px-3 py-3">
                  <div className="flex justify-end gap-2">{actions(listing)}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-3 sm:grid-cols-2 lg:hidden" aria-label={caption}>
        {listings.map((listing) => (
          <li key={listing._id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <TitleBlock listing={listing} />
              <StateBadges listing={listing} />
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-slate-600">Seller</dt>
              <dd className="text-right">
                <Seller listing={listing} />
              </dd>
              <dt className="text-slate-600">Quantity</dt>
              <dd className="text-right text-slate-900">{listingQuantity(listing.quantity_lbs)}</dd>
              <dt className="text-slate-600">ZIP</dt>
              <dd className="text-right text-slate-900">{listing.zip_code}</dd>
              <dt className="text-slate-600">Price</dt>
              <dd className="text-right text-slate-900">{listingPrice(listing)}</dd>
              <dt className="text-slate-600">Views</dt>
              <dd className="text-right text-slate-900">{listing.views_count.toLocaleString('en-US')}</dd>
              <dt className="text-slate-600">Listed</dt>
              <dd className="text-right text-slate-900">{formatPacificDate(listing.created_at)}</dd>
            </dl>
            <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-100 pt-3">{actions(listing)}</div>
          </li>
        ))}
      </ul>
    </>
  );
}
