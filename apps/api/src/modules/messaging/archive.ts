import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { conversations } from '../../db/schema/index.ts';
import { publish } from './change-feed.ts';
import { authorizeConversation } from './policy.ts';
import { conversationKey } from './read-model.ts';

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
