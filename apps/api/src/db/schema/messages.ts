import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, timestamptz } from './columns.ts';
import { dealEventEnum, offers } from './deals.ts';
import { listings } from './listings.ts';
import { users } from './users.ts';

// Private messages between two users (decision 020). `messages` is the log; `conversations` is a
// denormalised read model, one row per (owner, other participant), kept in step in the same
// transaction as every insert, so the conversation list, the unread badge and the banner are
// index range reads that never scan or count messages.

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    senderId: belongsTo('sender_id', () => users.id),
    receiverId: belongsTo('receiver_id', () => users.id),
    /** The listing the message is about; kept null once an admin deletes the listing. */
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    /** Set on the notices a deal posts into the conversation (decision 122); null on typed messages. */
    dealEvent: dealEventEnum('deal_event'),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    readAt: timestamptz('read_at'),
    /**
     * The sender's Idempotency-Key, when the client sent one: a send repeated with it (its answer
     * lost on the way back) finds this message instead of storing a second (decision 179).
     */
    clientKey: text('client_key'),
  },
  (table) => [
    uniqueIndex('messages_sender_client_key_idx')
      .on(table.senderId, table.clientKey)
      .where(sql`"client_key" IS NOT NULL`),
    // A pair's thread, whichever way each message went, is one range of this index in order.
    index('messages_pair_idx').on(
      sql`least("sender_id", "receiver_id")`,
      sql`greatest("sender_id", "receiver_id")`,
      table.createdAt,
      table.id,
    ),
    // Only unread messages: marking a thread read touches exactly the rows that change.
    index('messages_unread_idx').on(table.receiverId, table.senderId).where(sql`"read_at" IS NULL`),
    // Deleting a listing nulls its messages' listing_id without scanning every message.
    index('messages_listing_idx').on(table.listingId).where(sql`"listing_id" IS NOT NULL`),
    check('messages_not_to_self', sql`"sender_id" <> "receiver_id"`),
    check('messages_content_not_empty', sql`"content" <> ''`),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    ownerUserId: belongsTo('owner_user_id', () => users.id),
    participantId: belongsTo('participant_id', () => users.id),
    lastMessageId: belongsTo('last_message_id', () => messages.id),
    lastMessageAt: timestamptz('last_message_at').notNull(),
    /** The listing of the latest message that named one. */
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    /** That listing's title when it was last named, shown if the listing is later deleted. */
    listingTitle: text('listing_title').notNull().default(''),
    /** Messages to the owner not yet read; never counted from messages. */
    unreadCount: integer('unread_count').notNull().default(0),
    archivedAt: timestamptz('archived_at'),
    /** When the owner was last e-mailed about this conversation (at most once per 15 minutes). */
    lastNotifiedAt: timestamptz('last_notified_at'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.ownerUserId, table.participantId] }),
    // The Active and the Archived tab, newest first, each one index range (keyset-paged). NULLS
    // FIRST is what ORDER BY … DESC means; drizzle would otherwise write NULLS LAST, an order the
    // planner cannot read the index in.
    index('conversations_active_idx')
      .on(table.ownerUserId, table.lastMessageAt.desc().nullsFirst(), table.participantId.desc().nullsFirst())
      .where(sql`"archived_at" IS NULL`),
    index('conversations_archived_idx')
      .on(table.ownerUserId, table.lastMessageAt.desc().nullsFirst(), table.participantId.desc().nullsFirst())
      .where(sql`"archived_at" IS NOT NULL`),
    // The unread badge and banner read only the few rows with something unread.
    index('conversations_unread_idx')
      .on(table.ownerUserId, table.lastMessageAt.desc().nullsFirst())
      .where(sql`"unread_count" > 0 AND "archived_at" IS NULL`),
    index('conversations_listing_idx').on(table.listingId).where(sql`"listing_id" IS NOT NULL`),
    check('conversations_unread_not_negative', sql`"unread_count" >= 0`),
  ],
);

export const messageNotificationKindEnum = pgEnum('message_notification_kind', [
  'new_message',
  'listing_interest',
]);

/**
 * E-mails owed to a recipient about a conversation, written in the message's transaction and sent
 * by a worker once due (decision 023). One row per recipient and sender: further messages before
 * it is due ride on the same e-mail, whose kind is that of the message that started the wait.
 */
export const messageNotifications = pgTable(
  'message_notifications',
  {
    recipientId: belongsTo('recipient_id', () => users.id),
    senderId: belongsTo('sender_id', () => users.id),
    kind: messageNotificationKindEnum('kind').notNull(),
    dueAt: timestamptz('due_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.recipientId, table.senderId] }),
    index('message_notifications_due_idx').on(table.dueAt),
  ],
);

export type MessageRow = typeof messages.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageNotificationKind = (typeof messageNotificationKindEnum.enumValues)[number];
