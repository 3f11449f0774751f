import { type DealEvent, MESSAGE_PREVIEW_MAX, UNREAD_CONVERSATIONS_LISTED } from '@canopy/shared';
import { and, desc, eq, gt, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { conversationReads, conversations, listings, messages, users } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/session.ts';

// Reads of the conversations read model and of threads. Every query is scoped by the caller's
// business (the company id), so another business's conversation is simply not there (404 or
// empty, never 403); unread counts are the reading member's own (decision 208).

/** One row of the read model: the owner's side of the conversation with that participant. */
export const conversationKey = (ownerId: string, participantId: string) =>
  and(eq(conversations.ownerUserId, ownerId), eq(conversations.participantId, participantId));

const conversationColumns = {
  participantId: conversations.participantId,
  participantBusinessName: users.businessName,
  listingId: conversations.listingId,
  // The live title while the listing exists; the title as last named once it is deleted.
  productName: sql<string>`coalesce(${listings.title}, ${conversations.listingTitle})`,
  lastMessage: sql<string>`left(${messages.content}, ${sql.raw(String(MESSAGE_PREVIEW_MAX))})`,
  lastMessageAt: conversations.lastMessageAt,
  unreadCount: sql<number>`coalesce(${conversationReads.unreadCount}, 0)`.mapWith(Number),
};

/** The reading member's counter for the side being read; no row is nothing unread. */
const readerRow = (readerId: string) =>
  and(
    eq(conversationReads.ownerUserId, conversations.ownerUserId),
    eq(conversationReads.participantId, conversations.participantId),
    eq(conversationReads.userId, readerId),
  );

export interface ConversationView {
  participantId: string;
  participantBusinessName: string;
  listingId: string | null;
  productName: string;
  lastMessage: string;
  lastMessageAt: Date;
  unreadCount: number;
}

function selectConversations(db: Db, readerId: string, where: SQL | undefined) {
  return db
    .select(conversationColumns)
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.participantId))
    .innerJoin(messages, eq(messages.id, conversations.lastMessageId))
    .leftJoin(listings, eq(listings.id, conversations.listingId))
    .leftJoin(conversationReads, readerRow(readerId))
    .where(where);
}

/** Who reads: the business whose side it is and the member reading it (the same id for a company of one). */
export interface Reader {
  companyId: string;
  userId: string;
}

/** The caller as messaging sees them: the business they act for and themselves. */
export const readerOf = (auth: Pick<SessionUser, 'user' | 'login'>): Reader => ({
  companyId: auth.user.id,
  userId: auth.login.id,
});

export interface Page<T> {
  rows: T[];
  /** Pass back as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/** One tab of the Messages page, newest first, keyset-paged by the last row's participant id. */
export async function listConversations(
  db: Db,
  reader: Reader,
  options: { archived: boolean; limit: number; cursor?: string },
): Promise<Page<ConversationView>> {
  const ownerId = reader.companyId;
  const after = options.cursor
    ? sql`(${conversations.lastMessageAt}, ${conversations.participantId}) < (SELECT c.last_message_at, c.participant_id FROM conversations c WHERE c.owner_user_id = ${ownerId} AND c.participant_id = ${options.cursor})`
    : undefined;
  const rows = await selectConversations(
    db,
    reader.userId,
    and(
      eq(conversations.ownerUserId, ownerId),
      options.archived ? isNotNull(conversations.archivedAt) : isNull(conversations.archivedAt),
      after,
    ),
  )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.participantId))
    .limit(options.limit + 1);
  const more = rows.length > options.limit;
  const page = more ? rows.slice(0, options.limit) : rows;
  return { rows: page, nextCursor: more ? (page.at(-1)?.participantId ?? null) : null };
}

export async function findConversation(
  db: Db,
  reader: Reader,
  participantId: string,
): Promise<ConversationView | null> {
  const [row] = await selectConversations(
    db,
    reader.userId,
    conversationKey(reader.companyId, participantId),
  ).limit(1);
  return row ?? null;
}

export interface ThreadMessageView {
  id: string;
  content: string;
  senderId: string;
  senderBusinessName: string;
  /** The member who wrote it; null on a deal's notice or once that login is gone. */
  sentById: string | null;
  sentByName: string | null;
  receiverId: string;
  listingId: string | null;
  /** The listing's current title; null when the message names none or it was deleted. */
  listingTitle: string | null;
  dealEvent: DealEvent | null;
  offerId: string | null;
  createdAt: Date;
  readAt: Date | null;
}

const sentBy = alias(users, 'sent_by');

const messageColumns = {
  id: messages.id,
  content: messages.content,
  senderId: messages.senderId,
  senderBusinessName: users.businessName,
  sentById: sentBy.id,
  sentByName: sentBy.contactName,
  receiverId: messages.receiverId,
  listingId: messages.listingId,
  listingTitle: listings.title,
  dealEvent: messages.dealEvent,
  offerId: messages.offerId,
  createdAt: messages.createdAt,
  readAt: messages.readAt,
};

/** The pair's messages, oldest first; a page is the newest `limit` before the cursor message. */
export async function loadThread(
  db: Db,
  userId: string,
  participantId: string,
  options: { limit: number; cursor?: string },
): Promise<Page<ThreadMessageView>> {
  // Written exactly as messages_pair_idx is, so the thread is one range of that index.
  const pair = and(
    sql`least(${messages.senderId}, ${messages.receiverId}) = least(${userId}::uuid, ${participantId}::uuid)`,
    sql`greatest(${messages.senderId}, ${messages.receiverId}) = greatest(${userId}::uuid, ${participantId}::uuid)`,
  );
  const before = options.cursor
    ? sql`(${messages.createdAt}, ${messages.id}) < (SELECT m.created_at, m.id FROM messages m WHERE m.id = ${options.cursor})`
    : undefined;
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .leftJoin(sentBy, eq(sentBy.id, messages.sentByUserId))
    .leftJoin(listings, eq(listings.id, messages.listingId))
    .where(and(pair, before))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(options.limit + 1);
  const more = rows.length > options.limit;
  const page = (more ? rows.slice(0, options.limit) : rows).reverse();
  return { rows: page, nextCursor: more ? (page[0]?.id ?? null) : null };
}

export async function findMessage(db: Db, messageId: string): Promise<ThreadMessageView | null> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .leftJoin(sentBy, eq(sentBy.id, messages.sentByUserId))
    .leftJoin(listings, eq(listings.id, messages.listingId))
    .where(eq(messages.id, messageId))
    .limit(1);
  return row ?? null;
}

export interface UnreadSummary {
  count: number;
  conversationCount: number;
  conversations: Pick<
    ConversationView,
    'participantId' | 'participantBusinessName' | 'productName' | 'unreadCount'
  >[];
}

/** A member's counter row joined to the side of the conversation it counts. */
const readsConversation = and(
  eq(conversations.ownerUserId, conversationReads.ownerUserId),
  eq(conversations.participantId, conversationReads.participantId),
);

/**
 * The nav badge and the banner: the member's active conversations with unread messages (an
 * archived one was put away on purpose; a new message brings it back). Both queries start from
 * the member's few counter rows with something unread (conversation_reads_unread_idx) and join
 * each to its conversation by primary key.
 */
export async function unreadSummary(db: Db, reader: Reader): Promise<UnreadSummary> {
  const where = and(
    eq(conversationReads.userId, reader.userId),
    gt(conversationReads.unreadCount, 0),
    eq(conversationReads.ownerUserId, reader.companyId),
    isNull(conversations.archivedAt),
  );
  const [totals, rows] = await Promise.all([
    db
      .select({
        count: sql<number>`coalesce(sum(${conversationReads.unreadCount}), 0)::int`,
        conversationCount: sql<number>`count(*)::int`,
      })
      .from(conversationReads)
      .innerJoin(conversations, readsConversation)
      .where(where),
    db
      .select({
        participantId: conversations.participantId,
        participantBusinessName: users.businessName,
        productName: conversationColumns.productName,
        unreadCount: conversationReads.unreadCount,
      })
      .from(conversationReads)
      .innerJoin(conversations, readsConversation)
      .innerJoin(users, eq(users.id, conversations.participantId))
      .leftJoin(listings, eq(listings.id, conversations.listingId))
      .where(where)
      .orderBy(desc(conversations.lastMessageAt))
      .limit(UNREAD_CONVERSATIONS_LISTED),
  ]);
  return {
    count: totals[0]?.count ?? 0,
    conversationCount: totals[0]?.conversationCount ?? 0,
    conversations: rows,
  };
}

/** Every message ever sent, for the admin overview (SPEC §3 Admin stats: totalMessages). */
export async function countMessages(db: Db): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(messages);
  return row?.total ?? 0;
}
