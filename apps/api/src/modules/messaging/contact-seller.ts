import { type contactSellerSchema, MESSAGE_RULES } from '@canopy/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { conversations, listings, reachableBy } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { conversationKey, type Reader as Sender, type ThreadMessageView } from './read-model.ts';
import { insertMessage, loadSent } from './store-message.ts';

/** The contact form stores its subject as the message's first line (decision 021). */
const withSubject = (subject: string | undefined, content: string) =>
  subject ? `Subject: ${subject}\n\n${content}` : content;

/** A buyer writes to the seller of a listing from its product page (also once it is sold out). */
export async function contactSeller(
  ctx: AppContext,
  sender: Sender,
  input: z.output<typeof contactSellerSchema>,
  clientKey: string | null = null,
): Promise<ThreadMessageView> {
  const senderId = sender.companyId;
  if (input.receiverId === senderId) throw badRequest(MESSAGE_RULES.selfMessage);
  if (!isUuid(input.listingId)) throw notFound(MESSAGE_RULES.listingUnavailable);
  const messageId = await ctx.database.db.transaction(async (tx) => {
    const [listing] = await tx
      .select({ id: listings.id, title: listings.title, sellerId: listings.sellerId })
      .from(listings)
      .where(and(eq(listings.id, input.listingId), reachableBy(senderId)))
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
      sentByUserId: sender.userId,
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
