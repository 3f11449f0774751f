import type { ListingDto } from '@canopy/shared';

/**
 * SPEC §2's dashboard thumbnail: the first media item if it is an image; for a video its poster
 * (the server renders a frame at 2.0 s, or a placeholder); otherwise the first image's thumbnail
 * variant; otherwise none (the caller draws a placeholder). The updated time is appended as a
 * version so an edited listing never shows a stale picture from the browser's cache.
 */
export function listingThumbnail(listing: ListingDto): string | null {
  const first = listing.media[0];
  const url = first
    ? first.type === 'image'
      ? (first.variants?.thumbnail ?? first.thumbnail)
      : first.thumbnail
    : listing.image_urls[0]?.thumbnail;
  if (!url) return null;
  const version = Date.parse(listing.updated_at);
  return Number.isNaN(version) ? url : `${url}${url.includes('?') ? '&' : '?'}v=${version}`;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "Accepting offers" when make_offer is set, else the dollar price plus " (negotiable)". */
export function listingPrice(
  listing: Pick<ListingDto, 'make_offer' | 'asking_price' | 'negotiable'>,
): string {
  if (listing.make_offer || listing.asking_price === null) return 'Accepting offers';
  return `${dollars.format(listing.asking_price)}${listing.negotiable ? ' (negotiable)' : ''}`;
}

const pounds = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export const listingQuantity = (quantityLbs: number) => `${pounds.format(quantityLbs)} lbs`;
