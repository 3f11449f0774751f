import {
  AUTH,
  type createWantedSchema,
  DISPLAY_TIME_ZONE,
  WANTED,
  WANTED_LIFETIME_DAYS,
  type WantedListQuery,
} from '@canopy/shared';
import { and, count, desc, eq, gt, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { offers, users, type WantedPostRow, wantedAnswers, wantedPosts } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { authorizeFound, ownerRelation } from '../../lib/policy.ts';
import type { SessionUser } from '../../lib/session.ts';
import { escapeLike } from '../../lib/sql.ts';
import { wantedPolicy } from './policy.ts';

// Wanted posts (issue 25 item 4, decision 246): a buyer's request, the board sellers read, and the
// buyer's own list with the answers. Answering is in answers.ts.

/** An open post past its expiry reads as expired; nothing has to run for that. */
export const wantedStatus = sql<
  'open' | 'closed' | 'expired'
>`CASE WHEN ${wantedPosts.status} = 'open' AND ${wantedPosts.expiresAt} <= now() THEN 'expired' ELSE ${wantedPosts.status}::text END`;

/** Open and not yet expired: what the board shows and what may be answered. */
export const LIVE_POST = and(eq(wantedPosts.status, 'open'), gt(wantedPosts.expiresAt, sql`now()`));

export interface WantedPostView extends WantedPostRow {
  buyerName: string;
  shownStatus: 'open' | 'closed' | 'expired';
  answeredByMe: boolean;
  answers: WantedAnswerView[] | null;
}

export interface WantedAnswerView {
  id: string;
  sellerId: string;
  sellerName: string;
  listingId: string | null;
  listingTitle: string;
  offerId: string;
  quantityLbs: number;
  pricePerLb: number;
  offerStatus: string;
  createdAt: Date;
}

type Caller = Pick<SessionUser, 'user' | 'login'>;

/**
 * A post comes down at the end of its needed-by day in California, or after the default lifetime,
 * whichever is sooner (decision 246).
 */
const expiryOf = (neededBy: string | undefined) => {
  const lifetime = sql`now() + make_interval(days => ${WANTED_LIFETIME_DAYS})`;
  if (!neededBy) return lifetime;
  return sql`LEAST(${lifetime}, ((${neededBy}::date + 1)::timestamp AT TIME ZONE ${DISPLAY_TIME_ZONE}))`;
};

export async function createWantedPost(
  db: Db,
  caller: Caller,
  input: z.output<typeof createWantedSchema>,
): Promise<WantedPostView> {
  const [row] = await db
    .insert(wantedPosts)
    .values({
      id: uuidv7(),
      buyerId: caller.user.id,
      postedBy: caller.login.id,
      category: input.category ?? null,
      query: input.query,
      quantityLbs: input.quantityLbs,
      minPrice: input.minPrice ?? null,
      maxPrice: input.maxPrice ?? null,
      neededBy: input.neededBy ?? null,
      county: input.county ?? null,
      expiresAt: expiryOf(input.neededBy),
    })
    .returning();
  if (!row) throw new Error('wanted post insert returned nothing');
  return (await readPosts(db, caller, [row.id]))[0] ?? missing();
}

const missing = (): never => {
  throw notFound(WANTED.notFound);
};

/** The buyer takes their post down; closing a closed or expired post changes nothing. */
export async function closeWantedPost(db: Db, caller: Caller, id: string): Promise<WantedPostView> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(wantedPosts).where(eq(wantedPosts.id, id)).for('update');
    const post = authorizeFound(wantedPolicy, 'close', row, (found) =>
      ownerRelation(caller.user, found.buyerId),
    );
    if (post.status === 'closed') return;
    await tx
      .update(wantedPosts)
      .set({ status: 'closed', closedAt: sql`now()` })
      .where(eq(wantedPosts.id, id));
  });
  return (await readPosts(db, caller, [id]))[0] ?? missing();
}

/** The list's filters, as the board and a buyer's own list both read them. */
function filtersOf(query: WantedListQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.category) filters.push(eq(wantedPosts.category, query.category));
  if (query.county) filters.push(eq(wantedPosts.county, query.county));
  if (query.minQuantity) filters.push(sql`${wantedPosts.quantityLbs} >= ${query.minQuantity}`);
  for (const word of (query.words ?? '').split(/\s+/).filter(Boolean)) {
    filters.push(ilike(wantedPosts.query, `%${escapeLike(word)}%`));
  }
  return filters;
}

/**
 * A seller reads the board: live posts of verified buyers. A buyer reads their own posts in every
 * state, with the answers. Nobody else reads either (decision 247).
 */
export async function listWanted(db: Db, caller: Caller, query: WantedListQuery) {
  const { user } = caller;
  // Admins belong to no company: there is no board or own list to show them.
  if (user.role !== 'buyer' && user.role !== 'seller') throw forbidden(AUTH.forbidden);
  const where = and(
    ...(user.role === 'buyer'
      ? [eq(wantedPosts.buyerId, user.id)]
      : [LIVE_POST, eq(users.status, 'verified')]),
    ...filtersOf(query),
  );
  const [ids, [total]] = await Promise.all([
    db
      .select({ id: wantedPosts.id })
      .from(wantedPosts)
      .innerJoin(users, eq(users.id, wantedPosts.buyerId))
      .where(where)
      .orderBy(desc(wantedPosts.createdAt), desc(wantedPosts.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: count() })
      .from(wantedPosts)
      .innerJoin(users, eq(users.id, wantedPosts.buyerId))
      .where(where),
  ]);
  const rows = await readPosts(
    db,
    caller,
    ids.map((row) => row.id),
  );
  return { rows, total: total?.total ?? 0 };
}

/** The posts by id, newest first, as the caller may read them (answers only for the poster). */
export async function readPosts(db: Db, caller: Caller, ids: string[]): Promise<WantedPostView[]> {
  if (ids.length === 0) return [];
  const me = caller.user.id;
  const rows = await db
    .select({
      post: wantedPosts,
      buyerName: users.businessName,
      shownStatus: wantedStatus,
      answeredByMe: sql<boolean>`EXISTS (SELECT 1 FROM ${wantedAnswers} WHERE ${wantedAnswers.postId} = ${wantedPosts.id} AND ${wantedAnswers.sellerId} = ${me})`,
    })
    .from(wantedPosts)
    .innerJoin(users, eq(users.id, wantedPosts.buyerId))
    .where(inArray(wantedPosts.id, ids))
    .orderBy(desc(wantedPosts.createdAt), desc(wantedPosts.id));
  const own = rows.filter((row) => row.post.buyerId === me).map((row) => row.post.id);
  const answers = await answersOf(db, own);
  return rows.map((row) => ({
    ...row.post,
    buyerName: row.buyerName,
    shownStatus: row.shownStatus,
    answeredByMe: row.answeredByMe,
    answers: row.post.buyerId === me ? (answers.get(row.post.id) ?? []) : null,
  }));
}

/** The answers to the poster's posts, oldest first, with each offer as it stands. */
async function answersOf(db: Db, postIds: string[]): Promise<Map<string, WantedAnswerView[]>> {
  const byPost = new Map<string, WantedAnswerView[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .select({
      postId: wantedAnswers.postId,
      id: wantedAnswers.id,
      sellerId: wantedAnswers.sellerId,
      sellerName: users.businessName,
      listingId: wantedAnswers.listingId,
      listingTitle: offers.listingTitle,
      offerId: wantedAnswers.offerId,
      quantityLbs: offers.quantityLbs,
      pricePerLb: offers.pricePerLb,
      offerStatus: sql<string>`CASE WHEN ${offers.status} = 'open' AND ${offers.expiresAt} <= now() THEN 'expired' ELSE ${offers.status}::text END`,
      createdAt: wantedAnswers.createdAt,
    })
    .from(wantedAnswers)
    .innerJoin(offers, eq(offers.id, wantedAnswers.offerId))
    .innerJoin(users, eq(users.id, wantedAnswers.sellerId))
    .where(inArray(wantedAnswers.postId, postIds))
    .orderBy(wantedAnswers.createdAt, wantedAnswers.id);
  for (const { postId, ...answer } of rows) {
    byPost.set(postId, [...(byPost.get(postId) ?? []), answer]);
  }
  return byPost;
}
