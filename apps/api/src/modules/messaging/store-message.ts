import { type DealEvent, MESSAGE_RULES } from '@canopy/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  companyMembers,
  conversationReads,
  conversations,
  type MessageNotificationKind,
  messages,
} from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { publish } from './change-feed.ts';
import { scheduleNotification } from './notifications.ts';
import { findMessage, type ThreadMessageView } from './read-model.ts';
import { readersOf } from './readers.ts';
import { queueMessageCreated } from './webhook-event.ts';

// Storing one message, the single way every kind of send goes: inside the caller's transaction it
// also keeps the conversations read model in step, owes the e-mail and publishes the change
// (delivered to streams only on commit).

export interface ListingRef {
  id: string;
  title: string;
}

export interface NewMessage {
  /** The sending business (company id). */
  senderId: string;
  /** The member who wrote it (the login); null for a deal's notice. */
  sentByUserId: string | null;
  receiverId: string;
  listing: ListingRef | null;
  content: string;
  kind: MessageNotificationKind;
  /** The sender is answering in the thread, so what they were sent is read (decision 021). */
  markSenderThreadRead: boolean;
  /** Set on a deal's notice (decision 122). */
  deal?: { event: DealEvent; offerId: string };
  /** The sender's Idempotency-Key, when the client sent one (decision 179). */
  clientKey?: string | null;
}

/**
 * The message the sender already stored under this key, or null. The same key for a different
 * message is the client's mistake, refused rather than dropping the new message in silence.
 */
async function sentBefore(tx: Db, input: NewMessage): Promise<string | null> {
  if (!input.clientKey) return null;
  const [earlier] = await tx
    .select({ id: messages.id, receiverId: messages.receiverId, content: messages.content })
    .from(messages)
    .where(and(eq(messages.senderId, input.senderId), eq(messages.clientKey, input.clientKey)))
    .limit(1);
  if (!earlier) return null;
  if (earlier.receiverId !== input.receiverId || earlier.content !== input.content) {
    throw conflict(MESSAGE_RULES.idempotencyKeyReused);
  }
  return earlier.id;
}

export async function insertMessage(ctx: AppContext, tx: Db, input: NewMessage): Promise<string> {
  const earlier = await sentBefore(tx, input);
  if (earlier) return earlier;
  const [message] = await tx
    .insert(messages)
    .values({
      id: uuidv7(),
      senderId: input.senderId,
      sentByUserId: input.sentByUserId,
      receiverId: input.receiverId,
      listingId: input.listing?.id ?? null,
      content: input.content,
      dealEvent: input.deal?.event ?? null,
      offerId: input.deal?.offerId ?? null,
      clientKey: input.clientKey ?? null,
    })
    // A send with the same key committing meanwhile: this one waited for it, and stores nothing.
    .onConflictDoNothing({
      target: [messages.senderId, messages.clientKey],
      where: sql`"client_key" IS NOT NULL`,
    })
    .returning({ id: messages.id, createdAt: messages.createdAt });
  if (!message) {
    const stored = await sentBefore(tx, input);
    if (!stored) throw new Error('message insert returned nothing');
    return stored;
  }

  // Before the conversation rows, never after: see scheduleNotification. A deal's notice owes no
  // "unread message" mail: the deal mails each move on its own (decision 189).
  if (!input.deal) {
    await scheduleNotification(tx, {
      recipientId: input.receiverId,
      senderId: input.senderId,
      kind: input.kind,
      dueAt: new Date(Date.now() + ctx.config.messageEmailDelayMs),
    });
  }

  // Both sides' rows, always in owner-id order, so two businesses writing to each other at the same
  // moment lock them in the same order and never deadlock. A new message brings the conversation
  // back from the archive on both sides (decision 021).
  const owners = [input.senderId, input.receiverId].sort();
  for (const ownerId of owners) {
    const participantId = ownerId === input.receiverId ? input.senderId : input.receiverId;
    await tx
      .insert(conversations)
      .values({
        ownerUserId: ownerId,
        participantId,
        lastMessageId: message.id,
        lastMessageAt: message.createdAt,
        listingId: input.listing?.id ?? null,
        listingTitle: input.listing?.title ?? '',
      })
      .onConflictDoUpdate({
        target: [conversations.ownerUserId, conversations.participantId],
        set: {
          // Concurrent writers may commit out of order; the row keeps the newest message.
          lastMessageId: sql`CASE WHEN excluded.last_message_at >= ${conversations.lastMessageAt} THEN excluded.last_message_id ELSE ${conversations.lastMessageId} END`,
          lastMessageAt: sql`greatest(excluded.last_message_at, ${conversations.lastMessageAt})`,
          listingId: sql`coalesce(excluded.listing_id, ${conversations.listingId})`,
          listingTitle: sql`CASE WHEN excluded.listing_id IS NULL THEN ${conversations.listingTitle} ELSE excluded.listing_title END`,
          archivedAt: null,
        },
      });
  }
  await countUnreadForReaders(tx, input.receiverId, input.senderId);
  if (input.markSenderThreadRead) {
    if (input.sentByUserId) await markReadBy(tx, input.senderId, input.receiverId, input.sentByUserId);
    await tx
      .update(messages)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(messages.receiverId, input.senderId),
          eq(messages.senderId, input.receiverId),
          isNull(messages.readAt),
        ),
      );
  }
  await publish(tx, {
    type: 'message',
    messageId: message.id,
    senderId: input.senderId,
    receiverId: input.receiverId,
  });
  await queueMessageCreated(tx, { id: message.id, senderId: input.senderId, receiverId: input.receiverId });
  return message.id;
}

/**
 * One more unread message for every member of the receiving company who may read messages
 * (decision 208): a handful of rows, written with the message, so reads never count messages.
 */
async function countUnreadForReaders(tx: Db, ownerId: string, participantId: string): Promise<void> {
  await tx
    .insert(conversationReads)
    .select(
      tx
        .select({
          ownerUserId: sql<string>`${ownerId}::uuid`.as('owner_user_id'),
          participantId: sql<string>`${participantId}::uuid`.as('participant_id'),
          userId: companyMembers.userId,
          unreadCount: sql<number>`1`.as('unread_count'),
          lastReadAt: sql<Date | null>`null::timestamptz`.as('last_read_at'),
          lastNotifiedAt: sql<Date | null>`null::timestamptz`.as('last_notified_at'),
          mailedThrough: sql<Date | null>`null::timestamptz`.as('mailed_through'),
        })
        .from(companyMembers)
        .where(readersOf(ownerId)),
    )
    .onConflictDoUpdate({
      target: [conversationReads.ownerUserId, conversationReads.participantId, conversationReads.userId],
      set: { unreadCount: sql`${conversationReads.unreadCount} + 1` },
    });
}

/** The member has read the company's side of the conversation: their counter only drops to zero. */
export async function markReadBy(tx: Db, ownerId: string, participantId: string, userId: string) {
  await tx
    .insert(conversationReads)
    .values({ ownerUserId: ownerId, participantId, userId, unreadCount: 0, lastReadAt: sql`now()` })
    .onConflictDoUpdate({
      target: [conversationReads.ownerUserId, conversationReads.participantId, conversationReads.userId],
      set: { unreadCount: 0, lastReadAt: sql`now()` },
    });
}

export async function loadSent(ctx: AppContext, messageId: string): Promise<ThreadMessageView> {
  const message = await findMessage(ctx.database.db, messageId);
  if (!message) throw new Error('sent message not found');
  return message;
}
