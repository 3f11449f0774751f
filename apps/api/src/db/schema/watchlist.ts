import { boolean, index, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, timestamptz } from './columns.ts';
import { listings, productCategoryEnum } from './listings.ts';
import { users } from './users.ts';

// A buyer's watched lots (decision 155) and the categories users look at, which the weekly digest
// reads (decision 157).

/**
 * One watched lot. `watched_*` is the lot as it was when the buyer began watching; `seen_*` as it
 * was when they last opened the Watchlist page, so each note says what moved since they looked.
 */
export const watchlistItems = pgTable(
  'watchlist_items',
  {
    userId: belongsTo('user_id', () => users.id),
    listingId: belongsTo('listing_id', () => listings.id),
    watchedAt: timestamptz('watched_at').notNull().defaultNow(),
    /** The name shown once the lot can no longer be seen: the one the buyer saw. */
    watchedTitle: text('watched_title').notNull(),
    watchedPrice: numeric('watched_price', { precision: 12, scale: 2, mode: 'number' }),
    watchedQuantityLbs: numeric('watched_quantity_lbs', {
      precision: 12,
      scale: 2,
      mode: 'number',
    }).notNull(),
    seenPrice: numeric('seen_price', { precision: 12, scale: 2, mode: 'number' }),
    seenQuantityLbs: numeric('seen_quantity_lbs', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    seenAvailable: boolean('seen_available').notNull().default(true),
    seenAt: timestamptz('seen_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.listingId] }),
    index('watchlist_items_user_idx').on(table.userId, table.watchedAt.desc()),
    index('watchlist_items_listing_idx').on(table.listingId),
  ],
);

/** The categories a signed-in user viewed or filtered the catalog by, and when they last did. */
export const userCategoryInterest = pgTable(
  'user_category_interest',
  {
    userId: belongsTo('user_id', () => users.id),
    category: productCategoryEnum('category').notNull(),
    lastAt: timestamptz('last_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.category] })],
);

export type WatchlistItemRow = typeof watchlistItems.$inferSelect;
