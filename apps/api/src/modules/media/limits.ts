import {
  IMAGE_MAX_BYTES,
  LISTING_RULES,
  MAX_IMAGES,
  MAX_VIDEOS,
  TEST_UPLOAD_MAX_BYTES,
  VIDEO_MAX_BYTES,
} from '@canopy/shared';
import type { UploadLimit } from '../../lib/uploads.ts';

// SPEC §5's size limits per kind of file, written once: the form reader stops streaming a file at
// its limit, and prepareUploads refuses one past it whichever way it arrived.

/** Each file field's own limit: an image stops being read past 20MB, not at the video limit. */
export const UPLOAD_LIMITS: Record<'images' | 'videos' | 'test_upload', UploadLimit> = {
  images: { maxBytes: IMAGE_MAX_BYTES, tooLarge: LISTING_RULES.imageTooLarge },
  // A video must be under 100MB: one of exactly 100MiB is refused.
  videos: { maxBytes: VIDEO_MAX_BYTES - 1, tooLarge: LISTING_RULES.videoTooLarge },
  test_upload: { maxBytes: TEST_UPLOAD_MAX_BYTES, tooLarge: LISTING_RULES.testUploadTooLarge },
};

/** The most a listing's files may weigh together: every file there may be, each at its limit. */
export const MAX_UPLOADS_BYTES =
  MAX_IMAGES * IMAGE_MAX_BYTES + MAX_VIDEOS * VIDEO_MAX_BYTES + TEST_UPLOAD_MAX_BYTES;
