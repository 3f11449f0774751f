import { z } from 'zod';
import { cursorPageResponse, succeeded } from '../common/responses.ts';
import { DEAL_EVENTS, offerSchema } from '../deals/schemas.ts';

// Wire shapes of the message calls (SPEC §3, §7) and of the live stream's events (decision 022).

/** A row of GET /messages/conversations. _id is the other participant's user id. */
export const conversationDto = z.object({
  _id: z.string(),
  participantBusinessName: z.string(),
  /** The listing the conversation is about; its title as last seen if the listing was deleted. */
  productName: z.string(),
  /** null once the listing has been deleted. */
  productId: z.string().nullable(),
  /** The last message, cut to MESSAGE_PREVIEW_MAX characters. */
  lastMessage: z.string(),
  lastMessageDate: z.string(),
  unreadCount: z.number().int(),
});
export type ConversationDto = z.infer<typeof conversationDto>;

export const messageSenderDto = z.object({
  _id: z.string(),
  profile: z.object({ businessName: z.string() }),
});
export type MessageSenderDto = z.infer<typeof messageSenderDto>;

/** A message of GET /messages/thread/{participantId}; SPEC spells some fields two ways. */
export const threadMessageDto = z.object({
  _id: z.string(),
  content: z.string(),
  senderId: messageSenderDto,
  sender_id: messageSenderDto,
  receiverId: z.string(),
  listingId: z.string().nullable(),
  createdAt: z.string(),
  created_at: z.string(),
  readAt: z.string().nullable(),
  /** Beyond SPEC: the title of the listing the message is about (the thread's product chip). */
  listingTitle: z.string().nullable(),
  /** Beyond SPEC: set on the notices a deal posts into the conversation (decision 122). */
  dealEvent: z.enum(DEAL_EVENTS).nullable(),
  /** The offer such a notice is about, as it is now (its card); null on ordinary messages. */
  offer: offerSchema.nullable(),
  /**
   * Beyond SPEC (issue 28): the member of the sending company who wrote it, shown beside the
   * business name; null for a deal's notice and once that member's login is gone.
   */
  sentBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type ThreadMessageDto = z.infer<typeof threadMessageDto>;

export const unreadConversationDto = z.object({
  _id: z.string(),
  participantBusinessName: z.string(),
  productName: z.string(),
  unreadCount: z.number().int(),
});
export type UnreadConversationDto = z.infer<typeof unreadConversationDto>;

/** GET /messages/unread and the stream's `unread` event. */
export const unreadSummaryDto = z.object({
  /** Sum of unreadCount over active conversations with unread messages. */
  count: z.number().int(),
  /** How many such conversations there are (the banner's M), even beyond the listed ones. */
  conversationCount: z.number().int(),
  /** Newest first, at most UNREAD_CONVERSATIONS_LISTED. */
  conversations: z.array(unreadConversationDto),
});
export type UnreadSummaryDto = z.infer<typeof unreadSummaryDto>;

/** The stream's `message` event: a message sent or received, and the conversation it is in. */
export const messageEventDto = z.object({ message: threadMessageDto, conversation: conversationDto });
export type MessageEventDto = z.infer<typeof messageEventDto>;

export const messageSentResponse = z.object({
  success: succeeded,
  message: z.string(),
  data: threadMessageDto,
});
export type MessageSentResponse = z.infer<typeof messageSentResponse>;

export const conversationsResponse = cursorPageResponse(conversationDto);
export type ConversationsResponse = z.infer<typeof conversationsResponse>;

export const threadResponse = cursorPageResponse(threadMessageDto);
export type ThreadResponse = z.infer<typeof threadResponse>;

export const unreadResponse = z.object({ success: succeeded, data: unreadSummaryDto });
export type UnreadResponse = z.infer<typeof unreadResponse>;
