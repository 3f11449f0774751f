import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { conversations, messages } from '../../db/schema/index.ts';
import { publish } from './change-feed.ts';
import { authorizeConversation } from './policy.ts';
import { conversationKey, loadThread, type Page, type ThreadMessageView } from './read-model.ts';

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
