import { PAYMENT_METHODS, PRICE_SOURCES } from '@canopy/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  belongsTo,
  bigMoney,
  calendarDay,
  createdAt,
  lineTotal,
  money,
  optionalRef,
  primaryId,
  recordOf,
  snapshot,
  timestamptz,
} from './columns.ts';
import { companies } from './companies.ts';
import { type OrderPartySnapshot, orders, paymentTermsEnum } from './deals.ts';
import { listings } from './listings.ts';
import { users } from './users.ts';

// The trade after "accepted" (issue 23, decision 184, migration 0027): what an order is made of,
// how it travels, what is owed for it and what was paid. These are trade records the state expects
// kept for seven years, so none of them cascades from a listing or an account: a deleted listing
// or login leaves its name in the row's own snapshot columns (ON DELETE SET NULL), and an order
// with an invoice, a fulfilment or a payment cannot be deleted at all (ON DELETE RESTRICT).

export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);

/**
 * What an order buys, one row per lot (decision 184), written with the order from the accepted
 * offer's lines (issue 25: a cart's offer has several).
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: primaryId(),
    orderId: recordOf('order_id', () => orders.id),
    /** 1 for the first line; the order's single-lot wire fields describe line 1. */
    position: integer('position').notNull(),
    listingId: optionalRef('listing_id', () => listings.id),
    listingTitle: text('listing_title').notNull(),
    /** The listing's lot_version the line was agreed on (decision 187). */
    listingVersion: integer('listing_version').notNull(),
    /** The listing's stock_version at acceptance: a cancellation returns this line's pounds only if both are unchanged. */
    stockVersion: integer('stock_version').notNull(),
    quantityLbs: money('quantity_lbs').notNull(),
    pricePerLb: money('price_per_lb').notNull(),
    /** Where the price came from: the asking price, a group price, a volume tier, or the talk. */
    priceSource: text('price_source', { enum: PRICE_SOURCES }).notNull().default('negotiated'),
    tierFromLbs: money('tier_from_lbs'),
    /** A sample's grams (decision 243): its pounds are rounded up to the hundredth, these are exact. */
    sampleGrams: integer('sample_grams'),
    total: lineTotal(),
  },
  (table) => [
    uniqueIndex('order_lines_order_position_key').on(table.orderId, table.position),
    index('order_lines_listing_idx').on(table.listingId).where(sql`"listing_id" IS NOT NULL`),
    check('order_lines_quantity_positive', sql`"quantity_lbs" > 0`),
    check('order_lines_price_not_negative', sql`"price_per_lb" >= 0`),
    check('order_lines_position_positive', sql`"position" > 0`),
    check(
      'order_lines_price_source',
      sql`"price_source" IN ('asking', 'group', 'tier', 'negotiated', 'sample')`,
    ),
    check(
      'order_lines_sample_grams',
      sql`("price_source" = 'sample') = ("sample_grams" IS NOT NULL) AND ("price_source" <> 'sample' OR "price_per_lb" = 0)`,
    ),
  ],
);

/** A licensed distributor as a fulfilment names it: fixed when scheduled. */
export interface DistributorSnapshot {
  businessName: string;
  licenseNumber: string;
  licenseType: string;
  address: OrderPartySnapshot['address'];
  /** The seller's own license, or a registry entry checked when scheduled. */
  source: 'own' | 'registry';
}

/** One package (Metrc UID) on a transfer and the pounds of it that go. */
export interface FulfilmentPackage {
  uid: string;
  quantityLbs: number;
}

/**
 * How a scheduled order travels (issue 23 item 3): the distributor of record, the transport and
 * the packages. One row per order; rescheduling before transit updates it, and the manifest and
 * invoice read it. Frozen once the order is in transit (the service refuses changes).
 */
export const orderFulfilments = pgTable(
  'order_fulfilments',
  {
    // One schedule per order: the order's id is the key.
    orderId: recordOf('order_id', () => orders.id).primaryKey(),
    distributor: snapshot<DistributorSnapshot>('distributor'),
    pickupAt: timestamptz('pickup_at').notNull(),
    estimatedArrivalAt: timestamptz('estimated_arrival_at').notNull(),
    driverName: text('driver_name').notNull(),
    driverLicenseNumber: text('driver_license_number').notNull(),
    vehicleMake: text('vehicle_make').notNull(),
    vehicleModel: text('vehicle_model').notNull(),
    vehiclePlate: text('vehicle_plate').notNull(),
    packages: snapshot<FulfilmentPackage[]>('packages'),
    scheduledBy: optionalRef('scheduled_by', () => users.id),
    scheduledAt: timestamptz('scheduled_at').notNull().defaultNow(),
  },
  () => [check('order_fulfilments_arrival_after_pickup', sql`"estimated_arrival_at" > "pickup_at"`)],
);

/** Both businesses as an invoice names them (B&P §26161): fixed when that version was issued. */
export interface InvoiceParties {
  seller: OrderPartySnapshot;
  buyer: OrderPartySnapshot;
}

/**
 * An invoice version (issue 23 item 4). Issued when the order is scheduled; a correction before
 * transit inserts version n+1 and stamps the old one superseded, so every version stays readable.
 * No row is updated once the order is in transit (the service refuses). The number is `INV-` and
 * the seller's own sequence (company_counters); a correction keeps its number.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: primaryId(),
    orderId: recordOf('order_id', () => orders.id),
    version: integer('version').notNull(),
    sellerCompanyId: optionalRef('seller_company_id', () => companies.id),
    number: text('number').notNull(),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
    paymentTerms: paymentTermsEnum('payment_terms').notNull(),
    /** Where transport starts: the seller's shipping premises as an address line. */
    transportOrigin: text('transport_origin').notNull(),
    parties: snapshot<InvoiceParties>('parties'),
    total: bigMoney('total').notNull(),
    issuedBy: optionalRef('issued_by', () => users.id),
    supersededAt: timestamptz('superseded_at'),
  },
  (table) => [
    uniqueIndex('invoices_order_version_key').on(table.orderId, table.version),
    // One current version per order.
    uniqueIndex('invoices_current_key').on(table.orderId).where(sql`"superseded_at" IS NULL`),
    index('invoices_seller_idx').on(table.sellerCompanyId, table.issuedAt.desc()),
    check('invoices_version_positive', sql`"version" > 0`),
    check('invoices_total_not_negative', sql`"total" >= 0`),
  ],
);

/** What an invoice version bills, copied from the order lines when it was issued. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: recordOf('invoice_id', () => invoices.id),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantityLbs: money('quantity_lbs').notNull(),
    unit: text('unit').notNull().default('lb'),
    pricePerLb: money('price_per_lb').notNull(),
    /** A discount in dollars off this line. */
    discount: money('discount').notNull().default(0),
    amount: bigMoney('amount')
      .notNull()
      .generatedAlwaysAs(sql`round("quantity_lbs" * "price_per_lb" - "discount", 2)`),
  },
  (table) => [
    primaryKey({ columns: [table.invoiceId, table.position] }),
    check('invoice_lines_quantity_positive', sql`"quantity_lbs" > 0`),
    check(
      'invoice_lines_discount_in_range',
      sql`"discount" >= 0 AND "discount" <= round("quantity_lbs" * "price_per_lb", 2)`,
    ),
  ],
);

/**
 * Money the seller recorded as received (issue 23 item 5). Against the order, not an invoice
 * version, so a corrected invoice keeps its payments. Balance, and open / partially paid / paid /
 * overdue, are computed when read (Pacific dates), never stored.
 */
export const payments = pgTable(
  'payments',
  {
    id: primaryId(),
    orderId: recordOf('order_id', () => orders.id),
    amount: money('amount').notNull(),
    method: paymentMethodEnum('method').notNull(),
    /** The Pacific calendar date the money arrived, as the seller says. */
    paidAt: calendarDay('paid_at').notNull(),
    reference: text('reference'),
    recordedBy: optionalRef('recorded_by', () => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('payments_order_idx').on(table.orderId, table.paidAt, table.id),
    check('payments_amount_positive', sql`"amount" > 0`),
  ],
);

/** Reminder mails about an invoice, at most one of each kind per order (issue 23 item 5). */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    orderId: recordOf('order_id', () => orders.id),
    /** `due`: on the due date; `late`: seven days after it. */
    kind: text('kind').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.kind] }),
    check('invoice_reminders_kind', sql`"kind" IN ('due', 'late')`),
  ],
);

/**
 * A company's own number sequences (invoice numbers today), taken with UPDATE … RETURNING inside
 * the transaction that uses the number, so two invoices never share one and a rolled-back
 * transaction gives its number back.
 */
export const companyCounters = pgTable(
  'company_counters',
  {
    companyId: belongsTo('company_id', () => companies.id),
    kind: text('kind').notNull(),
    nextValue: bigint('next_value', { mode: 'number' }).notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.kind] })],
);

export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderFulfilmentRow = typeof orderFulfilments.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
