import {
  CONVERSATIONS,
  type contactSellerSchema,
  type DealEvent,
  MESSAGE_RULES,
  type replySchema,
} from '@canopy/shared';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  conversations,
  listings,
  type MessageNotificationKind,
  messages,
  REACHABLE_LISTING,
} from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid, uuidv7 } from '../../lib/ids.ts';
import { publish } from './change-feed.ts';
import { scheduleNotification } from './notifications.ts';
import { authorizeConversation } from './policy.ts';
import { conversationKey, findMessage, loadThread, type Page, type ThreadMessageView } from './read-model.ts';

// Every change to messaging: one transaction each, which also keeps the conversations read model
// in step, owes the e-mail and publishes the change (delivered to streams only on commit).

interface ListingRef {
  id: string;
  title: string;
}

interface NewMessage {
  senderId: string;
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

async function insertMessage(ctx: AppContext, tx: Db, input: NewMessage): Promise<string> {
  const earlier = await sentBefore(tx, input);
  if (earlier) return earlier;
  const [message] = await tx
    .insert(messages)
    .values({
      id: uuidv7(),
      senderId: input.senderId,
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

  // Both sides' rows, always in owner-id order, so two people writing to each other at the same
  // moment lock them in the same order and never deadlock. A new message brings the conversation
  // back from the archive on both sides (decision 021).
  const owners = [input.senderId, input.receiverId].sort();
  for (const ownerId of owners) {
    const isReceiver = ownerId === input.receiverId;
    const participantId = isReceiver ? input.senderId : input.receiverId;
    const unreadCount = isReceiver
      ? sql`${conversations.unreadCount} + 1`
      : input.markSenderThreadRead
        ? sql`0`
        : sql`${conversations.unreadCount}`;
    await tx
      .insert(conversations)
      .values({
        ownerUserId: ownerId,
        participantId,
        lastMessageId: message.id,
        lastMessageAt: message.createdAt,
        listingId: input.listing?.id ?? null,
        listingTitle: input.listing?.title ?? '',
        unreadCount: isReceiver ? 1 : 0,
      })
      .onConflictDoUpdate({
        target: [conversations.ownerUserId, conversations.participantId],
        set: {
          // Concurrent writers may commit out of order; the row keeps the newest message.
          lastMessageId: sql`CASE WHEN excluded.last_message_at >= ${conversations.lastMessageAt} THEN excluded.last_message_id ELSE ${conversations.lastMessageId} END`,
          lastMessageAt: sql`greatest(excluded.last_message_at, ${conversations.lastMessageAt})`,
          listingId: sql`coalesce(excluded.listing_id, ${conversations.listingId})`,
          listingTitle: sql`CASE WHEN excluded.listing_id IS NULL THEN ${conversations.listingTitle} ELSE excluded.listing_title END`,
          unreadCount,
          archivedAt: null,
        },
      });
  }
  if (input.markSenderThreadRead) {
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
  return message.id;
}

async function loadSent(ctx: AppContext, messageId: string): Promise<ThreadMessageView> {
  const message = await findMessage(ctx.database.db, messageId);
  if (!message) throw new Error('sent message not found');
  return message;
}

/**
 * A deal's notice in the conversation of its two parties (decision 122), written in the deal's
 * transaction: it opens the conversation if there is none (as "I'm Interested" does), counts as
 * unread and reaches the other side's streams. Its e-mail is the deal's own (decision 189).
 */
export async function postDealNotice(
  ctx: AppContext,
  tx: Db,
  notice: {
    senderId: string;
    receiverId: string;
    listing: ListingRef | null;
    content: string;
    event: DealEvent;
    offerId: string;
  },
): Promise<string> {
  return insertMessage(ctx, tx, {
    senderId: notice.senderId,
    receiverId: notice.receiverId,
    listing: notice.listing,
    content: notice.content,
    kind: 'new_message',
    markSenderThreadRead: false,
    deal: { event: notice.event, offerId: notice.offerId },
  });
}

/** The contact form stores its subject as the message's first line (decision 021). */
const withSubject = (subject: string | undefined, content: string) =>
  subject ? `Subject: ${subject}\n\n${content}` : content;

/** A buyer writes to the seller of a listing from its product page (also once it is sold out). */
export async function contactSeller(
  ctx: AppContext,
  senderId: string,
  input: z.output<typeof contactSellerSchema>,
  clientKey: string | null = null,
): Promise<ThreadMessageView> {
  if (input.receiverId === senderId) throw badRequest(MESSAGE_RULES.selfMessage);
  if (!isUuid(input.listingId)) throw notFound(MESSAGE_RULES.listingUnavailable);
  const messageId = await ctx.database.db.transaction(async (tx) => {
    const [listing] = await tx
      .select({ id: listings.id, title: listings.title, sellerId: listings.sellerId })
      .from(listings)
      .where(and(eq(listings.id, input.listingId), REACHABLE_LISTING))
      .limit(1);
    if (!listing) throw notFound(MESSAGE_RULES.listingUnavailable);
    if (listing.sellerId !== input.receiverId) throw badRequest(MESSAGE_RULES.notListingSeller);
    // Interest in a listing is news to the seller when it is not the one they last talked about
    // with this buyer; anything else is a further message in an ongoing conversation.
    const [existing] = await tx
      .select({ listingId: conversations.listingId })
      .from(conversations)
      .where(conversationKey(listing.sellerId, senderId))
      .limit(1);
    return insertMessage(ctx, tx, {
      senderId,
      receiverId: listing.sellerId,
      listing: { id: listing.id, title: listing.title },
      content: withSubject(input.subject, input.content),
      kind: existing?.listingId === listing.id ? 'new_message' : 'listing_interest',
      markSenderThreadRead: false,
      clientKey,
    });
  });
  return loadSent(ctx, messageId);
}

/**
 * The listing a reply is about: the one the client names if it is a listing of either participant
 * that buyers can see (active, of a verified seller; sold out included), else the conversation's
 * own. A draft, archived or hidden lot is treated as a deleted one (it may have become so
 * meanwhile): its title must not reach the thread, the conversation list or the digest.
 */
async function replyListing(
  tx: Db,
  requested: string | null | undefined,
  conversation: { listingId: string | null; listingTitle: string },
  participants: [string, string],
): Promise<ListingRef | null> {
  if (requested && isUuid(requested)) {
    const [listing] = await tx
      .select({ id: listings.id, title: listings.title, sellerId: listings.sellerId })
      .from(listings)
      .where(and(eq(listings.id, requested), REACHABLE_LISTING))
      .limit(1);
    if (listing) {
      if (!participants.includes(listing.sellerId)) throw badRequest(MESSAGE_RULES.listingNotInConversation);
      return { id: listing.id, title: listing.title };
    }
  }
  return conversation.listingId ? { id: conversation.listingId, title: conversation.listingTitle } : null;
}

/** A message into a conversation the sender already has; nobody else's can be named. */
export async function replyInConversation(
  ctx: AppContext,
  senderId: string,
  input: z.output<typeof replySchema>,
  clientKey: string | null = null,
): Promise<ThreadMessageView> {
  if (input.receiverId === senderId) throw badRequest(MESSAGE_RULES.selfMessage);
  if (!isUuid(input.receiverId)) throw notFound(CONVERSATIONS.notFound);
  const receiverId = input.receiverId;
  const messageId = await ctx.database.db.transaction(async (tx) => {
    // Read without a lock: insertMessage locks both rows in a fixed order, and the row cannot
    // disappear in between (conversations are only deleted with their user).
    const [conversation] = await tx
      .select({ listingId: conversations.listingId, listingTitle: conversations.listingTitle })
      .from(conversations)
      .where(conversationKey(senderId, receiverId))
      .limit(1);
    authorizeConversation('reply', conversation);
    return insertMessage(ctx, tx, {
      senderId,
      receiverId,
      listing: await replyListing(tx, input.listingId, conversation, [senderId, receiverId]),
      content: input.content,
      kind: 'new_message',
      markSenderThreadRead: true,
      clientKey,
    });
  });
  return loadSent(ctx, messageId);
}

/**
 * Opening a thread reads it: the participant's messages to the reader are marked read and the
 * reader's unread count for it drops to zero, in one transaction with the row locked first, so a
 * message arriving meanwhile is either read here or counted after.
 */
export async function openThread(
  ctx: AppContext,
  userId: string,
  participantId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<ThreadMessageView>> {
  await ctx.database.db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({ unreadCount: conversations.unreadCount })
      .from(conversations)
      .where(conversationKey(userId, participantId))
      .for('update')
      .limit(1);
    authorizeConversation('read', conversation);
    // unread_count counts exactly these messages (every writer changes both together).
    if (conversation.unreadCount === 0) return;
    await tx
      .update(messages)
      .set({ readAt: sql`now()` })
      .where(
        and(eq(messages.receiverId, userId), eq(messages.senderId, participantId), isNull(messages.readAt)),
      );
    await tx.update(conversations).set({ unreadCount: 0 }).where(conversationKey(userId, participantId));
    await publish(tx, { type: 'unread', userId });
  });
  return loadThread(ctx.database.db, userId, participantId, page);
}

/** Archive or restore the caller's side of a conversation; the other side is untouched. */
export async function setArchived(
  ctx: AppContext,
  userId: string,
  participantId: string,
  archived: boolean,
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const changed = await tx
      .update(conversations)
      .set({ archivedAt: archived ? sql`now()` : null })
      .where(
        and(
          conversationKey(userId, participantId),
          archived ? isNull(conversations.archivedAt) : isNotNull(conversations.archivedAt),
        ),
      )
      .returning({ participantId: conversations.participantId });
    if (changed.length > 0) {
      await publish(tx, { type: 'unread', userId });
      return;
    }
    const [exists] = await tx
      .select({ participantId: conversations.participantId })
      .from(conversations)
      .where(conversationKey(userId, participantId))
      .limit(1);
    authorizeConversation('archive', exists);
  });
}
