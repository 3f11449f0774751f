import { CONVERSATIONS, messagingContracts } from '@canopy/shared';
import { route } from '../../http/route-table.ts';
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

export const messagingRoutes = [
  route({
    ...messagingContracts.contactSeller,
    access: 'buyer',
    bodyLimit: MESSAGE_BODY_LIMIT,
    rateLimitPerMinute: 30,
    idempotent: true,
  }).handle(async ({ body, request, reply, ctx, auth }) => {
    const key = idempotencyKey(request.headers['idempotency-key']);
    const message = await contactSeller(ctx, readerOf(auth), body, key);
    reply.status(201);
    return { success: true, message: CONVERSATIONS.sent, data: presentThreadMessage(message) };
  }),
  route({
    ...messagingContracts.reply,
    access: 'verified',
    bodyLimit: MESSAGE_BODY_LIMIT,
    rateLimitPerMinute: 120,
  }).handle(async ({ body, request, reply, ctx, auth }) => {
    const key = idempotencyKey(request.headers['idempotency-key']);
    const message = await replyInConversation(ctx, readerOf(auth), body, key);
    reply.status(201);
    return { success: true, message: CONVERSATIONS.sent, data: presentThreadMessage(message) };
  }),
  route({
    ...messagingContracts.conversations,
    access: 'verified',
  }).handle(async ({ query, ctx, auth }) => {
    const page = await listConversations(ctx.database.db, readerOf(auth), query);
    return { success: true, data: page.rows.map(presentConversation), nextCursor: page.nextCursor };
  }),
  route({
    ...messagingContracts.thread,
    access: 'verified',
  }).handle(async ({ params, query, ctx, auth }) => {
    const page = await openThread(ctx, readerOf(auth), params.participantId, query);
    const data = await presentThreadMessages(ctx.database.db, page.rows);
    return { success: true, data, nextCursor: page.nextCursor };
  }),
  route({
    ...messagingContracts.archive,
    access: 'verified',
  }).handle(async ({ params: { id }, ctx, auth }) => {
    await setArchived(ctx, auth.user.id, id, true);
    return { success: true, message: CONVERSATIONS.archived };
  }),
  route({
    ...messagingContracts.unarchive,
    access: 'verified',
  }).handle(async ({ params: { id }, ctx, auth }) => {
    await setArchived(ctx, auth.user.id, id, false);
    return { success: true, message: CONVERSATIONS.restored };
  }),
  // Any signed-in user: the badge is in the nav bar of every screen, also while an account
  // waits for approval (it is then simply empty).
  route({
    ...messagingContracts.unread,
    access: 'session',
  }).handle(async ({ ctx, auth }) => ({
    success: true,
    data: presentUnreadSummary(await unreadSummary(ctx.database.db, readerOf(auth))),
  })),
  route({
    ...messagingContracts.stream,
    access: 'verified',
  }).handle(async ({ request, reply, auth }) => {
    request.server.eventHub.open(auth, request, reply);
    return reply;
  }),
];
