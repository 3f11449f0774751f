import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { conversationReads, conversations, messages } from '../../db/schema/index.ts';
import { publish } from './change-feed.ts';
import { authorizeConversation } from './policy.ts';
import { conversationKey, loadThread, type Page, type Reader, type ThreadMessageView } from './read-model.ts';
import { markReadBy } from './store-message.ts';

/**
 * Opening a thread reads it for the member who opens it: their unread count for it drops to zero
 * and nobody else's does (decision 208). The participant's messages to the company get their
 * `readAt` the first time any member reads them (what the sender's side shows). One transaction
 * with the conversation row locked first, so a message arriving meanwhile is either read here or
 * counted after.
 */
export async function openThread(
  ctx: AppContext,
  reader: Reader,
  participantId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<ThreadMessageView>> {
  const ownerId = reader.companyId;
  await ctx.database.db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({ unreadCount: conversationReads.unreadCount })
      .from(conversations)
      .leftJoin(
        conversationReads,
        and(
          eq(conversationReads.ownerUserId, conversations.ownerUserId),
          eq(conversationReads.participantId, conversations.participantId),
          eq(conversationReads.userId, reader.userId),
        ),
      )
      .where(conversationKey(ownerId, participantId))
      .for('update', { of: conversations })
      .limit(1);
    authorizeConversation('read', conversation);
    // The member's counter counts exactly the messages they have not read (every writer bumps it).
    if (!conversation.unreadCount) return;
    await tx
      .update(messages)
      .set({ readAt: sql`now()` })
      .where(
        and(eq(messages.receiverId, ownerId), eq(messages.senderId, participantId), isNull(messages.readAt)),
      );
    await markReadBy(tx, ownerId, participantId, reader.userId);
    await publish(tx, { type: 'unread', userId: reader.userId });
  });
  return loadThread(ctx.database.db, ownerId, participantId, page);
}
