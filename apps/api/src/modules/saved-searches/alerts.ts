import {
  countOf,
  describeFilters,
  productFilterQuery,
  SAVED_SEARCH_ALERT_INTERVAL_MS,
  SAVED_SEARCH_ALERT_LISTINGS_MAX,
} from '@canopy/shared';
import { and, asc, desc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { listings, savedSearchAlerted, savedSearches, users } from '../../db/schema/index.ts';
import { type PeriodicTask, periodicTask } from '../../lib/periodic-task.ts';
import { publicListingsMatching } from '../catalog/index.ts';
import { emailSwitchOn, notify } from '../notifications/index.ts';
import { savedSearchAlertEmail } from './emails.ts';

// Alert mails of saved searches (decision 150). Each run checks every saved search not mailed in
// the last day, one per transaction: the row is claimed with FOR UPDATE SKIP LOCKED (so instances
// running side by side never check the same search at once), its new matches are looked up with
// the catalog's own filters, and the mail is queued in the transaction that records the check, so
// a check either happened with its mail or not at all (decision 070 delivers it).
//
// "New" is "first public after the last check", less a look-back: a listing committed a moment
// after a check began, with an earlier timestamp, is still found by the next one. The listings a
// search has dealt with (mailed, or passed over while its owner's setting was off) are
// remembered, so the overlap never mails one twice.

/** How far before the last check the next one looks again. Far longer than any listing's transaction. */
export const ALERT_LOOK_BACK_MS = 10 * 60_000;
/** New matches read per check; a day's new listings under one filter stay well under it. */
const MATCHES_READ = 500;

export type AlertDeps = Pick<AppContext, 'config' | 'database' | 'mailer'>;

type Outcome = 'mailed' | 'checked';

async function checkNext(deps: AlertDeps, at: Date): Promise<Outcome | undefined> {
  const mailableBefore = new Date(at.getTime() - SAVED_SEARCH_ALERT_INTERVAL_MS);
  return deps.database.db.transaction(async (tx) => {
    const [search] = await tx
      .select({
        row: savedSearches,
        email: users.email,
        contactName: users.contactName,
        status: users.status,
        emailVerified: users.emailVerified,
        notifyListingInterest: users.notifyListingInterest,
        emailSwitchesOff: users.emailSwitchesOff,
      })
      .from(savedSearches)
      .innerJoin(users, eq(users.id, savedSearches.userId))
      .where(
        and(
          lt(savedSearches.lastCheckedAt, at),
          or(isNull(savedSearches.lastAlertedAt), lte(savedSearches.lastAlertedAt, mailableBefore)),
        ),
      )
      .orderBy(asc(savedSearches.lastCheckedAt))
      .limit(1)
      .for('update', { of: savedSearches, skipLocked: true });
    if (!search) return undefined;
    const { row } = search;
    const checked = () =>
      tx.update(savedSearches).set({ lastCheckedAt: at }).where(eq(savedSearches.id, row.id));

    const windowStart = new Date(
      Math.max(row.lastCheckedAt.getTime() - ALERT_LOOK_BACK_MS, row.createdAt.getTime()),
    );
    await tx
      .delete(savedSearchAlerted)
      .where(
        and(eq(savedSearchAlerted.savedSearchId, row.id), lt(savedSearchAlerted.alertedAt, windowStart)),
      );
    const matches = await publicListingsMatching(tx, productFilterQuery.parse(row.filters), {
      after: windowStart,
      until: at,
      limit: MATCHES_READ,
    });
    const dealtWith = await tx
      .select({ listingId: savedSearchAlerted.listingId })
      .from(savedSearchAlerted)
      .where(eq(savedSearchAlerted.savedSearchId, row.id));
    const seen = new Set(dealtWith.map((alerted) => alerted.listingId));
    const fresh = matches.filter((match) => !seen.has(match.id));
    if (fresh.length === 0) {
      await checked();
      return 'checked';
    }

    await tx
      .insert(savedSearchAlerted)
      .values(fresh.map((match) => ({ savedSearchId: row.id, listingId: match.id, alertedAt: at })))
      .onConflictDoNothing();
    // The notification centre hears of every match (issue 25), whatever the e-mail settings.
    await notify(tx, {
      companyId: row.userId,
      kind: 'saved_search',
      title: `${countOf(fresh.length, 'new listing')} for your search "${row.name}"`,
      link: '/saved-searches',
      subjectId: row.id,
    });
    // The settings off, or an account that may not use Canopy: the new listings count as dealt
    // with, unmailed, so turning the setting back on does not bring a backlog.
    if (
      !search.notifyListingInterest ||
      !emailSwitchOn(search, 'savedSearches') ||
      search.status !== 'verified' ||
      !search.emailVerified
    ) {
      await checked();
      return 'checked';
    }
    const shownIds = fresh.slice(0, SAVED_SEARCH_ALERT_LISTINGS_MAX).map((match) => match.id);
    const shown = await listingsForMail(tx, shownIds);
    await tx
      .update(savedSearches)
      .set({ lastCheckedAt: at, lastAlertedAt: at })
      .where(eq(savedSearches.id, row.id));
    const sellerName = row.filters.sellerId ? (shown[0]?.sellerBusinessName ?? null) : null;
    await deps.mailer.enqueue(
      tx,
      savedSearchAlertEmail({
        to: search.email,
        recipientName: search.contactName,
        searchName: row.name,
        summary: describeFilters(row.filters, { sellerName }),
        filters: row.filters,
        listings: shown,
        total: fresh.length,
        appUrl: deps.config.appUrl,
      }),
    );
    return 'mailed';
  });
}

/** What the mail says of each listing, newest first. */
async function listingsForMail(tx: Db, ids: string[]) {
  const rows = await tx
    .select({
      id: listings.id,
      title: listings.title,
      askingPrice: listings.askingPrice,
      makeOffer: listings.makeOffer,
      quantityLbs: listings.quantityLbs,
      sellerBusinessName: listings.sellerBusinessName,
    })
    .from(listings)
    .where(inArray(listings.id, ids))
    .orderBy(desc(listings.firstPublicAt), desc(listings.id));
  return rows.map((listing) => ({
    id: listing.id,
    title: listing.title,
    askingPrice: listing.makeOffer ? null : listing.askingPrice,
    quantityLbs: listing.quantityLbs,
    sellerBusinessName: listing.sellerBusinessName,
  }));
}

export interface AlertRun {
  checked: number;
  mailed: number;
}

/**
 * Checks every saved search due at `at` (tests pass a later time instead of waiting a day), then
 * delivers the queued mails before returning. A mail the SMTP server does not take stays in the
 * mail queue and is retried there; the check that queued it is never repeated.
 */
export async function sendSavedSearchAlerts(deps: AlertDeps, at = new Date()): Promise<AlertRun> {
  const run: AlertRun = { checked: 0, mailed: 0 };
  for (;;) {
    const outcome = await checkNext(deps, at);
    if (!outcome) break;
    run.checked += 1;
    if (outcome === 'mailed') run.mailed += 1;
  }
  if (run.mailed > 0) await deps.mailer.drain();
  return run;
}

/** Runs the checks every SAVED_SEARCH_ALERT_INTERVAL_SECONDS; 0 leaves them to the command. */
export function createAlertWorker(ctx: AppContext): PeriodicTask {
  return periodicTask({
    log: ctx.log,
    intervalMs: ctx.config.savedSearchAlertIntervalMs,
    failure: 'saved search alerts failed',
    run: () => sendSavedSearchAlerts(ctx),
  });
}
