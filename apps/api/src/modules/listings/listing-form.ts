import { LISTING_RULES, MAX_IMAGES, MAX_MEDIA, MAX_VIDEOS, VIDEO_MAX_BYTES } from '@canopy/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { saveToTemp } from '../../lib/uploads.ts';
import { discardUploads, emptyUploads, type ListingUploads } from '../media/prepare.ts';

export interface ListingFormBody {
  /** Text fields, for listingFormSchema. */
  fields: Record<string, string>;
  /** PUT's remove_images, still JSON text; undefined when not sent. */
  removeImages: string | undefined;
  uploads: ListingUploads;
}

/** SPEC's most a valid form can carry: 5 images, 3 videos and the lab results. */
const MAX_FILES = MAX_MEDIA + 1;

/**
 * Reads the multipart listing form, streaming each file to a temporary file (a video is never
 * held in memory). A sixth image or fourth video is refused as soon as it starts, before its
 * bytes are read. The caller owns the temporary files afterwards.
 */
export async function readListingForm(request: FastifyRequest): Promise<ListingFormBody> {
  const fields: Record<string, string> = {};
  let removeImages: string | undefined;
  const uploads = emptyUploads();
  const { dataDir } = request.server.ctx.config;
  try {
    const parts = request.parts({
      limits: { files: MAX_FILES, fileSize: VIDEO_MAX_BYTES, fields: 40, fieldSize: 16_000, parts: 60 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw badRequest(LISTING_RULES.fieldTooLong);
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (part.fieldname === 'remove_images') removeImages = value;
        else fields[part.fieldname] = value;
        continue;
      }
      // A file input left empty still sends a part without a name or bytes.
      if (!part.filename) {
        part.file.resume();
        continue;
      }
      if (part.fieldname === 'images') {
        if (uploads.images.length >= MAX_IMAGES) {
          part.file.resume();
          throw badRequest(LISTING_RULES.maxImages);
        }
        uploads.images.push(await saveToTemp(part.file, part.filename, dataDir));
      } else if (part.fieldname === 'videos') {
        if (uploads.videos.length >= MAX_VIDEOS) {
          part.file.resume();
          throw badRequest(LISTING_RULES.maxVideos);
        }
        uploads.videos.push(await saveToTemp(part.file, part.filename, dataDir));
      } else if (part.fieldname === 'test_upload' && !uploads.testUpload) {
        uploads.testUpload = await saveToTemp(part.file, part.filename, dataDir);
      } else {
        part.file.resume();
        throw badRequest(`Unexpected file field: ${part.fieldname}`);
      }
    }
  } catch (error) {
    await discardUploads(uploads);
    throw error;
  }
  return { fields, removeImages, uploads };
}

/** remove_images arrives as JSON text; anything but a list of strings is refused. */
export function parseRemoveImages(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return [];
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(LISTING_RULES.removeImagesInvalid);
  }
}
