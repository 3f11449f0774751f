import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { listings } from './listings.ts';
import { users } from './users.ts';

// Saved searches and what their alerts have mailed (decision 150).

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The catalog's address parameters in their canonical form (filterParams in @canopy/shared). */
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Listings first public after this (less the look-back) are new to the next check. */
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }).notNull().defaultNow(),
    lastAlertedAt: timestamp('last_alerted_at', { withTimezone: true }),
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
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    alertedAt: timestamp('alerted_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.savedSearchId, table.listingId] })],
);

export type SavedSearchRow = typeof savedSearches.$inferSelect;
