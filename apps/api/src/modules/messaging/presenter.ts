import type { ConversationDto, OfferDto, ThreadMessageDto, UnreadSummaryDto } from '@canopy/shared';
import type { Db } from '../../db/client.ts';
import { findOffers, presentOffer } from '../deals/index.ts';
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

/** `offer` is the current state of the offer a deal notice points at (decision 122). */
export function presentThreadMessage(
  row: ThreadMessageView,
  offer: OfferDto | null = null,
): ThreadMessageDto {
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
    listingTitle: row.listingTitle,
    dealEvent: row.dealEvent,
    offer,
    sentBy: row.sentById ? { _id: row.sentById, name: row.sentByName ?? '' } : null,
  };
}

/** Messages with the offers their deal notices point at, loaded in one query. */
export async function presentThreadMessages(db: Db, rows: ThreadMessageView[]): Promise<ThreadMessageDto[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.offerId ? [row.offerId] : [])))];
  const found = await findOffers(db, ids);
  return rows.map((row) => {
    const offer = row.offerId ? found.get(row.offerId) : undefined;
    return presentThreadMessage(row, offer ? presentOffer(offer) : null);
  });
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
