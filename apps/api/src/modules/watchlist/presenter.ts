import { type WatchItemDto, watchNotes } from '@canopy/shared';
import type { ListingMediaRow } from '../../db/schema/index.ts';
import { presentProduct } from '../catalog/index.ts';
import { changesSince, type WatchedRow } from './service.ts';

/**
 * A watched lot as the Watchlist page shows it: the public product while it can be seen, else only
 * the name the buyer watched (a hidden lot's current text is not theirs to read), and the notes.
 */
export function presentWatchItem(
  row: WatchedRow,
  media: ListingMediaRow[],
  urlFor: (key: string) => string,
): WatchItemDto {
  const changes = changesSince(row.item, { ...row.listing, available: row.available });
  return {
    listingId: row.item.listingId,
    name: row.available ? row.listing.title : row.item.watchedTitle,
    watchedAt: row.item.watchedAt.toISOString(),
    product: row.available
      ? presentProduct(
          { listing: row.listing, productTypeName: row.productTypeName, seller: row.seller, media },
          urlFor,
        )
      : null,
    available: row.available,
    changes,
    notes: watchNotes(changes),
  };
}
