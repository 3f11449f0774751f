import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, timestamptz } from './columns.ts';
import { listings } from './listings.ts';
import { users } from './users.ts';

// Saved searches and what their alerts have mailed (decision 150).

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    name: text('name').notNull(),
    /** The catalog's address parameters in their canonical form (filterParams in @canopy/shared). */
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    /** Listings first public after this (less the look-back) are new to the next check. */
    lastCheckedAt: timestamptz('last_checked_at').notNull().defaultNow(),
    lastAlertedAt: timestamptz('last_alerted_at'),
  },
  (table) => [
    uniqueIndex('saved_searches_user_name_idx').on(table.userId, sql`lower(${table.name})`),
    index('saved_searches_checked_idx').on(table.lastCheckedAt),
  ],
);

/** A listing a saved search has mailed about: never mailed again by that search. */
export const savedSearchAlerted = pgTable(
  'saved_search_alerted',
  {
    savedSearchId: belongsTo('saved_search_id', () => savedSearches.id),
    listingId: belongsTo('listing_id', () => listings.id),
    alertedAt: timestamptz('alerted_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.savedSearchId, table.listingId] })],
);

export type SavedSearchRow = typeof savedSearches.$inferSelect;
