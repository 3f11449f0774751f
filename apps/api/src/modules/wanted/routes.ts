import { WANTED, wantedContracts } from '@canopy/shared';
import { paginated } from '../../http/pagination.ts';
import { route } from '../../http/route-table.ts';
import { answerWantedPost } from './answers.ts';
import { presentWantedPost } from './presenter.ts';
import { closeWantedPost, createWantedPost, listWanted } from './service.ts';

// Wanted posts (issue 25 item 4): buyers post, sellers read the board and answer with a lot.

/** A post is a line of text and a few numbers; an answer's note is at most 1,000 characters. */
const BODY_LIMIT = 8 * 1024;

export const wantedRoutes = [
  route({
    ...wantedContracts.list,
    access: 'verified',
  }).handle(async ({ query, ctx, auth }) => {
    const { rows, total } = await listWanted(ctx.database.db, auth, query);
    return paginated(rows.map(presentWantedPost), query, total);
  }),
  route({
    ...wantedContracts.create,
    access: 'buyer',
    bodyLimit: BODY_LIMIT,
    rateLimitPerMinute: 30,
    rateLimitBy: 'session',
  }).handle(async ({ body, reply, ctx, auth }) => {
    const post = await createWantedPost(ctx.database.db, auth, body);
    reply.status(201);
    return { success: true, message: WANTED.created, data: presentWantedPost(post) };
  }),
  route({
    ...wantedContracts.close,
    access: 'buyer',
  }).handle(async ({ params: { id }, ctx, auth }) => ({
    success: true,
    message: WANTED.closedNow,
    data: presentWantedPost(await closeWantedPost(ctx.database.db, auth, id)),
  })),
  route({
    ...wantedContracts.answer,
    access: 'seller',
    bodyLimit: BODY_LIMIT,
    rateLimitPerMinute: 60,
    rateLimitBy: 'session',
  }).handle(async ({ params: { id }, body, reply, ctx, auth }) => {
    const answer = await answerWantedPost(ctx, auth, id, body);
    reply.status(201);
    return { success: true, message: WANTED.answered, data: answer };
  }),
];
