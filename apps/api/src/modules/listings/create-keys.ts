import { createHash } from 'node:crypto';
import { LISTING_RULES, type ListingForm } from '@canopy/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import type { ListingUploads } from '../media/index.ts';

// A create call carrying an Idempotency-Key (decision 193, the mechanism of decision 179): the key
// is stored on the listing with a digest of the submission, so the same form sent again finds the
// listing it made, and the key sent with another form is refused instead of creating nothing.

export interface CreateKey {
  key: string;
  digest: string;
}

/** What the submission was: its checked fields, whether it is a draft, and each file's content. */
export function createKey(
  key: string,
  form: ListingForm,
  draft: boolean,
  uploads: ListingUploads,
): CreateKey {
  const files = {
    images: uploads.images.map((file) => file.sha256),
    videos: uploads.videos.map((file) => file.sha256),
    testUpload: uploads.testUpload?.sha256 ?? null,
  };
  const digest = createHash('sha256').update(JSON.stringify({ form, draft, files })).digest('hex');
  return { key, digest };
}

/** The listing the seller already created with this key, or null; the key on another form is a 409. */
export async function createdBefore(db: Db, sellerId: string, createKey: CreateKey): Promise<string | null> {
  const [earlier] = await db
    .select({ id: listings.id, digest: listings.clientKeyDigest })
    .from(listings)
    .where(and(eq(listings.sellerId, sellerId), eq(listings.clientKey, createKey.key)))
    .limit(1);
  if (!earlier) return null;
  if (earlier.digest !== createKey.digest) throw conflict(LISTING_RULES.idempotencyKeyReused);
  return earlier.id;
}
