import { APP_ROUTES, type answerWantedSchema, WANTED } from '@canopy/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { listings, PUBLIC_LISTING, users, wantedAnswers, wantedPosts } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid, uuidv7 } from '../../lib/ids.ts';
import { authorizeFound, ownerRelation } from '../../lib/policy.ts';
import { type DealCaller, openOffer } from '../deals/index.ts';
import { notify } from '../notifications/index.ts';
import { wantedPolicy } from './policy.ts';

// A seller answers a wanted post with one of their public lots (decision 247): the answer is an
// offer the seller makes on that lot to the buyer, through the same path a buyer's first offer
// takes, so it lands in the parties' conversation as an offer card the buyer accepts, counters or
// declines. The post is locked first, so a close and an answer run one after the other.

export async function answerWantedPost(
  ctx: AppContext,
  caller: DealCaller,
  id: string,
  input: z.output<typeof answerWantedSchema>,
): Promise<{ answerId: string; offerId: string }> {
  if (!isUuid(input.listingId)) throw badRequest(WANTED.notYourLot);
  const answer = await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        post: wantedPosts,
        expired: sql<boolean>`${wantedPosts.expiresAt} <= now()`,
        buyerVerified: sql<boolean>`${users.status} = 'verified'`,
      })
      .from(wantedPosts)
      .innerJoin(users, eq(users.id, wantedPosts.buyerId))
      .where(eq(wantedPosts.id, id))
      .for('update', { of: wantedPosts });
    const { post, expired, buyerVerified } = authorizeFound(wantedPolicy, 'answer', row, (found) =>
      ownerRelation(caller.user, found.post.buyerId),
    );
    // A buyer no longer verified is off the board; their posts are not there to answer.
    if (!buyerVerified) throw notFound(WANTED.notFound);
    if (post.status === 'closed') throw conflict(WANTED.closed);
    if (expired) throw conflict(WANTED.expired);
    const [lot] = await tx
      .select({ id: listings.id, title: listings.title })
      .from(listings)
      .where(and(eq(listings.id, input.listingId), eq(listings.sellerId, caller.user.id), PUBLIC_LISTING));
    if (!lot) throw badRequest(WANTED.notYourLot);
    const offerId = await openOffer(ctx, tx, caller, {
      lines: [{ listingId: lot.id, quantityLbs: input.quantityLbs, pricePerLb: input.pricePerLb }],
      buyerId: post.buyerId,
      madeBy: 'seller',
      // The buyer's own date: what they asked for is what the seller offers to meet.
      deliverBy: post.neededBy,
      note: input.note,
      paymentTerms: 'cod',
    });
    const answerId = uuidv7();
    await tx.insert(wantedAnswers).values({
      id: answerId,
      postId: post.id,
      sellerId: caller.user.id,
      listingId: lot.id,
      offerId,
    });
    await notify(tx, {
      companyId: post.buyerId,
      kind: 'wanted_answer',
      title: WANTED.answeredNotice(post.query, lot.title),
      link: APP_ROUTES.wanted,
      subjectId: post.id,
    });
    return { answerId, offerId };
  });
  ctx.mailer.kick();
  return answer;
}
