import {
  CONVERSATIONS,
  CONVERSATIONS_PAGE_DEFAULT,
  CONVERSATIONS_PAGE_MAX,
  contactSellerSchema,
  replySchema,
  THREAD_PAGE_DEFAULT,
  THREAD_PAGE_MAX,
} from '@canopy/shared';
import { z } from 'zod';
import { defineRoutes, parse, requireId } from '../../http/route-table.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  presentConversation,
  presentThreadMessage,
  presentThreadMessages,
  presentUnreadSummary,
} from './presenter.ts';
import { listConversations, unreadSummary } from './read-model.ts';
import { contactSeller, openThread, replyInConversation, setArchived } from './service.ts';

// SPEC §7's message calls, plus the unread summary and the live stream (decision 022).

/** A message of 5000 characters is at most 20 kB of UTF-8; nothing larger is a message. */
const MESSAGE_BODY_LIMIT = 64 * 1024;

const cursorField = z.string().refine(isUuid).optional().catch(undefined);

const conversationListQuery = z.object({
  archived: z
    .enum(['true', 'false'])
    .catch('false')
    .transform((value) => value === 'true'),
  limit: z.coerce.number().int().min(1).max(CONVERSATIONS_PAGE_MAX).catch(CONVERSATIONS_PAGE_DEFAULT),
  cursor: cursorField,
});

const threadQuery = z.object({
  limit: z.coerce.number().int().min(1).max(THREAD_PAGE_MAX).catch(THREAD_PAGE_DEFAULT),
  cursor: cursorField,
});

const participantParam = (params: unknown, key: 'participantId' | 'id') =>
  requireId((params as Record<string, string | undefined>)[key], CONVERSATIONS.notFound, isUuid);

export const messagingRoutes = defineRoutes([
  {
    method: 'POST',
    url: '/messages',
    access: 'buyer',
    bodyLimit: MESSAGE_BODY_LIMIT,
    rateLimitPerMinute: 30,
    handler: async ({ request, reply, ctx, auth }) => {
      const input = parse(contactSellerSchema, request.body);
      const message = await contactSeller(ctx, auth.user.id, input);
      reply.status(201);
      return { success: true, message: CONVERSATIONS.sent, data: presentThreadMessage(message) };
    },
  },
  {
    method: 'POST',
    url: '/messages/reply',
    access: 'verified',
    bodyLimit: MESSAGE_BODY_LIMIT,
    rateLimitPerMinute: 120,
    handler: async ({ request, reply, ctx, auth }) => {
      const input = parse(replySchema, request.body);
      const message = await replyInConversation(ctx, auth.user.id, input);
      reply.status(201);
      return { success: true, message: CONVERSATIONS.sent, data: presentThreadMessage(message) };
    },
  },
  {
    method: 'GET',
    url: '/messages/conversations',
    access: 'verified',
    handler: async ({ request, ctx, auth }) => {
      const query = parse(conversationListQuery, request.query);
      const page = await listConversations(ctx.database.db, auth.user.id, query);
      return { success: true, data: page.rows.map(presentConversation), nextCursor: page.nextCursor };
    },
  },
  {
    method: 'GET',
    url: '/messages/thread/:participantId',
    access: 'verified',
    handler: async ({ request, ctx, auth }) => {
      const participantId = participantParam(request.params, 'participantId');
      const query = parse(threadQuery, request.query);
      const page = await openThread(ctx, auth.user.id, participantId, query);
      const data = await presentThreadMessages(ctx.database.db, page.rows);
      return { success: true, data, nextCursor: page.nextCursor };
    },
  },
  {
    method: 'POST',
    url: '/messages/archive/:id',
    access: 'verified',
    handler: async ({ request, ctx, auth }) => {
      await setArchived(ctx, auth.user.id, participantParam(request.params, 'id'), true);
      return { success: true, message: CONVERSATIONS.archived };
    },
  },
  {
    method: 'POST',
    url: '/messages/unarchive/:id',
    access: 'verified',
    handler: async ({ request, ctx, auth }) => {
      await setArchived(ctx, auth.user.id, participantParam(request.params, 'id'), false);
      return { success: true, message: CONVERSATIONS.restored };
    },
  },
  {
    // Any signed-in user: the badge is in the nav bar of every screen, also while an account
    // waits for approval (it is then simply empty).
    method: 'GET',
    url: '/messages/unread',
    access: 'session',
    handler: async ({ ctx, auth }) => ({
      success: true,
      data: presentUnreadSummary(await unreadSummary(ctx.database.db, auth.user.id)),
    }),
  },
  {
    method: 'GET',
    url: '/messages/stream',
    access: 'verified',
    handler: async ({ request, reply, auth }) => {
      request.server.eventHub.open(auth, request, reply);
      return reply;
    },
  },
]);
