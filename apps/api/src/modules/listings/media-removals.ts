import type { ListingMediaRow } from '../../db/schema/index.ts';
import { checkMediaCounts, type ListingUploads, mediaUrls } from '../media/index.ts';

// Which of a listing's media an update's remove_images names, and what stays.

/** remove_images names media by id or by any of its URLs (a cache-busting query is ignored). */
function isNamedBy(row: ListingMediaRow, removals: Set<string>, urlFor: (key: string) => string): boolean {
  if (removals.has(row.id)) return true;
  return mediaUrls(row, urlFor).some((url) => removals.has(url));
}

/** The names remove_images gives, each also without its query and, for a URL, as its path. */
export function normaliseRemovals(entries: string[]): Set<string> {
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
export function planMediaChange(
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

export const keysOf = (row: ListingMediaRow) =>
  [row.fileKey, row.thumbnailKey, row.smallKey, row.mediumKey].filter((key): key is string => key !== null);
