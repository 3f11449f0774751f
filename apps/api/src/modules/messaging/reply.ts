import { CONVERSATIONS, MESSAGE_RULES, type replySchema } from '@canopy/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { conversations, listings, reachableBy } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { authorizeConversation } from './policy.ts';
import { conversationKey, type Reader as Sender, type ThreadMessageView } from './read-model.ts';
import { insertMessage, type ListingRef, loadSent } from './store-message.ts';

/**
 * The listing a reply is about: the one the client names if it is a listing of either participant
 * that both sides can see (active, of a verified seller, not private to a group the buyer is not
 * in; sold out included), else the conversation's
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
      .where(and(eq(listings.id, requested), reachableBy(participants[0]), reachableBy(participants[1])))
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
  sender: Sender,
  input: z.output<typeof replySchema>,
  clientKey: string | null = null,
): Promise<ThreadMessageView> {
  const senderId = sender.companyId;
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
      sentByUserId: sender.userId,
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
