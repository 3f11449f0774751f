import {
  LISTING_RULES,
  LISTINGS,
  MAX_IMAGES,
  MAX_VIDEOS,
  newMediaToken,
  TEST_UPLOAD_ACCEPT,
  TEST_UPLOAD_MAX_BYTES,
  VIDEO_MAX_BYTES,
} from '@canopy/shared';

// SPEC §5's file rules, checked as files are chosen so a wrong pick is refused at once rather
// than after a long upload. The server checks the bytes again.

export interface Selection {
  accepted: File[];
  /** SPEC's text for the first rule the selection breaks; nothing is accepted then. */
  problem: string | null;
}

const extension = (file: File) => file.name.split('.').pop()?.toLowerCase() ?? '';
const VIDEO_EXTENSIONS = new Set(['mp4', 'mov', 'avi', 'wmv']);
const TEST_UPLOAD_EXTENSIONS = new Set(TEST_UPLOAD_ACCEPT.split(',').map((entry) => entry.slice(1)));

/** `kept` counts the images the listing keeps (current ones not removed, plus those already chosen). */
export function selectImages(kept: number, files: File[]): Selection {
  if (files.some((file) => !file.type.startsWith('image/')))
    return { accepted: [], problem: LISTING_RULES.imageType };
  if (kept + files.length > MAX_IMAGES) return { accepted: [], problem: LISTINGS.maxImages };
  return { accepted: files, problem: null };
}

export function selectVideos(kept: number, files: File[]): Selection {
  if (files.some((file) => !VIDEO_EXTENSIONS.has(extension(file)))) {
    return { accepted: [], problem: LISTING_RULES.videoType };
  }
  if (files.some((file) => file.size >= VIDEO_MAX_BYTES))
    return { accepted: [], problem: LISTINGS.videoTooLarge };
  if (kept + files.length > MAX_VIDEOS) return { accepted: [], problem: LISTINGS.maxVideos };
  return { accepted: files, problem: null };
}

/** The lab results file: SPEC's types, and the size the server accepts. Null when it is fine. */
export function testUploadProblem(file: File): string | null {
  if (!TEST_UPLOAD_EXTENSIONS.has(extension(file))) return LISTING_RULES.testUploadType;
  if (file.size > TEST_UPLOAD_MAX_BYTES) return LISTING_RULES.testUploadTooLarge;
  return null;
}

/** A chosen file with a key that stays the same while other files are added or removed. */
export interface PickedFile {
  key: string;
  file: File;
}

let picked = 0;
export const toPicked = (files: File[]): PickedFile[] =>
  files.map((file) => {
    picked += 1;
    return { key: `picked-${picked}`, file };
  });

/** `order` with the item at `from` moved to `to` (both clamped to the list); the same list when nothing moves. */
export function moveItem<T>(order: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(order.length - 1, to));
  if (from < 0 || from >= order.length || from === target) return [...order];
  const next = [...order];
  const [moved] = next.splice(from, 1) as [T];
  next.splice(target, 0, moved);
  return next;
}

/**
 * PUT's media_order for what the form shows (decision 165): the images in their order, then the
 * videos. A kept item is named by its id; a new upload as "new:N", N counting the uploads as they
 * are sent (the images in the order shown, then the videos).
 */
export function galleryOrder(
  imageOrder: readonly string[],
  pickedImages: readonly PickedFile[],
  keptVideoIds: readonly string[],
  pickedVideos: readonly PickedFile[],
): string[] {
  const picked = new Set(pickedImages.map(({ key }) => key));
  let upload = 0;
  const images = imageOrder.map((key) => (picked.has(key) ? newMediaToken(upload++) : key));
  const videos = pickedVideos.map(() => newMediaToken(upload++));
  return [...images, ...keptVideoIds, ...videos];
}

/** The chosen images in the order the form shows them: the order they are uploaded in. */
export const pickedInOrder = (imageOrder: readonly string[], picked: readonly PickedFile[]): File[] =>
  imageOrder.flatMap((key) => picked.find((item) => item.key === key)?.file ?? []);
