import {
  CONVERSATIONS,
  contactSellerSchema,
  conversationListQuery,
  conversationsResponse,
  idParams,
  messageResponse,
  messageSentResponse,
  replySchema,
  threadQuery,
  threadResponse,
  unreadResponse,
  uuidParam,
} from '@canopy/shared';
import { z } from 'zod';
import { rawResponse, route } from '../../http/route-table.ts';
import { idempotencyKey } from '../../lib/idempotency-key.ts';
import { setArchived } from './archive.ts';
import { contactSeller } from './contact-seller.ts';
import { openThread } from './open-thread.ts';
import {
  presentConversation,
  presentThreadMessage,
  presentThreadMessages,
  presentUnreadSummary,
} from './presenter.ts';
import { listConversations, readerOf, unreadSummary } from './read-model.ts';
import { replyInConversation } from './reply.ts';

// SPEC §7's message calls, plus the unread summary and the live stream (decision 022).

/** A message of 5000 characters is at most 20 kB of UTF-8; nothing larger is a message. */
const MESSAGE_BODY_LIMIT = 64 * 1024;

/** A conversation is named by the other participant's user id. */
const participantParams = idParams(CONVERSATIONS.notFound);

export const messagingRoutes = [
  route({
    method: 'POST',
    url: '/messages',
    summary: 'Contact the seller of a listing (buyers)',
    access: 'buyer',
    bodyLimit: MESSAGE_BODY_LIMIT,
    rateLimitPerMinute: 30,
    body: contactSellerSchema,
    response: { 201: messageSentResponse },
  }).handle(async ({ body, request, reply, ctx, auth }) => {
    const key = idempotencyKey(request.headers['idempotency-key']);
    const message = await contactSeller(ctx, readerOf(auth), body, key);
    reply.status(201);
    return { success: true, message: CONVERSATIONS.sent, data: presentThreadMessage(message) };
  }),
  route({
    method: 'POST',
    url: '/messages/reply',
    summary: 'Reply in a conversation',
    access: 'verified',
    bodyLimit: MESSAGE_BODY_LIMIT,
    rateLimitPerMinute: 120,
    body: replySchema,
    response: { 201: messageSentResponse },
  }).handle(async ({ body, request, reply, ctx, auth }) => {
    const key = idempotencyKey(request.headers['idempotency-key']);
    const message = await replyInConversation(ctx, readerOf(auth), body, key);
    reply.status(201);
    return { success: true, message: CONVERSATIONS.sent, data: presentThreadMessage(message) };
  }),
  route({
    method: 'GET',
    url: '/messages/conversations',
    summary: 'Conversations, newest first, a page at a time',
    access: 'verified',
    query: conversationListQuery,
    response: { 200: conversationsResponse },
  }).handle(async ({ query, ctx, auth }) => {
    const page = await listConversations(ctx.database.db, readerOf(auth), query);
    return { success: true, data: page.rows.map(presentConversation), nextCursor: page.nextCursor };
  }),
  route({
    method: 'GET',
    url: '/messages/thread/:participantId',
    summary: 'The messages with one participant (marks them read)',
    access: 'verified',
    params: z.object({ participantId: uuidParam(CONVERSATIONS.notFound) }),
    query: threadQuery,
    response: { 200: threadResponse },
  }).handle(async ({ params, query, ctx, auth }) => {
    const page = await openThread(ctx, readerOf(auth), params.participantId, query);
    const data = await presentThreadMessages(ctx.database.db, page.rows);
    return { success: true, data, nextCursor: page.nextCursor };
  }),
  route({
    method: 'POST',
    url: '/messages/archive/:id',
    summary: 'Archive a conversation',
    access: 'verified',
    params: participantParams,
    response: { 200: messageResponse },
  }).handle(async ({ params: { id }, ctx, auth }) => {
    await setArchived(ctx, auth.user.id, id, true);
    return { success: true, message: CONVERSATIONS.archived };
  }),
  route({
    method: 'POST',
    url: '/messages/unarchive/:id',
    summary: 'Bring an archived conversation back',
    access: 'verified',
    params: participantParams,
    response: { 200: messageResponse },
  }).handle(async ({ params: { id }, ctx, auth }) => {
    await setArchived(ctx, auth.user.id, id, false);
    return { success: true, message: CONVERSATIONS.restored };
  }),
  // Any signed-in user: the badge is in the nav bar of every screen, also while an account
  // waits for approval (it is then simply empty).
  route({
    method: 'GET',
    url: '/messages/unread',
    summary: 'Unread messages: the count and the newest conversations holding them',
    access: 'session',
    response: { 200: unreadResponse },
  }).handle(async ({ ctx, auth }) => ({
    success: true,
    data: presentUnreadSummary(await unreadSummary(ctx.database.db, readerOf(auth))),
  })),
  route({
    method: 'GET',
    url: '/messages/stream',
    summary: 'Live events: message, unread and reconnect (server-sent events)',
    access: 'verified',
    response: rawResponse(
      'text/event-stream',
      'Server-sent events; each `data` line is JSON: a MessageEvent for `message`, an UnreadSummary for `unread`, {retryMs} for `reconnect`.',
    ),
  }).handle(async ({ request, reply, auth }) => {
    request.server.eventHub.open(auth, request, reply);
    return reply;
  }),
];
