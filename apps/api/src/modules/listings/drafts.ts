import { rm } from 'node:fs/promises';
import { LISTING_MODERATION, LISTING_TOOLS, STATE_RECORD, TITLE_MAX } from '@canopy/shared';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { listingMedia, listings } from '../../db/schema/index.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { authorizeFound } from '../../lib/policy.ts';
import { saveToTemp } from '../../lib/uploads.ts';
import { deleteKeys, referencedKeys } from '../media/index.ts';
import { type ListingWithMedia, loadListing } from './own-listings.ts';
import { listingPolicy, listingRelation } from './policy.ts';
import { coaAllowsListing } from './state-record.ts';
import { lockVerifiedSeller } from './verified-seller.ts';

// Drafts and copies (issue 15, decision 165). A draft is a listing that is not active and has
// never been published: the check listings_draft_not_active keeps it out of every public query.

/**
 * Lists a draft. Like creating a listing, it needs a verified seller; a draft Canopy hid stays
 * hidden. The listing counts as new from now: its created time is the moment buyers can see it,
 * so it is not buried under the week it spent as a draft.
 */
export async function publishListing(ctx: AppContext, sellerId: string, listingId: string) {
  const { db } = ctx.database;
  await db.transaction(async (tx) => {
    await lockVerifiedSeller(tx, sellerId);
    const [locked] = await tx
      .select({
        sellerId: listings.sellerId,
        isDraft: listings.isDraft,
        moderation: listings.moderation,
        coaAllows: coaAllowsListing,
      })
      .from(listings)
      .where(eq(listings.id, listingId))
      .for('update');
    const current = authorizeFound(listingPolicy, 'publish', locked, (row) => listingRelation(sellerId, row));
    if (!current.isDraft) throw conflict(LISTING_TOOLS.notADraft);
    if (current.moderation === 'hidden') throw forbidden(LISTING_MODERATION.relistRefused);
    if (!current.coaAllows) throw conflict(STATE_RECORD.coaBarsListing);
    const now = new Date();
    await tx
      .update(listings)
      .set({ isDraft: false, isActive: true, createdAt: now, updatedAt: now })
      .where(eq(listings.id, listingId));
  });
  return loadListing(db, listingId);
}

/** The same file name under another listing's folder (keys are "listings/<id>/<sha256>.<ext>"). */
const keyFor = (listingId: string, key: string) => `listings/${listingId}/${key.split('/').pop()}`;

/**
 * Copies stored files under the new listing's folder, streaming each through the staging folder
 * (a video is never held in memory). Files belong to one listing (decision 010): removing a
 * picture from the copy must not delete the original's. Returns old key → new key.
 */
async function copyFiles(ctx: AppContext, listingId: string, keys: { key: string; type: string }[]) {
  const copied = new Map<string, string>();
  try {
    for (const { key, type } of keys) {
      if (copied.has(key)) continue;
      const file = await ctx.publicFiles.read(key);
      if (!file) throw new Error(`Stored file missing: ${key}`);
      const temp = await saveToTemp(file.stream, key, ctx.config.dataDir);
      try {
        const target = keyFor(listingId, key);
        await ctx.publicFiles.putFile(target, temp.path, type);
        copied.set(key, target);
      } finally {
        await rm(temp.path, { force: true });
      }
    }
  } catch (error) {
    await deleteKeys(ctx.publicFiles, copied.values());
    throw error;
  }
  return copied;
}

/**
 * A copy says what it is, so the seller tells it from its original on the dashboard; a title
 * already at the limit gives up its end, never the mark.
 */
const copyTitle = (title: string) =>
  `${title.slice(0, TITLE_MAX - LISTING_TOOLS.copyMark.length).trimEnd()}${LISTING_TOOLS.copyMark}`;

/**
 * A draft copy of an own listing: its text, category, prices, quantity and lab results, and
 * copies of its media in the same order. Views, moderation history and orders stay with the
 * original. A hidden listing is not copied, or a copy would undo Canopy's hide once published.
 */
export async function duplicateListing(
  ctx: AppContext,
  sellerId: string,
  listingId: string,
): Promise<ListingWithMedia> {
  const { db } = ctx.database;
  const [found] = await db.select().from(listings).where(eq(listings.id, listingId)).limit(1);
  const source = authorizeFound(listingPolicy, 'duplicate', found, (row) => listingRelation(sellerId, row));
  if (source.moderation === 'hidden') throw forbidden(LISTING_TOOLS.duplicateHidden);
  const media = await db
    .select()
    .from(listingMedia)
    .where(eq(listingMedia.listingId, listingId))
    .orderBy(asc(listingMedia.position), asc(listingMedia.id));

  const copyId = uuidv7();
  const toCopy = media.flatMap((row) =>
    [
      { key: row.fileKey, type: row.contentType },
      { key: row.thumbnailKey, type: 'image/webp' },
      { key: row.smallKey, type: 'image/webp' },
      { key: row.mediumKey, type: 'image/webp' },
    ].filter((entry): entry is { key: string; type: string } => entry.key !== null),
  );
  if (source.testUploadKey) {
    toCopy.push({ key: source.testUploadKey, type: source.testUploadType ?? 'application/octet-stream' });
  }
  const copied = await copyFiles(ctx, copyId, toCopy);
  const moved = (key: string | null) => (key === null ? null : (copied.get(key) ?? null));

  try {
    await db.transaction(async (tx) => {
      const seller = await lockVerifiedSeller(tx, sellerId);
      await tx.insert(listings).values({
        id: copyId,
        sellerId,
        title: copyTitle(source.title),
        description: source.description,
        productTypeId: source.productTypeId,
        category: source.category,
        strain: source.strain,
        thcContent: source.thcContent,
        cbdContent: source.cbdContent,
        zipCode: source.zipCode,
        quantityLbs: source.quantityLbs,
        makeOffer: source.makeOffer,
        askingPrice: source.askingPrice,
        priceTiers: source.priceTiers,
        negotiable: source.negotiable,
        tested: source.tested,
        testLink: source.testLink,
        testUploadKey: moved(source.testUploadKey),
        testUploadType: source.testUploadType,
        testUploadName: source.testUploadName,
        isActive: false,
        isDraft: true,
        sellerBusinessName: seller.businessName,
        sellerCounty: seller.county,
        sellerVerified: true,
      });
      if (media.length) {
        await tx.insert(listingMedia).values(
          media.map((row, position) => ({
            ...row,
            id: uuidv7(),
            listingId: copyId,
            position,
            fileKey: moved(row.fileKey) ?? row.fileKey,
            thumbnailKey: moved(row.thumbnailKey) ?? row.thumbnailKey,
            smallKey: moved(row.smallKey),
            mediumKey: moved(row.mediumKey),
            createdAt: new Date(),
          })),
        );
      }
    });
  } catch (error) {
    await deleteKeys(ctx.publicFiles, copied.values()).catch((cleanupError) =>
      ctx.log.error({ err: cleanupError, listingId: copyId }, 'files of a failed copy could not be deleted'),
    );
    throw error;
  }
  return loadListing(db, copyId);
}

/**
 * Deletes an own draft with its media and lab file. A draft was never public, so no buyer, order,
 * conversation or saved search refers to it; a published listing is archived instead, which keeps
 * what refers to it intact.
 */
export async function deleteDraft(ctx: AppContext, sellerId: string, listingId: string): Promise<void> {
  const keys = await ctx.database.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ sellerId: listings.sellerId, isDraft: listings.isDraft })
      .from(listings)
      .where(eq(listings.id, listingId))
      .for('update');
    const current = authorizeFound(listingPolicy, 'delete', locked, (row) => listingRelation(sellerId, row));
    if (!current.isDraft) throw conflict(LISTING_TOOLS.onlyDraftsDelete);
    const files = await referencedKeys(tx, listingId);
    await tx.delete(listings).where(eq(listings.id, listingId));
    return files;
  });
  await deleteKeys(ctx.publicFiles, keys).catch((error) =>
    ctx.log.error({ err: error, listingId }, 'files of a deleted draft could not be removed'),
  );
}
