import type { DealEvent } from '@canopy/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { insertMessage, type ListingRef } from './store-message.ts';

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
    sentByUserId: null,
    receiverId: notice.receiverId,
    listing: notice.listing,
    content: notice.content,
    kind: 'new_message',
    markSenderThreadRead: false,
    deal: { event: notice.event, offerId: notice.offerId },
  });
}
