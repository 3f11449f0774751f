import { SAMPLE_CAP_MAX } from '@canopy/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, money, timestamptz } from './columns.ts';
import { paymentTermsEnum } from './deals.ts';
import { listings } from './listings.ts';
import { users } from './users.ts';

// Buyer groups and their price lists (issue 25 item 1, migration 0036, decisions 240 to 242).

/** A seller's group of buyer companies, with the terms its members buy on. */
export const buyerGroups = pgTable(
  'buyer_groups',
  {
    id: uuid('id').primaryKey(),
    sellerId: belongsTo('seller_id', () => users.id),
    name: text('name').notNull(),
    /** An offer from a member to this seller must be for at least this many pounds. */
    minimumOrderLbs: money('minimum_order_lbs'),
    /** What a member's offer is made on when it names no payment terms. */
    paymentTerms: paymentTermsEnum('payment_terms'),
    /** Sample requests a member may make to this seller per Pacific month; null is Canopy's default. */
    monthlySampleCap: integer('monthly_sample_cap'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    unique('buyer_groups_id_seller_key').on(table.id, table.sellerId),
    uniqueIndex('buyer_groups_seller_name_idx').on(table.sellerId, sql`lower(${table.name})`),
    check('buyer_groups_minimum_positive', sql`"minimum_order_lbs" IS NULL OR "minimum_order_lbs" > 0`),
    check(
      'buyer_groups_sample_cap_range',
      sql`"monthly_sample_cap" IS NULL OR "monthly_sample_cap" BETWEEN 0 AND ${sql.raw(String(SAMPLE_CAP_MAX))}`,
    ),
  ],
);

/**
 * A buyer company in a group. The group's seller is copied here so one unique index keeps a buyer
 * in at most one group of each seller (decision 241): their price and terms are never ambiguous.
 */
export const buyerGroupMembers = pgTable(
  'buyer_group_members',
  {
    groupId: uuid('group_id').notNull(),
    sellerId: uuid('seller_id').notNull(),
    buyerId: belongsTo('buyer_id', () => users.id),
  },
  (table) => [
    primaryKey({ name: 'buyer_group_members_pk', columns: [table.groupId, table.buyerId] }),
    foreignKey({
      name: 'buyer_group_members_group_fk',
      columns: [table.groupId, table.sellerId],
      foreignColumns: [buyerGroups.id, buyerGroups.sellerId],
    }).onDelete('cascade'),
    uniqueIndex('buyer_group_members_seller_buyer_idx').on(table.sellerId, table.buyerId),
    index('buyer_group_members_buyer_idx').on(table.buyerId),
  ],
);

/** A lot on a group's price list: its price (per pound or a percentage off) and whether it is private. */
export const buyerGroupListings = pgTable(
  'buyer_group_listings',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => buyerGroups.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    pricePerLb: money('price_per_lb'),
    percentOff: numeric('percent_off', { precision: 5, scale: 2, mode: 'number' }),
    /** Only this group's members see the lot; listings.group_only says whether any group holds it so. */
    private: boolean('private').notNull().default(false),
  },
  (table) => [
    primaryKey({ name: 'buyer_group_listings_pk', columns: [table.groupId, table.listingId] }),
    index('buyer_group_listings_listing_idx').on(table.listingId),
    check('buyer_group_listings_one_price', sql`"price_per_lb" IS NULL OR "percent_off" IS NULL`),
    check(
      'buyer_group_listings_something',
      sql`"price_per_lb" IS NOT NULL OR "percent_off" IS NOT NULL OR "private"`,
    ),
    check('buyer_group_listings_price_positive', sql`"price_per_lb" IS NULL OR "price_per_lb" > 0`),
    check(
      'buyer_group_listings_percent_range',
      sql`"percent_off" IS NULL OR ("percent_off" > 0 AND "percent_off" < 100)`,
    ),
  ],
);

export type BuyerGroupRow = typeof buyerGroups.$inferSelect;
