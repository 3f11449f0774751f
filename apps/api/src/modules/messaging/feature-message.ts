import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { insertMessage, type ListingRef } from './store-message.ts';

/**
 * A message another feature writes on a member's behalf, in its own transaction (a sample request
 * and its decline, issue 25 item 3): an ordinary message in the two businesses' conversation,
 * unread for the receiver and mailed like any other.
 */
export function postMemberMessage(
  ctx: AppContext,
  tx: Db,
  message: {
    senderId: string;
    sentByUserId: string;
    receiverId: string;
    listing: ListingRef | null;
    content: string;
  },
): Promise<string> {
  return insertMessage(ctx, tx, { ...message, kind: 'new_message', markSenderThreadRead: false });
}
