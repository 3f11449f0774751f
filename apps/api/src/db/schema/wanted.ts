import { sql } from 'drizzle-orm';
import { check, date, index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, money, timestamptz } from './columns.ts';
import { offers } from './deals.ts';
import { listings, productCategoryEnum } from './listings.ts';
import { users } from './users.ts';

// Wanted posts (issue 25 item 4, decisions 246-248): what a buyer is short of, the lots sellers
// answered with (each answer is an offer), and the daily alert's bookkeeping per seller.

export const wantedPostStatusEnum = pgEnum('wanted_post_status', ['open', 'closed']);

export const wantedPosts = pgTable(
  'wanted_posts',
  {
    id: uuid('id').primaryKey(),
    /** The buying company (its founding row, as offers name a party). */
    buyerId: belongsTo('buyer_id', () => users.id),
    /** The member who posted it; null once that login is deleted. */
    postedBy: uuid('posted_by').references(() => users.id, { onDelete: 'set null' }),
    category: productCategoryEnum('category'),
    query: text('query').notNull(),
    quantityLbs: money('quantity_lbs').notNull(),
    minPrice: money('min_price'),
    maxPrice: money('max_price'),
    /** YYYY-MM-DD, a California date. */
    neededBy: date('needed_by'),
    county: text('county'),
    /** Stored status; an open post past expires_at reads as expired. */
    status: wantedPostStatusEnum('status').notNull().default('open'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    closedAt: timestamptz('closed_at'),
  },
  (table) => [
    index('wanted_posts_board_idx').on(table.createdAt.desc(), table.id.desc()).where(sql`"status" = 'open'`),
    index('wanted_posts_buyer_idx').on(table.buyerId, table.createdAt.desc(), table.id.desc()),
    check('wanted_posts_quantity_positive', sql`"quantity_lbs" > 0`),
    check(
      'wanted_posts_price_range',
      sql`"min_price" IS NULL OR "max_price" IS NULL OR "min_price" <= "max_price"`,
    ),
    check('wanted_posts_expiry_after_creation', sql`"expires_at" > "created_at"`),
    check('wanted_posts_closed_when_closed', sql`("status" = 'closed') = ("closed_at" IS NOT NULL)`),
  ],
);

/** A seller's answer: the lot they offered and the offer that carried it to the buyer. */
export const wantedAnswers = pgTable(
  'wanted_answers',
  {
    id: uuid('id').primaryKey(),
    postId: belongsTo('post_id', () => wantedPosts.id),
    sellerId: belongsTo('seller_id', () => users.id),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    offerId: belongsTo('offer_id', () => offers.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('wanted_answers_post_idx').on(table.postId, table.createdAt),
    index('wanted_answers_seller_idx').on(table.sellerId, table.postId),
  ],
);

/** Per seller: posts created up to `coveredUntil` have been dealt with by the daily alert. */
export const wantedAlerts = pgTable('wanted_alerts', {
  sellerId: belongsTo('seller_id', () => users.id).primaryKey(),
  coveredUntil: timestamptz('covered_until').notNull(),
  lastAlertedAt: timestamptz('last_alerted_at'),
});

export type WantedPostRow = typeof wantedPosts.$inferSelect;
