import { SAMPLE_GRAMS_MAX, SAMPLE_NOTE_MAX, SAMPLE_STATUSES } from '@canopy/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, optionalRecordOf, optionalRef, primaryId, timestamptz } from './columns.ts';
import { orders } from './deals.ts';
import { listings } from './listings.ts';
import { users } from './users.ts';

// Sample requests (issue 25 item 3, migration 0037, decision 243). The buyer and seller are the
// businesses, as on offers; the logins that asked and answered are kept beside them. An approved
// request names the $0 order it became.

export const sampleStatusEnum = pgEnum('sample_status', SAMPLE_STATUSES);

export const sampleRequests = pgTable(
  'sample_requests',
  {
    id: primaryId(),
    /** Null once an admin deletes the listing; the title still names it. */
    listingId: optionalRef('listing_id', () => listings.id),
    listingTitle: text('listing_title').notNull(),
    buyerId: belongsTo('buyer_id', () => users.id),
    sellerId: belongsTo('seller_id', () => users.id),
    requestedBy: optionalRef('requested_by', () => users.id),
    grams: integer('grams').notNull(),
    note: text('note'),
    status: sampleStatusEnum('status').notNull().default('requested'),
    decidedBy: optionalRef('decided_by', () => users.id),
    decidedAt: timestamptz('decided_at'),
    declineReason: text('decline_reason'),
    orderId: optionalRecordOf('order_id', () => orders.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sample_requests_one_waiting_idx')
      .on(table.listingId, table.buyerId)
      .where(sql`"status" = 'requested'`),
    index('sample_requests_pair_idx').on(table.buyerId, table.sellerId, table.createdAt),
    index('sample_requests_seller_idx').on(table.sellerId, table.createdAt.desc(), table.id.desc()),
    check('sample_requests_grams_range', sql`"grams" BETWEEN 1 AND ${sql.raw(String(SAMPLE_GRAMS_MAX))}`),
    check('sample_requests_note_length', sql`char_length("note") <= ${sql.raw(String(SAMPLE_NOTE_MAX))}`),
    check(
      'sample_requests_reason_length',
      sql`char_length("decline_reason") <= ${sql.raw(String(SAMPLE_NOTE_MAX))}`,
    ),
    check('sample_requests_two_parties', sql`"buyer_id" <> "seller_id"`),
    check('sample_requests_decided', sql`("status" = 'requested') = ("decided_at" IS NULL)`),
    check('sample_requests_order_when_approved', sql`("status" = 'approved') = ("order_id" IS NOT NULL)`),
  ],
);

export type SampleRequestRow = typeof sampleRequests.$inferSelect;
