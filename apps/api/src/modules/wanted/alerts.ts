import { WANTED_ALERT_INTERVAL_MS, WANTED_ALERT_POSTS_MAX } from '@canopy/shared';
import { and, asc, desc, eq, exists, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { listings, PUBLIC_LISTING, users, wantedAlerts, wantedPosts } from '../../db/schema/index.ts';
import { type PeriodicTask, periodicTask } from '../../lib/periodic-task.ts';
import { wantedAlertEmail } from './emails.ts';

// The daily wanted-post alert (decision 248). A seller hears of new posts that one of their public
// lots could answer (a lot in the post's category, or, for a post without one, a lot whose words
// hold every word of the post), at most once a day, and only while their Listing Interest
// notifications are on, the switch saved-search alerts honour. It runs beside the saved-search
// alerts: on the same schedule in the server and in `npm run alerts:send`.
//
// Each seller is one transaction: their bookkeeping row is claimed with FOR UPDATE SKIP LOCKED
// (two instances never mail one seller twice), the posts created in the window since the last
// covered moment are read, and the mail is queued in the transaction that moves the window, so a
// window is either mailed and moved or neither. The window ends a minute before the run, so a post
// whose transaction commits a moment after it began is in the next window, not lost.

/** How far the window's end stays behind the run: far longer than a post's one-row transaction. */
export const ALERT_SETTLE_MS = 60_000;
/** A seller back after a pause (Listing Interest off) hears of at most this long's posts. */
const BACKLOG_MS = 7 * 24 * 60 * 60_000;

export type WantedAlertDeps = Pick<AppContext, 'config' | 'database' | 'mailer'>;

/** A public lot of this seller that could answer the post. */
const sellerCouldAnswer = (db: Db, sellerId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(listings)
      .where(
        and(
          eq(listings.sellerId, sellerId),
          PUBLIC_LISTING,
          sql`CASE WHEN ${wantedPosts.category} IS NOT NULL THEN ${listings.category} = ${wantedPosts.category}
            ELSE ${listings.search} @@ plainto_tsquery('english', ${wantedPosts.query}) END`,
        ),
      ),
  );

/**
 * Sellers who may be mailed now: verified, with Listing Interest and the Wanted e-mail switch on
 * (decision 251), a public lot, and not mailed today.
 */
async function dueSellers(db: Db, at: Date): Promise<string[]> {
  const mailableBefore = new Date(at.getTime() - WANTED_ALERT_INTERVAL_MS);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(wantedAlerts, eq(wantedAlerts.sellerId, users.id))
    .where(
      and(
        eq(users.role, 'seller'),
        eq(users.status, 'verified'),
        eq(users.emailVerified, true),
        eq(users.notifyListingInterest, true),
        sql`NOT ('wanted' = ANY(${users.emailSwitchesOff}))`,
        or(isNull(wantedAlerts.lastAlertedAt), lte(wantedAlerts.lastAlertedAt, mailableBefore)),
        exists(
          db
            .select({ one: sql`1` })
            .from(listings)
            .where(and(eq(listings.sellerId, users.id), PUBLIC_LISTING)),
        ),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((row) => row.id);
}

async function alertSeller(deps: WantedAlertDeps, sellerId: string, at: Date): Promise<boolean> {
  const until = new Date(at.getTime() - ALERT_SETTLE_MS);
  const earliest = new Date(until.getTime() - BACKLOG_MS);
  return deps.database.db.transaction(async (tx) => {
    // A seller new to alerts hears of the last day's posts.
    await tx
      .insert(wantedAlerts)
      .values({ sellerId, coveredUntil: new Date(until.getTime() - WANTED_ALERT_INTERVAL_MS) })
      .onConflictDoNothing();
    const [state] = await tx
      .select({ alert: wantedAlerts, email: users.email, contactName: users.contactName })
      .from(wantedAlerts)
      .innerJoin(users, eq(users.id, wantedAlerts.sellerId))
      .where(eq(wantedAlerts.sellerId, sellerId))
      .for('update', { of: wantedAlerts, skipLocked: true });
    if (!state) return false;
    const { alert } = state;
    // Another run mailed them since the list was read.
    if (alert.lastAlertedAt && alert.lastAlertedAt.getTime() > at.getTime() - WANTED_ALERT_INTERVAL_MS) {
      return false;
    }
    const from = alert.coveredUntil > earliest ? alert.coveredUntil : earliest;
    const posts = await tx
      .select({
        query: wantedPosts.query,
        category: wantedPosts.category,
        quantityLbs: wantedPosts.quantityLbs,
        minPrice: wantedPosts.minPrice,
        maxPrice: wantedPosts.maxPrice,
        neededBy: wantedPosts.neededBy,
        county: wantedPosts.county,
        buyerName: users.businessName,
      })
      .from(wantedPosts)
      .innerJoin(users, eq(users.id, wantedPosts.buyerId))
      .where(
        and(
          gt(wantedPosts.createdAt, from),
          lte(wantedPosts.createdAt, until),
          eq(wantedPosts.status, 'open'),
          gt(wantedPosts.expiresAt, at),
          eq(users.status, 'verified'),
          sellerCouldAnswer(tx, sellerId),
        ),
      )
      .orderBy(desc(wantedPosts.createdAt), desc(wantedPosts.id));
    if (posts.length === 0) {
      await tx.update(wantedAlerts).set({ coveredUntil: until }).where(eq(wantedAlerts.sellerId, sellerId));
      return false;
    }
    await tx
      .update(wantedAlerts)
      .set({ coveredUntil: until, lastAlertedAt: at })
      .where(eq(wantedAlerts.sellerId, sellerId));
    await deps.mailer.enqueue(
      tx,
      wantedAlertEmail({
        to: state.email,
        recipientName: state.contactName,
        posts: posts.slice(0, WANTED_ALERT_POSTS_MAX),
        total: posts.length,
        appUrl: deps.config.appUrl,
      }),
    );
    return true;
  });
}

export interface WantedAlertRun {
  checked: number;
  mailed: number;
}

/**
 * Mails every seller due at `at` (tests pass a later time instead of waiting a day), then delivers
 * the queued mails before returning; one the SMTP server refuses stays queued and is retried there.
 */
export async function sendWantedAlerts(deps: WantedAlertDeps, at = new Date()): Promise<WantedAlertRun> {
  const run: WantedAlertRun = { checked: 0, mailed: 0 };
  for (const sellerId of await dueSellers(deps.database.db, at)) {
    run.checked += 1;
    if (await alertSeller(deps, sellerId, at)) run.mailed += 1;
  }
  if (run.mailed > 0) await deps.mailer.drain();
  return run;
}

/** Runs on the saved-search alerts' schedule; 0 leaves them to `npm run alerts:send`. */
export function createWantedAlertWorker(ctx: AppContext): PeriodicTask {
  return periodicTask({
    log: ctx.log,
    intervalMs: ctx.config.savedSearchAlertIntervalMs,
    failure: 'wanted post alerts failed',
    run: () => sendWantedAlerts(ctx),
  });
}
