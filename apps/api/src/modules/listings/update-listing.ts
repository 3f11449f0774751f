import { LISTING_TOOLS, type ListingForm } from '@canopy/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { listingMedia, listings } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { authorizeFound } from '../../lib/policy.ts';
import {
  type ListingUploads,
  prepareUploads,
  type StoredMedia,
  storePrepared,
  sweepUnreferenced,
} from '../media/index.ts';
import { notifyWatchers } from '../notifications/index.ts';
import { listingValues, shipsFromOf } from './listing-values.ts';
import { type GallerySlot, planGallery } from './media-order.ts';
import { keysOf, normaliseRemovals, planMediaChange } from './media-removals.ts';
import { type ListingWithMedia, loadListing } from './own-listings.ts';
import { listingPolicy, listingRelation } from './policy.ts';
import { resolveProductType } from './product-types.ts';
import { refuseTakenPackageUids } from './state-record.ts';
import { lockVerifiedSeller } from './verified-seller.ts';
import { queueListingUpdated } from './webhook-event.ts';

// Saving a seller's changes to a listing: fields, media and gallery order (decision 165).

/** What an update carries beyond SPEC's form (decision 165); both are optional. */
export interface UpdateOptions {
  /** The version the seller's form was opened at; a newer listing refuses the save. */
  version?: number | undefined;
  /** The gallery order to end with (media ids and "new:N" for uploads). */
  mediaOrder?: string[] | undefined;
}

/** A save against an older version than the listing's would overwrite what changed since. */
function refuseStale(current: { version: number }, expected: number | undefined): void {
  if (expected !== undefined && current.version !== expected) throw conflict(LISTING_TOOLS.staleVersion);
}

const uploadCount = (uploads: ListingUploads) => uploads.images.length + uploads.videos.length;

/**
 * Replaces a listing's fields, drops the media remove_images names and places the new uploads
 * (after the kept media, or where media_order says), in one transaction on the locked listing;
 * counts apply to the result. A form opened at an older version is refused before anything is
 * written. Files no row points at afterwards (removed media, replaced lab results, or everything
 * just stored when the write fails) are deleted.
 */
export async function updateListing(
  ctx: AppContext,
  sellerId: string,
  listingId: string,
  form: ListingForm,
  removeImages: string[],
  uploads: ListingUploads,
  options: UpdateOptions = {},
): Promise<ListingWithMedia> {
  const { db } = ctx.database;
  const { urlFor } = ctx.publicFiles;
  const removals = normaliseRemovals(removeImages);
  const productType = await resolveProductType(db, form.product_type);
  // Refused early as well as under the lock, so a stale form does not wait for its media to render.
  const [before] = await db
    .select({ version: listings.version })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (before) refuseStale(before, options.version);
  const currentMedia = await db
    .select()
    .from(listingMedia)
    .where(eq(listingMedia.listingId, listingId))
    .orderBy(asc(listingMedia.position), asc(listingMedia.id));
  const planned = planMediaChange(currentMedia, removals, uploads, urlFor);
  planGallery(planned.kept, uploadCount(uploads), options.mediaOrder);
  const prepared = await prepareUploads(ctx, uploads);
  const stored = await storePrepared(ctx.publicFiles, listingId, prepared);

  const unreferenced = [...stored.keys];
  try {
    await db.transaction(async (tx) => {
      const seller = await lockVerifiedSeller(tx, sellerId);
      const shipsFrom = await shipsFromOf(tx, sellerId, form);
      const [locked] = await tx.select().from(listings).where(eq(listings.id, listingId)).for('update');
      const current = authorizeFound(listingPolicy, 'update', locked, (row) =>
        listingRelation(sellerId, row),
      );
      refuseStale(current, options.version);
      await refuseTakenPackageUids(tx, sellerId, listingId, form.package_uids);
      // Planned again on the locked rows: a concurrent update may have changed them meanwhile.
      const media = await tx
        .select()
        .from(listingMedia)
        .where(eq(listingMedia.listingId, listingId))
        .orderBy(asc(listingMedia.position), asc(listingMedia.id));
      const { removed, kept } = planMediaChange(media, removals, uploads, urlFor);
      const gallery = planGallery(kept, stored.items.length, options.mediaOrder);

      if (removed.length) {
        await tx.delete(listingMedia).where(
          inArray(
            listingMedia.id,
            removed.map((row) => row.id),
          ),
        );
        unreferenced.push(...removed.flatMap(keysOf));
      }
      await placeGallery(tx, listingId, gallery, stored);

      // New lab results replace the old ones; an untested listing without a COA keeps none (a
      // failed COA keeps its document); otherwise they stay.
      const replaceResults = stored.testUpload !== null || (!form.tested && !form.coa);
      if (replaceResults && current.testUploadKey) unreferenced.push(current.testUploadKey);
      const results = {
        testUploadKey: stored.testUpload?.key ?? null,
        testUploadType: stored.testUpload?.type ?? null,
        testUploadName: stored.testUpload?.name ?? null,
      };

      await tx
        .update(listings)
        .set({
          ...listingValues(form, productType),
          ...shipsFrom,
          ...(replaceResults ? results : {}),
          sellerBusinessName: seller.businessName,
          sellerCounty: seller.county,
          // Every save is a new version, media-only changes included (the trigger sees only columns).
          version: sql`${listings.version} + 1`,
          // What deals compare (decision 187): a new gallery is another lot (the trigger sees the
          // columns), and a quantity the seller sets overrides what a cancelled order would return.
          ...(removed.length || stored.items.length ? { lotVersion: sql`${listings.lotVersion} + 1` } : {}),
          ...(form.quantity_lbs !== current.quantityLbs
            ? { stockVersion: sql`${listings.stockVersion} + 1` }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(listings.id, listingId));
      await queueListingUpdated(tx, urlFor, sellerId, listingId);
      await notifyWatchers(tx, {
        listingId,
        title: form.title,
        before: { price: current.makeOffer ? null : current.askingPrice, quantityLbs: current.quantityLbs },
        after: { price: form.make_offer ? null : form.asking_price, quantityLbs: form.quantity_lbs },
      });
    });
  } finally {
    await sweepUnreferenced(db, ctx.publicFiles, listingId, unreferenced).catch((error) =>
      ctx.log.error({ err: error, listingId }, 'unreferenced listing files could not be deleted'),
    );
  }
  return loadListing(db, listingId);
}

/** Writes each kept item's new position (when it moved) and inserts the uploads at theirs. */
async function placeGallery(tx: Db, listingId: string, gallery: GallerySlot[], stored: StoredMedia) {
  const uploads: (typeof listingMedia.$inferInsert)[] = [];
  for (const [position, slot] of gallery.entries()) {
    if ('kept' in slot) {
      if (slot.kept.position !== position) {
        await tx.update(listingMedia).set({ position }).where(eq(listingMedia.id, slot.kept.id));
      }
    } else {
      const item = stored.items[slot.upload];
      if (item) uploads.push({ id: uuidv7(), listingId, position, ...item });
    }
  }
  if (uploads.length) await tx.insert(listingMedia).values(uploads);
}
