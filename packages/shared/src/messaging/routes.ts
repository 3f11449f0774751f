import { z } from 'zod';
import { idParams, uuidParam } from '../common/params.ts';
import { messageResponse } from '../common/responses.ts';
import { defineRoutes, rawResponse } from '../route-contract.ts';
import { CONVERSATIONS } from '../texts.ts';
import { messagingAddresses } from './addresses.ts';
import { conversationListQuery, threadQuery } from './queries.ts';
import { conversationsResponse, messageSentResponse, threadResponse, unreadResponse } from './responses.ts';
import { contactSellerSchema, replySchema } from './schemas.ts';

/** A conversation is named by the other participant's user id. */
const participantParams = idParams(CONVERSATIONS.notFound);

export const messagingContracts = defineRoutes(messagingAddresses, {
  contactSeller: {
    summary: 'Contact the seller of a listing (buyers)',
    body: contactSellerSchema,
    response: { 201: messageSentResponse },
  },
  reply: { summary: 'Reply in a conversation', body: replySchema, response: { 201: messageSentResponse } },
  conversations: {
    summary: 'Conversations, newest first, a page at a time',
    query: conversationListQuery,
    response: { 200: conversationsResponse },
  },
  thread: {
    summary: 'The messages with one participant (marks them read)',
    params: z.object({ participantId: uuidParam(CONVERSATIONS.notFound) }),
    query: threadQuery,
    response: { 200: threadResponse },
  },
  archive: {
    summary: 'Archive a conversation',
    params: participantParams,
    response: { 200: messageResponse },
  },
  unarchive: {
    summary: 'Bring an archived conversation back',
    params: participantParams,
    response: { 200: messageResponse },
  },
  unread: {
    summary: 'Unread messages: the count and the newest conversations holding them',
    response: { 200: unreadResponse },
  },
  stream: {
    summary: 'Live events: message, unread and reconnect (server-sent events)',
    response: rawResponse(
      'text/event-stream',
      'Server-sent events; each `data` line is JSON: a MessageEvent for `message`, an UnreadSummary for `unread`, {retryMs} for `reconnect`.',
    ),
  },
});
