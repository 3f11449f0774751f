import {
  LISTING_RULES,
  LISTINGS,
  MAX_IMAGES,
  MAX_VIDEOS,
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
