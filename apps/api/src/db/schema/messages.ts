import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, clientKeyIndex, counter, createdAt, timestamptz } from './columns.ts';
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
    /** The sending business (a company id): what authorisation and the thread's pair read. */
    senderId: belongsTo('sender_id', () => users.id),
    /** The member who wrote it, shown beside the business name (decision 208); null once removed. */
    sentByUserId: uuid('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
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
    clientKeyIndex('messages_sender_client_key_idx', table.senderId, table.clientKey),
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
    archivedAt: timestamptz('archived_at'),
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
    index('conversations_listing_idx').on(table.listingId).where(sql`"listing_id" IS NOT NULL`),
  ],
);

/**
 * Each member's unread state in one side of a conversation (decision 208): the side belongs to the
 * company, what is unread to the person. A message bumps the counter of every member of the
 * receiving company who may read messages, in its own transaction, so the list and the badge read
 * these rows and never count messages (decision 020). A member without a row has nothing unread.
 */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    ownerUserId: uuid('owner_user_id').notNull(),
    participantId: uuid('participant_id').notNull(),
    userId: belongsTo('user_id', () => users.id),
    /** Messages to the company this member has not read; never counted from messages. */
    unreadCount: counter('unread_count'),
    lastReadAt: timestamptz('last_read_at'),
    /** When this member was last e-mailed about the conversation (at most once per 15 minutes). */
    lastNotifiedAt: timestamptz('last_notified_at'),
    /** The newest message that member was mailed about: a mail is owed only for newer ones. */
    mailedThrough: timestamptz('mailed_through'),
  },
  (table) => [
    primaryKey({
      name: 'conversation_reads_pkey',
      columns: [table.ownerUserId, table.participantId, table.userId],
    }),
    foreignKey({
      name: 'conversation_reads_conversation_fk',
      columns: [table.ownerUserId, table.participantId],
      foreignColumns: [conversations.ownerUserId, conversations.participantId],
    }).onDelete('cascade'),
    // The unread badge and banner read only the member's few rows with something unread.
    index('conversation_reads_unread_idx').on(table.userId).where(sql`"unread_count" > 0`),
    check('conversation_reads_unread_not_negative', sql`"unread_count" >= 0`),
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
export type ConversationReadRow = typeof conversationReads.$inferSelect;
export type MessageNotificationKind = (typeof messageNotificationKindEnum.enumValues)[number];
