import {
  AUTH,
  LISTING_MODERATION,
  LISTING_RULES,
  LISTING_TOOLS,
  LISTINGS,
  type ListingForm,
} from '@canopy/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  type ListingMediaRow,
  listingMedia,
  listings,
  type ProductTypeRow,
  productTypes,
  users,
} from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid, uuidv7 } from '../../lib/ids.ts';
import { authorizeFound } from '../../lib/policy.ts';
import {
  checkMediaCounts,
  deleteKeys,
  type ListingUploads,
  mediaUrls,
  type PreparedMedia,
  prepareUploads,
  type StoredMedia,
  storePrepared,
  sweepUnreferenced,
} from '../media/index.ts';
import { type ListingFields, listingFields, mediaByListing } from './columns.ts';
import { type CreateKey, createdBefore, createKey } from './create-keys.ts';
import { type GallerySlot, planGallery } from './media-order.ts';
import { hasOpenReviewRequest, sellerMayRelist } from './moderation.ts';
import { authorizeListing, listingPolicy, listingRelation } from './policy.ts';

export interface ListingWithMedia {
  listing: ListingFields;
  productTypeName: string;
  /** The seller has asked for a review of this hidden listing and no admin has answered yet. */
  reviewPending: boolean;
  media: ListingMediaRow[];
}

export function listProductTypes(db: Db): Promise<ProductTypeRow[]> {
  return db.select().from(productTypes).orderBy(asc(productTypes.sortOrder), asc(productTypes.name));
}

/** The form sends a product type's name (as SPEC's select does) or its id. */
async function resolveProductType(db: Db, value: string): Promise<ProductTypeRow> {
  const match = isUuid(value)
    ? eq(productTypes.id, value)
    : sql`lower(${productTypes.name}) = lower(${value})`;
  const [type] = await db.select().from(productTypes).where(match).limit(1);
  if (!type) throw badRequest(LISTING_RULES.productTypeUnknown);
  return type;
}

/** Attaches each listing's media, in gallery order, with one query for the whole page. */
export async function withMedia(
  db: Db,
  rows: Omit<ListingWithMedia, 'media'>[],
): Promise<ListingWithMedia[]> {
  const media = await mediaByListing(
    db,
    rows.map((row) => row.listing.id),
  );
  return rows.map((row) => ({ ...row, media: media.get(row.listing.id) ?? [] }));
}

export const listingColumns = {
  listing: listingFields,
  productTypeName: productTypes.name,
  reviewPending: hasOpenReviewRequest,
};

/** A seller's own listings, active and archived, newest first (the Seller Dashboard). */
export async function findSellerListings(db: Db, sellerId: string): Promise<ListingWithMedia[]> {
  const rows = await db
    .select(listingColumns)
    .from(listings)
    .innerJoin(productTypes, eq(productTypes.id, listings.productTypeId))
    .where(eq(listings.sellerId, sellerId))
    .orderBy(desc(listings.createdAt), desc(listings.id));
  return withMedia(db, rows);
}

export async function loadListing(db: Db, listingId: string): Promise<ListingWithMedia> {
  const rows = await db
    .select(listingColumns)
    .from(listings)
    .innerJoin(productTypes, eq(productTypes.id, listings.productTypeId))
    .where(eq(listings.id, listingId));
  const [found] = await withMedia(db, rows);
  if (!found) throw notFound(LISTINGS.notFound);
  return found;
}

/**
 * Reads the seller inside the writing transaction and holds a share lock on the row, so an admin
 * suspension either happens first (and the write is refused) or waits for it to commit (and then
 * hides the new listing with the others).
 */
export async function lockVerifiedSeller(tx: Db, sellerId: string) {
  const [seller] = await tx
    .select({ status: users.status, businessName: users.businessName, county: users.county })
    .from(users)
    .where(eq(users.id, sellerId))
    .for('share');
  if (seller?.status !== 'verified') throw forbidden(AUTH.notVerified);
  return seller;
}

const listingValues = (form: ListingForm, productType: ProductTypeRow) => ({
  title: form.title,
  description: form.description,
  productTypeId: productType.id,
  category: productType.category,
  strain: form.strain,
  thcContent: form.thc_content,
  cbdContent: form.cbd_content,
  zipCode: form.zip_code,
  quantityLbs: form.quantity_lbs,
  makeOffer: form.make_offer,
  askingPrice: form.asking_price,
  negotiable: form.negotiable,
  tested: form.tested,
  testLink: form.test_link,
});

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
      const rows = await tx
        .insert(listings)
        .values({
          id: listingId,
          sellerId,
          ...listingValues(form, productType),
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

/** remove_images names media by id or by any of its URLs (a cache-busting query is ignored). */
function isNamedBy(row: ListingMediaRow, removals: Set<string>, urlFor: (key: string) => string): boolean {
  if (removals.has(row.id)) return true;
  return mediaUrls(row, urlFor).some((url) => removals.has(url));
}

function normaliseRemovals(entries: string[]): Set<string> {
  const names = new Set<string>();
  for (const entry of entries) {
    names.add(entry);
    const withoutQuery = entry.replace(/[?#].*$/, '');
    names.add(withoutQuery);
    // An absolute URL of this server names the same file as its path.
    if (/^https?:\/\//i.test(withoutQuery)) {
      try {
        names.add(new URL(withoutQuery).pathname);
      } catch {
        // Not a URL after all: it can only match as given.
      }
    }
  }
  return names;
}

/** Splits the current media into what stays and what goes, and applies SPEC's counts to the result. */
function planMediaChange(
  media: ListingMediaRow[],
  removals: Set<string>,
  uploads: ListingUploads,
  urlFor: (key: string) => string,
) {
  const removed = media.filter((row) => isNamedBy(row, removals, urlFor));
  const kept = media.filter((row) => !removed.includes(row));
  const keptImages = kept.filter((row) => row.kind === 'image').length;
  checkMediaCounts(keptImages + uploads.images.length, kept.length - keptImages + uploads.videos.length);
  return { removed, kept };
}

const keysOf = (row: ListingMediaRow) =>
  [row.fileKey, row.thumbnailKey, row.smallKey, row.mediumKey].filter((key): key is string => key !== null);

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
      const [locked] = await tx.select().from(listings).where(eq(listings.id, listingId)).for('update');
      const current = authorizeFound(listingPolicy, 'update', locked, (row) =>
        listingRelation(sellerId, row),
      );
      refuseStale(current, options.version);
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

      // New lab results replace the old ones; an untested listing keeps none; otherwise they stay.
      const replaceResults = stored.testUpload !== null || !form.tested;
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

/**
 * Archive (false) or relist (true) one of the seller's own listings. Relisting a listing Canopy
 * hid is refused in the same statement that would relist it, so an admin's hide that lands
 * first is never undone (decision 075).
 */
export async function setListingActive(
  ctx: AppContext,
  sellerId: string,
  listingId: string,
  active: boolean,
): Promise<ListingWithMedia> {
  const { db } = ctx.database;
  // Whose listing it is never changes, so the table is read before the one statement that decides.
  await authorizeListing(db, sellerId, listingId, active ? 'relist' : 'archive');
  const target = eq(listings.id, listingId);
  const [row] = await db
    .update(listings)
    .set({ isActive: active, updatedAt: new Date() })
    // A draft is listed by publishing it (decision 165); archiving one leaves it a draft.
    .where(active ? and(target, sellerMayRelist, eq(listings.isDraft, false)) : target)
    .returning({ id: listings.id });
  if (!row) {
    const [found] = await db.select({ isDraft: listings.isDraft }).from(listings).where(target).limit(1);
    if (!found) throw notFound(LISTINGS.notFound);
    if (found.isDraft) throw conflict(LISTING_TOOLS.draftRelistRefused);
    throw forbidden(LISTING_MODERATION.relistRefused);
  }
  return loadListing(db, listingId);
}
