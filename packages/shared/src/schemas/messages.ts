import { z } from 'zod';
import type { OfferDto } from '../deals/schemas.ts';
import { CONVERSATIONS } from '../messages.ts';
import { multiLine, singleLine, strictObject } from './fields.ts';

// Messaging: the contact form of a product page, the composer of the Messages page and the wire
// shapes of SPEC §3 (Conversation, Message) that the API sends and the web app reads.

/** Longest message a person may send (decision 021); the subject is stored in front of it. */
export const MESSAGE_MAX = 5000;
export const MESSAGE_SUBJECT_MAX = 200;
/** Characters of the last message a conversation list row carries (the row shows one line). */
export const MESSAGE_PREVIEW_MAX = 280;
/** Page sizes of the conversation list and of a thread (decision 021). */
export const CONVERSATIONS_PAGE_DEFAULT = 100;
export const CONVERSATIONS_PAGE_MAX = 200;
export const THREAD_PAGE_DEFAULT = 200;
export const THREAD_PAGE_MAX = 500;
/** Unread conversations GET /messages/unread lists (the banner names 2, then "and K more"). */
export const UNREAD_CONVERSATIONS_LISTED = 100;

/** Server texts SPEC leaves open; SPEC's own texts stay in CONVERSATIONS. */
export const MESSAGE_RULES = {
  contentRequired: 'Message cannot be empty',
  contentTooLong: `Message must be at most ${MESSAGE_MAX} characters`,
  subjectTooLong: `Subject must be at most ${MESSAGE_SUBJECT_MAX} characters`,
  receiverRequired: 'Recipient is required',
  listingRequired: 'Listing is required',
  selfMessage: 'You cannot send a message to yourself',
  listingUnavailable: 'This listing is no longer available',
  notListingSeller: 'The recipient is not the seller of this listing',
  listingNotInConversation: 'This listing is not part of this conversation',
} as const;

/** Whitespace around a message is dropped; a message of only whitespace is empty (SPEC §5). */
export const messageContentField = multiLine(
  z
    .string({ error: MESSAGE_RULES.contentRequired })
    .trim()
    .min(1, MESSAGE_RULES.contentRequired)
    .max(MESSAGE_MAX, MESSAGE_RULES.contentTooLong),
);

const idField = (message: string) =>
  singleLine(z.string({ error: message }).trim().min(1, message).max(100, message));

/** POST /messages: a verified buyer contacts the seller of a listing from its product page. */
export const contactSellerSchema = strictObject({
  receiverId: idField(MESSAGE_RULES.receiverRequired),
  listingId: idField(MESSAGE_RULES.listingRequired),
  subject: singleLine(z.string().trim().max(MESSAGE_SUBJECT_MAX, MESSAGE_RULES.subjectTooLong)).optional(),
  content: messageContentField,
});
export type ContactSellerInput = z.input<typeof contactSellerSchema>;

/**
 * POST /messages/reply: a message into an existing conversation. listingId is the product the
 * thread header shows; missing or null keeps the conversation's product.
 */
export const replySchema = strictObject({
  receiverId: idField(MESSAGE_RULES.receiverRequired),
  content: messageContentField,
  listingId: singleLine(z.string().trim().max(100)).nullable().optional(),
});
export type ReplyInput = z.input<typeof replySchema>;

/** The "I'm Interested" form of the product page: both fields required with SPEC's one text. */
export const contactFormSchema = z.object({
  subject: singleLine(
    z
      .string({ error: CONVERSATIONS.fillBoth })
      .trim()
      .min(1, CONVERSATIONS.fillBoth)
      .max(MESSAGE_SUBJECT_MAX, MESSAGE_RULES.subjectTooLong),
  ),
  message: multiLine(
    z
      .string({ error: CONVERSATIONS.fillBoth })
      .trim()
      .min(1, CONVERSATIONS.fillBoth)
      .max(MESSAGE_MAX, MESSAGE_RULES.contentTooLong),
  ),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

/**
 * What a deal notice in a conversation says happened; its content is the same in words, so the
 * conversation list, the unread banner and the e-mails read well without knowing about deals.
 */
export const DEAL_EVENTS = [
  'offer_made',
  'offer_countered',
  'offer_accepted',
  'offer_declined',
  'offer_withdrawn',
  'order_fulfilled',
  'order_completed',
  'order_cancelled',
] as const;
export type DealEvent = (typeof DEAL_EVENTS)[number];

/** A row of GET /messages/conversations. _id is the other participant's user id. */
export interface ConversationDto {
  _id: string;
  participantBusinessName: string;
  /** The listing the conversation is about; its title as last seen if the listing was deleted. */
  productName: string;
  /** null once the listing has been deleted. */
  productId: string | null;
  /** The last message, cut to MESSAGE_PREVIEW_MAX characters. */
  lastMessage: string;
  lastMessageDate: string;
  unreadCount: number;
}

export interface MessageSenderDto {
  _id: string;
  profile: { businessName: string };
}

/** A message of GET /messages/thread/{participantId}; SPEC spells some fields two ways. */
export interface ThreadMessageDto {
  _id: string;
  content: string;
  senderId: MessageSenderDto;
  sender_id: MessageSenderDto;
  receiverId: string;
  listingId: string | null;
  createdAt: string;
  created_at: string;
  readAt: string | null;
  /** Beyond SPEC: the title of the listing the message is about (the thread's product chip). */
  listingTitle: string | null;
  /** Beyond SPEC: set on the notices a deal posts into the conversation (decision 122). */
  dealEvent: DealEvent | null;
  /** The offer such a notice is about, as it is now (its card); null on ordinary messages. */
  offer: OfferDto | null;
}

export interface UnreadConversationDto {
  _id: string;
  participantBusinessName: string;
  productName: string;
  unreadCount: number;
}

/** GET /messages/unread and the stream's `unread` event. */
export interface UnreadSummaryDto {
  /** Sum of unreadCount over active conversations with unread messages. */
  count: number;
  /** How many such conversations there are (the banner's M), even beyond the listed ones. */
  conversationCount: number;
  /** Newest first, at most UNREAD_CONVERSATIONS_LISTED. */
  conversations: UnreadConversationDto[];
}

/** The stream's `message` event: a message sent or received, and the conversation it is in. */
export interface MessageEventDto {
  message: ThreadMessageDto;
  conversation: ConversationDto;
}
