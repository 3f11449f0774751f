import type { ListingForm } from '@canopy/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { listingMedia, listings, type ProductTypeRow } from '../../db/schema/index.ts';
import { uuidv7 } from '../../lib/ids.ts';
import {
  checkMediaCounts,
  deleteKeys,
  type ListingUploads,
  type PreparedMedia,
  prepareUploads,
  type StoredMedia,
  storePrepared,
} from '../media/index.ts';
import { type CreateKey, createdBefore, createKey } from './create-keys.ts';
import { listingValues, shipsFromOf } from './listing-values.ts';
import { type ListingWithMedia, loadListing } from './own-listings.ts';
import { resolveProductType } from './product-types.ts';
import { refuseTakenPackageUids } from './state-record.ts';
import { lockVerifiedSeller } from './verified-seller.ts';

// Creating a listing (SPEC §7): public at once or as a draft (decision 165), and once per
// Idempotency-Key (decision 193).

const newMediaRows = (listingId: string, stored: StoredMedia, firstPosition: number) =>
  stored.items.map((item, index) => ({ id: uuidv7(), listingId, position: firstPosition + index, ...item }));

/**
 * How a new listing starts: public at once (SPEC), or as a draft only its seller sees; and the
 * client's Idempotency-Key, when it sent one (decision 193).
 */
export interface CreateOptions {
  draft: boolean;
  clientKey?: string | null;
}

/**
 * Creates a listing. Everything is checked and rendered before anything is stored; the files are
 * written before the rows (one transaction) and deleted again if the rows cannot be. A form sent
 * again with its key answers the listing it created, before any of its files are rendered.
 */
export async function createListing(
  ctx: AppContext,
  sellerId: string,
  form: ListingForm,
  uploads: ListingUploads,
  options: CreateOptions = { draft: false },
): Promise<ListingWithMedia> {
  const { db } = ctx.database;
  const key = options.clientKey ? createKey(options.clientKey, form, options.draft, uploads) : null;
  if (key) {
    const earlier = await createdBefore(db, sellerId, key);
    if (earlier) return loadListing(db, earlier);
  }
  const productType = await resolveProductType(db, form.product_type);
  checkMediaCounts(uploads.images.length, uploads.videos.length);
  const prepared = await prepareUploads(ctx, uploads);
  return insertPreparedListing(ctx, sellerId, form, productType, prepared, options.draft, key);
}

/** The storing half of createListing, once its media are checked and rendered. */
async function insertPreparedListing(
  ctx: AppContext,
  sellerId: string,
  form: ListingForm,
  productType: ProductTypeRow,
  prepared: PreparedMedia,
  draft: boolean,
  key: CreateKey | null,
): Promise<ListingWithMedia> {
  const { db } = ctx.database;
  const listingId = uuidv7();
  const stored = await storePrepared(ctx.publicFiles, listingId, prepared);
  const dropStored = () =>
    deleteKeys(ctx.publicFiles, stored.keys).catch((cleanupError) =>
      ctx.log.error({ err: cleanupError, listingId }, 'files of a failed listing could not be deleted'),
    );
  let inserted: boolean;
  try {
    inserted = await db.transaction(async (tx) => {
      const seller = await lockVerifiedSeller(tx, sellerId);
      const shipsFrom = await shipsFromOf(tx, sellerId, form);
      await refuseTakenPackageUids(tx, sellerId, listingId, form.package_uids);
      const rows = await tx
        .insert(listings)
        .values({
          id: listingId,
          sellerId,
          ...listingValues(form, productType),
          ...shipsFrom,
          testUploadKey: stored.testUpload?.key ?? null,
          testUploadType: stored.testUpload?.type ?? null,
          testUploadName: stored.testUpload?.name ?? null,
          sellerBusinessName: seller.businessName,
          sellerVerified: true,
          sellerCounty: seller.county,
          isActive: !draft,
          isDraft: draft,
          clientKey: key?.key ?? null,
          clientKeyDigest: key?.digest ?? null,
        })
        // The same key committing meanwhile: this insert waited for it on the index, and stores nothing.
        .onConflictDoNothing({
          target: [listings.sellerId, listings.clientKey],
          where: sql`"client_key" IS NOT NULL`,
        })
        .returning({ id: listings.id });
      if (!rows.length) return false;
      if (stored.items.length) await tx.insert(listingMedia).values(newMediaRows(listingId, stored, 0));
      return true;
    });
  } catch (error) {
    await dropStored();
    throw error;
  }
  if (!inserted && key) {
    await dropStored();
    const earlier = await createdBefore(db, sellerId, key);
    if (!earlier) throw new Error('listing insert returned nothing');
    return loadListing(db, earlier);
  }
  return loadListing(db, listingId);
}
