import type { ConversationDto, ThreadMessageDto, UnreadSummaryDto } from '@canopy/shared';
import type { ConversationView, ThreadMessageView, UnreadSummary } from './read-model.ts';

// SPEC §3's Conversation and Message, built field by field from the read model's whitelisted
// columns: nothing of the participant's account but their id and business name leaves.

export function presentConversation(row: ConversationView): ConversationDto {
  return {
    _id: row.participantId,
    participantBusinessName: row.participantBusinessName,
    productName: row.productName,
    productId: row.listingId,
    lastMessage: row.lastMessage,
    lastMessageDate: row.lastMessageAt.toISOString(),
    unreadCount: row.unreadCount,
  };
}

export function presentThreadMessage(row: ThreadMessageView): ThreadMessageDto {
  const sender = { _id: row.senderId, profile: { businessName: row.senderBusinessName } };
  const createdAt = row.createdAt.toISOString();
  return {
    _id: row.id,
    content: row.content,
    senderId: sender,
    sender_id: sender,
    receiverId: row.receiverId,
    listingId: row.listingId,
    createdAt,
    created_at: createdAt,
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export function presentUnreadSummary(summary: UnreadSummary): UnreadSummaryDto {
  return {
    count: summary.count,
    conversationCount: summary.conversationCount,
    conversations: summary.conversations.map((row) => ({
      _id: row.participantId,
      participantBusinessName: row.participantBusinessName,
      productName: row.productName,
      unreadCount: row.unreadCount,
    })),
  };
}
