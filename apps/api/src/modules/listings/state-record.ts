import { type CoaDto, LOT_IMPORT, STATE_RECORD } from '@canopy/shared';
import { and, arrayOverlaps, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { coaStatusOf, type ListingFields } from './columns.ts';

// A lot's state record (issue 23 item 1, decision 211): how its COA is presented, and the rule
// that one Metrc package belongs to one live lot of a company.

type CoaColumns = Pick<
  ListingFields,
  'coaLabName' | 'coaLabLicense' | 'coaTestedAt' | 'coaResult' | 'coaStatus'
>;

/** The COA as the seller and the public read it: all null, status "missing", without one. */
export const presentCoa = (listing: CoaColumns): CoaDto => ({
  labName: listing.coaLabName,
  labLicenseNumber: listing.coaLabLicense,
  testedAt: listing.coaTestedAt,
  result: listing.coaResult,
  status: listing.coaStatus,
});

/**
 * A lot the seller still offers or means to: listed, a draft, or out of the catalog until its COA
 * or Canopy's review is settled. An archived lot is not live (its packages may be listed again in
 * a new lot), and relisting one checks its UIDs again.
 */
export const LIVE_LOT = sql`(${listings.isActive} OR ${listings.isDraft} OR ${listings.coaWithheld} OR ${listings.moderation} = 'hidden')`;

/** Another live lot of the company (not `listingId`) that meets `condition`, with its package UIDs. */
async function otherLiveLot(tx: Db, sellerId: string, listingId: string, condition: SQL) {
  const [lot] = await tx
    .select({ uids: listings.packageUids })
    .from(listings)
    .where(and(eq(listings.sellerId, sellerId), ne(listings.id, listingId), LIVE_LOT, condition))
    .limit(1);
  return lot;
}

/**
 * Refuses package UIDs that another live lot of the company carries, naming the first. Writers of
 * one company take a transaction-scoped lock first, so two saves cannot both pass the check.
 */
export async function refuseTakenPackageUids(
  tx: Db,
  sellerId: string,
  listingId: string,
  uids: readonly string[],
): Promise<void> {
  if (uids.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`package-uids:${sellerId}`}))`);
  const taken = await otherLiveLot(tx, sellerId, listingId, arrayOverlaps(listings.packageUids, [...uids]));
  if (!taken) return;
  const uid = uids.find((candidate) => taken.uids.includes(candidate)) ?? uids[0] ?? '';
  throw conflict(STATE_RECORD.packageUidTaken(uid), { code: 'package_uid_taken' });
}

/**
 * Refuses an external SKU another live lot of the company carries (decision 230): a unique index
 * holds the rule, and this names it in words before the index would answer a bare 409.
 */
export async function refuseTakenExternalSku(
  tx: Db,
  sellerId: string,
  listingId: string,
  sku: string | null,
): Promise<void> {
  if (!sku) return;
  const taken = await otherLiveLot(tx, sellerId, listingId, eq(listings.externalSku, sku));
  if (taken) throw conflict(LOT_IMPORT.skuTaken);
}

/** The lot's COA lets it be listed today (it is not expired or failed). */
export const coaAllowsListing = sql`${coaStatusOf} NOT IN ('expired', 'failed')`;
