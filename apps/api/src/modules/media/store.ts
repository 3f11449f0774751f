import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listingMedia, listings } from '../../db/schema/index.ts';
import type { EncodedImage } from '../../lib/media/images.ts';
import type { PublicFileStore } from '../../lib/storage.ts';
import type { PreparedMedia } from './prepare.ts';

// Storage keys are "listings/<listing id>/<sha256 of the bytes>.<ext>": the name changes whenever
// the content does, so every file can be cached for a year, and the listing prefix means a file
// is only ever shared by media of the same listing (decision 010).

export interface StoredMediaItem {
  kind: 'image' | 'video';
  fileKey: string;
  thumbnailKey: string;
  smallKey: string | null;
  mediumKey: string | null;
  contentType: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

export interface StoredMedia {
  items: StoredMediaItem[];
  testUpload: { key: string; type: string; name: string } | null;
  /** Every key written, for cleanup when the database write fails. */
  keys: string[];
}

const mediaKey = (listingId: string, sha256: string, ext: string) => `listings/${listingId}/${sha256}.${ext}`;

/** Writes the prepared files; if one write fails, the ones already written are removed. */
export async function storePrepared(
  store: PublicFileStore,
  listingId: string,
  prepared: PreparedMedia,
): Promise<StoredMedia> {
  const keys: string[] = [];
  const putImage = async (image: EncodedImage) => {
    const key = mediaKey(listingId, image.sha256, 'webp');
    await store.putBuffer(key, image.data, 'image/webp');
    keys.push(key);
    return key;
  };
  try {
    const items: StoredMediaItem[] = [];
    for (const item of prepared.items) {
      if (item.kind === 'image') {
        const { thumbnail, small, medium, original } = item.variants;
        items.push({
          kind: 'image',
          fileKey: await putImage(original),
          thumbnailKey: await putImage(thumbnail),
          smallKey: await putImage(small),
          mediumKey: await putImage(medium),
          contentType: 'image/webp',
          sizeBytes: original.data.length,
          width: original.width,
          height: original.height,
          durationSeconds: null,
        });
      } else {
        const fileKey = mediaKey(listingId, item.upload.sha256, item.type.ext);
        await store.putFile(fileKey, item.upload.path, item.type.mime);
        keys.push(fileKey);
        items.push({
          kind: 'video',
          fileKey,
          thumbnailKey: await putImage(item.poster),
          smallKey: null,
          mediumKey: null,
          contentType: item.type.mime,
          sizeBytes: item.upload.size,
          width: item.poster.width,
          height: item.poster.height,
          durationSeconds: item.duration === null ? null : Math.round(item.duration * 100) / 100,
        });
      }
    }
    let testUpload: StoredMedia['testUpload'] = null;
    if (prepared.testUpload) {
      const { upload, type, name } = prepared.testUpload;
      const key = mediaKey(listingId, upload.sha256, type.ext);
      await store.putFile(key, upload.path, type.mime);
      keys.push(key);
      testUpload = { key, type: type.mime, name };
    }
    return { items, testUpload, keys };
  } catch (error) {
    await deleteKeys(store, keys);
    throw error;
  }
}

export async function deleteKeys(store: PublicFileStore, keys: Iterable<string>): Promise<void> {
  await Promise.all([...new Set(keys)].map((key) => store.delete(key)));
}

/** The storage keys a listing's rows point at now (none when the listing is gone). */
export async function referencedKeys(db: Db, listingId: string): Promise<Set<string>> {
  const [media, [listing]] = await Promise.all([
    db
      .select({
        fileKey: listingMedia.fileKey,
        thumbnailKey: listingMedia.thumbnailKey,
        smallKey: listingMedia.smallKey,
        mediumKey: listingMedia.mediumKey,
      })
      .from(listingMedia)
      .where(eq(listingMedia.listingId, listingId)),
    db.select({ testUploadKey: listings.testUploadKey }).from(listings).where(eq(listings.id, listingId)),
  ]);
  const keys = new Set<string>();
  for (const row of media) {
    for (const key of [row.fileKey, row.thumbnailKey, row.smallKey, row.mediumKey]) if (key) keys.add(key);
  }
  if (listing?.testUploadKey) keys.add(listing.testUploadKey);
  return keys;
}

/**
 * Deletes the candidate files no row of the listing points at any more: after a failed write
 * (everything just stored) and after an update (removed media, replaced lab results).
 */
export async function sweepUnreferenced(
  db: Db,
  store: PublicFileStore,
  listingId: string,
  candidates: Iterable<string>,
): Promise<void> {
  const keep = await referencedKeys(db, listingId);
  await deleteKeys(
    store,
    [...candidates].filter((key) => !keep.has(key)),
  );
}
