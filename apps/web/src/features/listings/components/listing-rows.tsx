import { DEALS, LISTING_MODERATION, type ListingDto } from '@canopy/shared';
import type { ReactNode } from 'react';
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
        {listing.quantity_lbs === 0 && <Badge tone="warning">{DEALS.soldOut}</Badge>}
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

interface ListingRowsProps {
  listings: ListingDto[];
  /** Names the table for screen readers, e.g. "Active listings". */
  caption: string;
  archived?: boolean;
  actions: (listing: ListingDto) => ReactNode;
}

/**
 * A seller's listings: a table from the lg breakpoint up, cards on phones and tablets, where six
 * columns cannot fit. Only one of the two is displayed (the other is display:none, so it is
 * neither seen nor read).
 */
export function ListingRows({ listings, caption, archived = false, actions }: ListingRowsProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white lg:block">
        {/* Fixed column widths line the active and archived tables up with each other. */}
        <table className="min-w-full table-fixed divide-y divide-slate-200 text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                Listing
              </th>
              <th scope="col" className="w-28 px-4 py-3">
                Quantity
              </th>
              <th scope="col" className="w-24 px-4 py-3">
                ZIP
              </th>
              <th scope="col" className="w-52 px-4 py-3">
                Price
              </th>
              <th scope="col" className="w-24 px-4 py-3 text-right">
                Views
              </th>
              <th scope="col" className="w-44 px-4 py-3 text-right">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {listings.map((listing) => (
              <tr key={listing._id} className="align-middle">
                <td className="px-4 py-3">
                  <div className="flex items-center gap-3">
                    <ListingThumbnail listing={listing} />
                    <TitleBlock listing={listing} archived={archived} />
                  </div>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  {listingQuantity(listing.quantity_lbs)}
                </td>
                <td className="px-4 py-3 text-slate-700">{listing.zip_code}</td>
                <td className="px-4 py-3 text-slate-900">{listingPrice(listing)}</td>
                <td className="px-4 py-3 text-right text-slate-700 tabular-nums">
                  {listing.views_count.toLocaleString('en-US')}
                </td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-2">{actions(listing)}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-3 sm:grid-cols-2 lg:hidden" aria-label={caption}>
        {listings.map((listing) => (
          <li key={listing._id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex gap-3">
              <ListingThumbnail listing={listing} />
              <TitleBlock listing={listing} archived={archived} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-600">Quantity</dt>
              <dd className="text-right text-slate-900">{listingQuantity(listing.quantity_lbs)}</dd>
              <dt className="text-slate-600">ZIP</dt>
              <dd className="text-right text-slate-900">{listing.zip_code}</dd>
              <dt className="text-slate-600">Price</dt>
              <dd className="text-right text-slate-900">{listingPrice(listing)}</dd>
              <dt className="text-slate-600">Views</dt>
              <dd className="text-right text-slate-900">{views(listing.views_count)}</dd>
            </dl>
            <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-100 pt-3">{actions(listing)}</div>
          </li>
        ))}
      </ul>
    </>
  );
}
