import { LISTING_TOOLS, NEW_MEDIA_PREFIX } from '@canopy/shared';
import type { ListingMediaRow } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';

/** One place of the gallery after a save: a media item the listing keeps, or the n-th new upload. */
export type GallerySlot = { kept: ListingMediaRow } | { upload: number };

/**
 * The gallery a save leaves: without media_order, the kept items in their order and then the new
 * uploads (SPEC's behaviour); with it, exactly the order it names. media_order must name every
 * kept item by id and every upload as "new:N" (images first, then videos, as the request sent
 * them) once each: a list that leaves something out or names something else is refused rather
 * than guessed at.
 */
export function planGallery(
  kept: ListingMediaRow[],
  uploads: number,
  order: string[] | undefined,
): GallerySlot[] {
  const appended: GallerySlot[] = [
    ...kept.map((row) => ({ kept: row })),
    ...Array.from({ length: uploads }, (_, upload) => ({ upload })),
  ];
  if (order === undefined) return appended;
  const byId = new Map(kept.map((row) => [row.id, row]));
  const seen = new Set<string>();
  const slots: GallerySlot[] = [];
  for (const entry of order) {
    if (seen.has(entry)) throw badRequest(LISTING_TOOLS.mediaOrderInvalid);
    seen.add(entry);
    const row = byId.get(entry);
    if (row) {
      slots.push({ kept: row });
      continue;
    }
    const upload = entry.startsWith(NEW_MEDIA_PREFIX)
      ? Number(entry.slice(NEW_MEDIA_PREFIX.length))
      : Number.NaN;
    if (
      !Number.isInteger(upload) ||
      upload < 0 ||
      upload >= uploads ||
      entry !== `${NEW_MEDIA_PREFIX}${upload}`
    ) {
      throw badRequest(LISTING_TOOLS.mediaOrderInvalid);
    }
    slots.push({ upload });
  }
  if (slots.length !== appended.length) throw badRequest(LISTING_TOOLS.mediaOrderInvalid);
  return slots;
}
