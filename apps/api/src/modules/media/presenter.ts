import type { ImageUrlsDto, MediaItemDto } from '@canopy/shared';
import type { ListingMediaRow } from '../../db/schema/index.ts';

type UrlFor = (key: string) => string;

/** One gallery item of SPEC §3 (`{url, type, thumbnail, duration, size}`) plus its variants. */
export function presentMedia(row: ListingMediaRow, urlFor: UrlFor): MediaItemDto {
  const variants =
    row.kind === 'image' && row.smallKey && row.mediumKey
      ? {
          thumbnail: urlFor(row.thumbnailKey),
          small: urlFor(row.smallKey),
          medium: urlFor(row.mediumKey),
          original: urlFor(row.fileKey),
        }
      : null;
  return {
    _id: row.id,
    type: row.kind,
    url: urlFor(row.fileKey),
    thumbnail: urlFor(row.thumbnailKey),
    duration: row.durationSeconds,
    size: row.sizeBytes,
    width: row.width,
    height: row.height,
    mimeType: row.contentType,
    variants,
  };
}

/** SPEC §3's image_urls: the variants of each image, in gallery order. */
export function presentImageUrls(media: MediaItemDto[]): ImageUrlsDto[] {
  return media.flatMap((item) => (item.variants ? [{ _id: item._id, ...item.variants }] : []));
}

/** Every URL a media item is reachable at, so remove_images may name it by any of them. */
export function mediaUrls(row: ListingMediaRow, urlFor: UrlFor): string[] {
  return [row.fileKey, row.thumbnailKey, row.smallKey, row.mediumKey].flatMap((key) =>
    key ? [urlFor(key)] : [],
  );
}
