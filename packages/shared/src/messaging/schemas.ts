import { z } from 'zod';
import { multiLine, singleLine, strictObject } from '../common/fields.ts';
import { CONVERSATIONS } from '../texts.ts';
import { MESSAGE_MAX, MESSAGE_SUBJECT_MAX } from './limits.ts';
import { MESSAGE_RULES } from './texts.ts';

// Chat messages: the contact form of a product page and the composer of the Messages page (the
// answers are in messaging/responses.ts).

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
