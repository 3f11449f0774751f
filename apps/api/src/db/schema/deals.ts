import {
  DEAL_EVENTS,
  DEAL_PARTIES,
  OFFER_NOTE_MAX,
  OFFER_STATUSES,
  ORDER_STATUSES,
  PAYMENT_TERMS,
} from '@canopy/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  belongsTo,
  calendarDay,
  createdAt,
  lineTotal,
  money,
  recordOf,
  snapshot,
  timestamptz,
} from './columns.ts';
import { companyLicenses } from './companies.ts';
import { listings } from './listings.ts';
import { sampleRequests } from './samples.ts';
import { users } from './users.ts';

// Offers and orders (issue 14; decisions 120–124). An offer is one set of terms; a counter-offer
// is a new row pointing at the one it answers. An accepted offer becomes exactly one order, which
// keeps the listing's title and both businesses as they were at that moment.

export const offerStatusEnum = pgEnum('offer_status', OFFER_STATUSES);
export const dealPartyEnum = pgEnum('deal_party', DEAL_PARTIES);
export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
export const dealEventEnum = pgEnum('deal_event', DEAL_EVENTS);
export const paymentTermsEnum = pgEnum('payment_terms', PAYMENT_TERMS);

/** What an offer and the order it becomes both record: the listing, the two parties, the terms. */
const dealColumns = () => ({
  /** Null once an admin deletes the listing; the title still names it. */
  listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
  listingTitle: text('listing_title').notNull(),
  buyerId: belongsTo('buyer_id', () => users.id),
  sellerId: belongsTo('seller_id', () => users.id),
  /** The buyer's license that receives the goods; null is the company's main license (decision 209). */
  buyerLicenseId: uuid('buyer_license_id').references(() => companyLicenses.id, { onDelete: 'set null' }),
  quantityLbs: money('quantity_lbs').notNull(),
  pricePerLb: money('price_per_lb').notNull(),
  total: lineTotal(),
  deliverBy: calendarDay('deliver_by'),
  note: text('note'),
  /** When the buyer pays (issue 23); the order keeps the accepted offer's. */
  paymentTerms: paymentTermsEnum('payment_terms').notNull().default('cod'),
});

export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey(),
    ...dealColumns(),
    /** Stored status; an "open" row past expires_at reads as expired (decision 121). */
    status: offerStatusEnum('status').notNull().default('open'),
    madeBy: dealPartyEnum('made_by').notNull(),
    /** The login that made these terms, for its company (issue 28). */
    madeByUserId: uuid('made_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Made above the maker's order limit: the seller sees it only once approved (decision 204). */
    approvalRequired: boolean('approval_required').notNull().default(false),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamptz('approved_at'),
    /** The listing's lot_version when these terms were made; accepting needs it unchanged (decision 187). */
    lotVersion: integer('lot_version').notNull(),
    previousOfferId: uuid('previous_offer_id').references((): AnyPgColumn => offers.id),
    /** The sample request this accepted $0 offer was made for (decision 243); the only free offer. */
    sampleRequestId: uuid('sample_request_id')
      .unique()
      .references((): AnyPgColumn => sampleRequests.id, { onDelete: 'cascade' }),
    declineReason: text('decline_reason'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    respondedAt: timestamptz('responded_at'),
  },
  (table) => [
    // One live offer per listing and buyer: a second POST /offers or a racing counter fails here.
    uniqueIndex('offers_one_open_per_buyer_idx')
      .on(table.listingId, table.buyerId)
      .where(sql`"status" = 'open'`),
    index('offers_buyer_idx').on(table.buyerId, table.createdAt.desc(), table.id.desc()),
    index('offers_seller_idx').on(table.sellerId, table.createdAt.desc(), table.id.desc()),
    index('offers_listing_idx').on(table.listingId).where(sql`"listing_id" IS NOT NULL`),
    index('offers_previous_idx').on(table.previousOfferId).where(sql`"previous_offer_id" IS NOT NULL`),
    check('offers_quantity_positive', sql`"quantity_lbs" > 0`),
    check(
      'offers_price_positive',
      sql`"price_per_lb" > 0 OR ("sample_request_id" IS NOT NULL AND "price_per_lb" = 0)`,
    ),
    check('offers_note_length', sql`char_length("note") <= ${sql.raw(String(OFFER_NOTE_MAX))}`),
    check('offers_two_parties', sql`"buyer_id" <> "seller_id"`),
    check('offers_expiry_after_creation', sql`"expires_at" > "created_at"`),
    check(
      'offers_answered_when_closed',
      sql`"status" NOT IN ('accepted', 'declined', 'withdrawn', 'countered') OR "responded_at" IS NOT NULL`,
    ),
  ],
);

/** A business as an order names it: fixed at acceptance, whatever the profile says later. */
export interface OrderPartySnapshot {
  businessName: string;
  licenseNumber: string;
  licenseType: string;
  address: { street: string; city: string; county: string; state: string; zipCode: string };
}

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    /** CNP-000123, from the order_number sequence (decision 123). */
    number: text('number').notNull().unique(),
    /** Null once the account that made the offer is deleted; the order itself is kept (decision 221). */
    offerId: uuid('offer_id')
      .unique()
      .references(() => offers.id, { onDelete: 'set null' }),
    ...dealColumns(),
    // Trade records outlive the accounts (decision 221): the parties' company ids stay as the record
    // of who traded, with no foreign key to cascade, and their names are in the snapshots below.
    buyerId: uuid('buyer_id').notNull(),
    sellerId: uuid('seller_id').notNull(),
    buyer: snapshot<OrderPartySnapshot>('buyer'),
    seller: snapshot<OrderPartySnapshot>('seller'),
    status: orderStatusEnum('status').notNull().default('confirmed'),
    /** The listing's lot_version and stock_version at acceptance: a cancellation compares them (decision 187). */
    lotVersion: integer('lot_version').notNull(),
    stockVersion: integer('stock_version').notNull(),
    /** When the order was marked delivered (fulfilled): the due date is its Pacific date plus the terms. */
    deliveredAt: timestamptz('delivered_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('orders_buyer_idx').on(table.buyerId, table.createdAt.desc(), table.id.desc()),
    index('orders_seller_idx').on(table.sellerId, table.createdAt.desc(), table.id.desc()),
    // The admin overview's last-30-days count and value.
    index('orders_created_idx').on(table.createdAt),
    check('orders_quantity_positive', sql`"quantity_lbs" > 0`),
    // Only a sample's offer is free (decision 243), and an order copies its offer's price.
    check('orders_price_not_negative', sql`"price_per_lb" >= 0`),
    check('orders_two_parties', sql`"buyer_id" <> "seller_id"`),
  ],
);

/** Every status an order has had, oldest first: its timeline. Rows are only ever added. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey(),
    orderId: recordOf('order_id', () => orders.id),
    status: orderStatusEnum('status').notNull(),
    by: dealPartyEnum('by').notNull(),
    /** The login that made the change (the member, issue 28), for its side's company. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    /** On a cancellation: whether the quantity went back on the listing; null on other events. */
    quantityReturned: boolean('quantity_returned'),
    createdAt: createdAt(),
  },
  (table) => [
    index('order_events_order_idx').on(table.orderId, table.createdAt, table.id),
    check('order_events_cancel_has_reason', sql`"status" <> 'cancelled' OR "reason" IS NOT NULL`),
    check(
      'order_events_cancel_says_quantity',
      sql`("status" = 'cancelled') = ("quantity_returned" IS NOT NULL)`,
    ),
  ],
);

export type OfferRow = typeof offers.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
