import path from 'node:path';
import { INPUT_TEXTS, LISTING_RULES, MAX_IMAGES, MAX_MEDIA, MAX_VIDEOS } from '@canopy/shared';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { stripDocumentMetadata } from '../../lib/media/documents.ts';
import { type AcceptedType, sniffDocument, sniffImage, sniffVideo } from '../../lib/media/file-types.ts';
import {
  type EncodedImage,
  encodePoster,
  type ImageVariants,
  placeholderPoster,
  processImage,
} from '../../lib/media/images.ts';
import { extractVideoFrame } from '../../lib/media/video.ts';
import { discardTemp, type TempUpload, type UploadLimit } from '../../lib/uploads.ts';
import { UPLOAD_LIMITS } from './limits.ts';

// Turns a listing form's uploaded files into what gets stored: every rule of SPEC §5 is checked
// for every file before any expensive work, and nothing here touches storage or the database.

export interface ListingUploads {
  images: TempUpload[];
  videos: TempUpload[];
  testUpload: TempUpload | null;
}

export interface PreparedImage {
  kind: 'image';
  variants: ImageVariants;
}

export interface PreparedVideo {
  kind: 'video';
  upload: TempUpload;
  type: AcceptedType;
  poster: EncodedImage;
  duration: number | null;
}

export interface PreparedDocument {
  upload: TempUpload;
  type: AcceptedType;
  /** The uploader's file name, reduced to something safe to show. */
  name: string;
}

export interface PreparedMedia {
  items: (PreparedImage | PreparedVideo)[];
  testUpload: PreparedDocument | null;
}

export const emptyUploads = (): ListingUploads => ({ images: [], videos: [], testUpload: null });

export async function discardUploads(uploads: ListingUploads): Promise<void> {
  await Promise.all(
    [...uploads.images, ...uploads.videos, uploads.testUpload].map((upload) => discardTemp(upload)),
  );
}

/**
 * SPEC §5's counts, applied to what the listing will hold (after an update's removals). The total
 * of 8 is 5 + 3 today; it is checked on its own so that it still holds if either limit changes.
 */
export function checkMediaCounts(images: number, videos: number): void {
  if (images > MAX_IMAGES) throw badRequest(LISTING_RULES.maxImages);
  if (videos > MAX_VIDEOS) throw badRequest(LISTING_RULES.maxVideos);
  if (images + videos > MAX_MEDIA) throw badRequest(LISTING_RULES.maxMedia);
}

const LAB_RESULT_TEXTS = {
  unreadable: INPUT_TEXTS.testUploadUnreadable,
  encrypted: INPUT_TEXTS.testUploadEncrypted,
};

const tooLarge = (message: string) => new AppError('PAYLOAD_TOO_LARGE', message);
const wrongType = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message);

function refuseOversize(upload: TempUpload, limit: UploadLimit): void {
  if (upload.truncated || upload.size > limit.maxBytes) throw tooLarge(limit.tooLarge);
}

const displayName = (name: string) =>
  path
    .basename(name.replace(/\\/g, '/'))
    .replace(/[^\w .()+-]/g, '_')
    .slice(0, 200) || 'lab-results';

/** Sizes and types of every file first (cheap), then images and posters are rendered. */
export async function prepareUploads(ctx: AppContext, uploads: ListingUploads): Promise<PreparedMedia> {
  for (const image of uploads.images) refuseOversize(image, UPLOAD_LIMITS.images);
  for (const video of uploads.videos) refuseOversize(video, UPLOAD_LIMITS.videos);
  const document = uploads.testUpload;
  if (document) refuseOversize(document, UPLOAD_LIMITS.test_upload);

  for (const image of uploads.images) {
    if (!(await sniffImage(image.path))) throw wrongType(LISTING_RULES.imageType);
  }
  const videoTypes: AcceptedType[] = [];
  for (const video of uploads.videos) {
    const type = await sniffVideo(video.path);
    if (!type) throw wrongType(LISTING_RULES.videoType);
    videoTypes.push(type);
  }
  const documentType = document ? await sniffDocument(document.path) : null;
  if (document && !documentType) throw wrongType(LISTING_RULES.testUploadType);
  // Lab results are opened by buyers: stored without the uploader's metadata (decision 066).
  const cleanDocument =
    document && documentType ? await stripDocumentMetadata(document, documentType, LAB_RESULT_TEXTS) : null;

  const items: (PreparedImage | PreparedVideo)[] = [];
  // One image at a time, its variants one after another too: each may decode up to
  // IMAGE_MAX_MEGAPIXELS, and a request must not take every core of the machine (decision 067).
  for (const image of uploads.images) items.push({ kind: 'image', variants: await processImage(image.path) });
  for (const [index, video] of uploads.videos.entries()) {
    const type = videoTypes[index] as AcceptedType;
    items.push({ kind: 'video', upload: video, type, ...(await renderPoster(ctx, video)) });
  }
  return {
    items,
    testUpload:
      cleanDocument && documentType
        ? { upload: cleanDocument, type: documentType, name: displayName(cleanDocument.originalName) }
        : null,
  };
}

/** SPEC's frame at 2.0 s; without ffmpeg, or when it cannot read the file, a placeholder. */
async function renderPoster(ctx: AppContext, video: TempUpload) {
  const { frame, duration, problem } = await extractVideoFrame(ctx.config.ffmpegPath, video.path);
  if (frame) {
    try {
      return { poster: await encodePoster(frame), duration };
    } catch (error) {
      ctx.log.warn({ err: error }, 'video frame could not be encoded; using the placeholder poster');
    }
  } else {
    ctx.log.warn({ problem }, 'no poster frame from ffmpeg; using the placeholder poster');
  }
  return { poster: await placeholderPoster(), duration };
}
