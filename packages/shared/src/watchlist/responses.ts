import { z } from 'zod';
import { productDto } from '../catalog/responses.ts';
import { succeeded } from '../common/responses.ts';
import { WATCHLIST } from './texts.ts';

// Wire shapes of the watchlist (issue 15, item 3; decision 155).

/** What moved since the buyer last opened the Watchlist page (or since watching, before that). */
export const watchChangesDto = z.object({
  /** Asking price per pound; null is "Make an offer". */
  price: z.object({ from: z.number().nullable(), to: z.number().nullable() }).nullable(),
  quantity: z.object({ from: z.number(), to: z.number() }).nullable(),
  /** Nothing left now, where there was some when last seen. */
  soldOut: z.boolean(),
  /** Archived, hidden or its seller no longer verified, where it was public when last seen. */
  noLongerAvailable: z.boolean(),
});
export type WatchChangesDto = z.infer<typeof watchChangesDto>;

export const watchItemDto = z.object({
  listingId: z.string(),
  /** The lot's name: the product's when it can still be seen, else the one it had when watched. */
  name: z.string(),
  watchedAt: z.string(),
  /** The public product, or null when it is no longer available. */
  product: productDto.nullable(),
  available: z.boolean(),
  changes: watchChangesDto,
  /** The changes in words, one note each, for the page and the e-mail alike. */
  notes: z.array(z.string()),
});
export type WatchItemDto = z.infer<typeof watchItemDto>;

export const watchlistResponse = z.object({
  success: succeeded,
  data: z.array(watchItemDto),
  /** Lots with a note. */
  changed: z.number().int(),
});
export type WatchlistResponse = z.infer<typeof watchlistResponse>;

/** The hearts and the nav's count: which lots are watched and how many changed. */
export const watchlistSummaryResponse = z.object({
  success: succeeded,
  listingIds: z.array(z.string()),
  changed: z.number().int(),
});
export type WatchlistSummaryResponse = z.infer<typeof watchlistSummaryResponse>;

export const watchToggleResponse = z.object({
  success: succeeded,
  message: z.string(),
  watching: z.boolean(),
});
export type WatchToggleResponse = z.infer<typeof watchToggleResponse>;

/** The notes of a watched lot, in a fixed order: availability first, then price, then quantity. */
export function watchNotes(changes: WatchChangesDto): string[] {
  const notes: string[] = [];
  if (changes.noLongerAvailable) notes.push(WATCHLIST.noLongerAvailable);
  if (changes.soldOut) notes.push(WATCHLIST.soldOut);
  if (changes.price) notes.push(WATCHLIST.priceChanged(changes.price.from, changes.price.to));
  if (changes.quantity && !changes.soldOut) {
    notes.push(
      changes.quantity.from === 0
        ? WATCHLIST.backInStock(changes.quantity.to)
        : WATCHLIST.quantityChanged(changes.quantity.from, changes.quantity.to),
    );
  }
  return notes;
}
