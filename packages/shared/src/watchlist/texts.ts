import { formatLbs, formatUsd } from '../deals/texts.ts';
import { countOf } from '../plural.ts';
import { PRODUCTS } from '../texts.ts';
import { WATCHLIST_MAX } from './limits.ts';

// Every text a person reads about the watchlist and the weekly digest: the API's errors, the notes
// on watched lots, and the web app's labels and toasts.

/** A lot's asking price as a note reads it: per pound, or "Make an offer" when it has none. */
export const watchedPrice = (price: number | null) =>
  price === null ? 'Make an offer' : `${formatUsd(price)} / lb`;

export const WATCHLIST = {
  notFound: PRODUCTS.notFound,
  full: `Your watchlist is full (${countOf(WATCHLIST_MAX, 'lot')}). Remove a lot to watch another.`,
  added: 'Added to your watchlist',
  removed: 'Removed from your watchlist',
  addLabel: 'Add to watchlist',
  removeLabel: 'Remove from watchlist',
  addFailed: 'Failed to add to your watchlist',
  removeFailed: 'Failed to remove from your watchlist',
  fetchFailed: 'Failed to fetch your watchlist',
  title: 'Watchlist',
  emptyTitle: 'Your watchlist is empty',
  emptyDescription: 'Tap the heart on a product to follow its price and quantity here.',
  noLongerAvailable: 'No longer available',
  soldOut: 'Sold out',
  priceChanged: (from: number | null, to: number | null) =>
    `Price changed from ${watchedPrice(from)} to ${watchedPrice(to)}`,
  quantityChanged: (from: number, to: number) =>
    `Quantity changed from ${formatLbs(from)} to ${formatLbs(to)}`,
  backInStock: (quantity: number) => `Back in stock: ${formatLbs(quantity)}`,
  /** The nav link's accessible name when lots changed since the page was last opened. */
  navChanged: (changed: number) => `Watchlist, ${countOf(changed, 'change')}`,
} as const;

export const WEEKLY_DIGEST = {
  subject: 'Your weekly Canopy digest',
  newLotsHeading: 'New lots in categories you follow',
  unansweredHeading: 'Conversations waiting for your reply',
  footer: (appUrl: string) =>
    `You receive this e-mail because the Weekly Digest is on. You can turn it off under Email Notifications in your profile: ${appUrl}/profile`,
} as const;
