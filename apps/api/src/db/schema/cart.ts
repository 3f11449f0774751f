import { PRICE_SOURCES } from '@canopy/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bigMoney, money, timestamptz } from './columns.ts';
import { companies } from './companies.ts';
import { offers } from './deals.ts';
import { listings } from './listings.ts';

// Carts and offers of several lots (issue 25 item 0, migration 0035, decisions 184 and 237–239).

/**
 * What an offer buys, one row per lot, as order_lines are for an order. The offer's own lot
 * columns describe line 1 (the single-lot wire fields); a line keeps its lot's title and the
 * lot_version it was offered on (decision 187).
 */
export const offerLines = pgTable(
  'offer_lines',
  {
    id: uuid('id').primaryKey(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    listingTitle: text('listing_title').notNull(),
    listingVersion: integer('listing_version').notNull(),
    quantityLbs: money('quantity_lbs').notNull(),
    pricePerLb: money('price_per_lb').notNull(),
    /** The price the buyer was shown for this quantity when offered, or the talk's. */
    priceSource: text('price_source', { enum: PRICE_SOURCES }).notNull().default('negotiated'),
    tierFromLbs: money('tier_from_lbs'),
    total: bigMoney('total').notNull().generatedAlwaysAs(sql`round("quantity_lbs" * "price_per_lb", 2)`),
  },
  (table) => [
    uniqueIndex('offer_lines_offer_position_key').on(table.offerId, table.position),
    uniqueIndex('offer_lines_offer_listing_key').on(table.offerId, table.listingId),
    index('offer_lines_listing_idx').on(table.listingId).where(sql`"listing_id" IS NOT NULL`),
    check('offer_lines_quantity_positive', sql`"quantity_lbs" > 0`),
    // A sample's offer line is the one at $0 (migration 0037).
    check(
      'offer_lines_price_positive',
      sql`"price_per_lb" > 0 OR ("price_source" = 'sample' AND "price_per_lb" = 0)`,
    ),
    check('offer_lines_position_positive', sql`"position" > 0`),
    check(
      'offer_lines_price_source',
      sql`"price_source" IN ('asking', 'group', 'tier', 'negotiated', 'sample')`,
    ),
  ],
);

/** A buying company's cart: one row per lot, grouped by the lot's seller when read (decision 237). */
export const cartItems = pgTable(
  'cart_items',
  {
    buyerCompanyId: uuid('buyer_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    quantityLbs: money('quantity_lbs').notNull(),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'cart_items_pkey', columns: [table.buyerCompanyId, table.listingId] }),
    index('cart_items_listing_idx').on(table.listingId),
    check('cart_items_quantity_positive', sql`"quantity_lbs" > 0`),
  ],
);

export type OfferLineRow = typeof offerLines.$inferSelect;
