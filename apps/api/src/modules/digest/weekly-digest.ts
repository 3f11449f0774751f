import { DIGEST_CONVERSATIONS_MAX, DIGEST_INTEREST_DAYS, DIGEST_NEW_LOTS_MAX } from '@canopy/shared';
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  conversations,
  listings,
  messages,
  PUBLIC_LISTING,
  productTypes,
  userCategoryInterest,
  users,
} from '../../db/schema/index.ts';
import { isBusinessRow } from '../../lib/business-rows.ts';
import type { Mailer } from '../../lib/mail-queue.ts';
import { priceRange } from '../catalog/index.ts';
import { type DigestContent, weeklyDigestEmail } from './emails.ts';
import { type DigestSchedule, latestDigestSlot } from './schedule.ts';

// The weekly digest (issue 15, item 4; decision 158): new public lots in the categories a user
// looked at, and conversations whose last word is the other party's. Users are claimed in batches
// with one UPDATE … RETURNING over rows locked with SKIP LOCKED, setting last_digest_at in the
// same transaction that queues the mail: two instances (or the server and `npm run digest:send`)
// never mail one user twice in a week, and a rolled-back batch mails nobody.

const WEEK_MS = 7 * 24 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** Users claimed per transaction. */
const BATCH = 50;

export interface DigestContext {
  config: Pick<Config, 'appUrl' | 'weeklyDigest'>;
  database: { db: Db };
  mailer: Mailer;
}

export interface DigestRun {
  /** Users whose week was settled: mailed, or skipped because nothing was new. */
  claimed: number;
  mailed: number;
}

const participant = alias(users, 'participant');

/** What one user's digest holds at `at`; empty lists when there is nothing to say. */
export async function digestContent(db: Db, userId: string, at: Date): Promise<DigestContent> {
  const interests = await db
    .select({ category: userCategoryInterest.category })
    .from(userCategoryInterest)
    .where(
      and(
        eq(userCategoryInterest.userId, userId),
        gt(userCategoryInterest.lastAt, new Date(at.getTime() - DIGEST_INTEREST_DAYS * DAY_MS)),
      ),
    );
  const categories = interests.map((row) => row.category);
  const newLots =
    categories.length === 0
      ? []
      : await db
          .select({
            id: listings.id,
            title: listings.title,
            productType: productTypes.name,
            makeOffer: listings.makeOffer,
            askingPrice: listings.askingPrice,
            negotiable: listings.negotiable,
            sellerBusinessName: listings.sellerBusinessName,
          })
          .from(listings)
          .innerJoin(productTypes, eq(productTypes.id, listings.productTypeId))
          .where(
            and(
              PUBLIC_LISTING,
              inArray(listings.category, categories),
              gt(listings.createdAt, new Date(at.getTime() - WEEK_MS)),
              lte(listings.createdAt, at),
              ne(listings.sellerId, userId),
            ),
          )
          .orderBy(desc(listings.createdAt), desc(listings.id))
          .limit(DIGEST_NEW_LOTS_MAX);
  const unanswered = await db
    .select({
      businessName: participant.businessName,
      listingTitle: sql<string>`coalesce(${listings.title}, ${conversations.listingTitle})`,
      lastMessageAt: conversations.lastMessageAt,
    })
    .from(conversations)
    .innerJoin(messages, eq(messages.id, conversations.lastMessageId))
    .innerJoin(participant, eq(participant.id, conversations.participantId))
    .leftJoin(listings, eq(listings.id, conversations.listingId))
    .where(
      and(
        eq(conversations.ownerUserId, userId),
        isNull(conversations.archivedAt),
        eq(messages.senderId, conversations.participantId),
        // A deal's notice is the system speaking, not a question waiting for an answer.
        isNull(messages.dealEvent),
        lte(conversations.lastMessageAt, at),
      ),
    )
    .orderBy(asc(conversations.lastMessageAt))
    .limit(DIGEST_CONVERSATIONS_MAX);
  return {
    newLots: newLots.map((lot) => ({
      id: lot.id,
      title: lot.title,
      productType: lot.productType,
      priceRange: priceRange(lot.makeOffer, lot.askingPrice, lot.negotiable),
      sellerBusinessName: lot.sellerBusinessName,
    })),
    unanswered,
  };
}

/** Claims up to BATCH due users and queues their digests, in one transaction. */
async function settleBatch(ctx: DigestContext, at: Date, slot: Date): Promise<DigestRun> {
  return ctx.database.db.transaction(async (tx) => {
    const due = tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.status, 'verified'),
          ne(users.role, 'admin'),
          // The digest is the business's; a member's login has no lots or conversations of its own.
          isBusinessRow(),
          eq(users.notifyWeeklyDigest, true),
          lt(sql`coalesce(${users.lastDigestAt}, ${users.createdAt})`, slot),
        ),
      )
      .orderBy(users.id)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await tx
      .update(users)
      .set({ lastDigestAt: at })
      .where(inArray(users.id, due))
      .returning({ id: users.id, email: users.email, contactName: users.contactName });
    let mailed = 0;
    for (const user of claimed) {
      const content = await digestContent(tx, user.id, at);
      if (content.newLots.length === 0 && content.unanswered.length === 0) continue;
      await ctx.mailer.enqueue(
        tx,
        weeklyDigestEmail({ to: user.email, name: user.contactName, appUrl: ctx.config.appUrl, content }),
      );
      mailed += 1;
    }
    return { claimed: claimed.length, mailed };
  });
}

/**
 * Sends the digests due at `at` (tests pass a time instead of waiting for Monday): everyone
 * verified, not an admin, with Weekly Digest on and not mailed since the latest slot. An account
 * made after that slot waits for the next one. Delivers the queued mail before returning.
 */
export async function sendWeeklyDigests(ctx: DigestContext, at = new Date()): Promise<DigestRun> {
  const slot = latestDigestSlot(at, ctx.config.weeklyDigest);
  const total: DigestRun = { claimed: 0, mailed: 0 };
  for (;;) {
    const batch = await settleBatch(ctx, at, slot);
    total.claimed += batch.claimed;
    total.mailed += batch.mailed;
    if (batch.claimed < BATCH) break;
  }
  if (total.mailed > 0) await ctx.mailer.drain();
  return total;
}

export type { DigestSchedule };
