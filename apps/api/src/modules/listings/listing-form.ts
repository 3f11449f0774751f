import {
  GENERIC,
  LISTING_RULES,
  LISTING_TOOLS,
  MAX_IMAGES,
  MAX_MEDIA,
  MAX_VIDEOS,
  VIDEO_MAX_BYTES,
} from '@canopy/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { refuseDeclaredOversize, saveToTemp } from '../../lib/uploads.ts';
import {
  discardUploads,
  emptyUploads,
  type ListingUploads,
  MAX_UPLOADS_BYTES,
  UPLOAD_LIMITS,
} from '../media/index.ts';

export interface ListingFormBody {
  /** Text fields, for listingFormSchema. */
  fields: Record<string, string>;
  /** PUT's remove_images, still JSON text; undefined when not sent. */
  removeImages: string | undefined;
  /** PUT's media_order, still JSON text; undefined when not sent. */
  mediaOrder: string | undefined;
  /** The fields beyond SPEC's (version, draft), for listingSaveOptionsSchema. */
  options: Record<string, string>;
  uploads: ListingUploads;
}

/** SPEC's most a valid form can carry: 5 images, 3 videos and the lab results. */
const MAX_FILES = MAX_MEDIA + 1;

/** Fields beyond SPEC's form, parsed on their own so SPEC's schema stays exactly SPEC's. */
const OPTION_FIELDS = new Set(['version', 'draft']);

const FIELD_LIMITS = { fields: 40, fieldSize: 16_000 };

/** Every file at its limit, every field at its size, and room for the part headers. */
const MAX_FORM_BYTES = MAX_UPLOADS_BYTES + FIELD_LIMITS.fields * FIELD_LIMITS.fieldSize + 64 * 1024;

/**
 * Reads the multipart listing form, streaming each file to a temporary file (a video is never
 * held in memory). A sixth image or fourth video is refused as soon as it starts, before its
 * bytes are read. The caller owns the temporary files afterwards.
 */
export async function readListingForm(request: FastifyRequest): Promise<ListingFormBody> {
  const fields: Record<string, string> = {};
  let removeImages: string | undefined;
  let mediaOrder: string | undefined;
  const options: Record<string, string> = {};
  const uploads = emptyUploads();
  const { dataDir } = request.server.ctx.config;
  refuseDeclaredOversize(request, MAX_FORM_BYTES, GENERIC.bodyTooLarge);
  try {
    const parts = request.parts({
      limits: { files: MAX_FILES, fileSize: VIDEO_MAX_BYTES, ...FIELD_LIMITS, parts: 60 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw badRequest(LISTING_RULES.fieldTooLong);
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (part.fieldname === 'remove_images') removeImages = value;
        else if (part.fieldname === 'media_order') mediaOrder = value;
        else if (OPTION_FIELDS.has(part.fieldname)) options[part.fieldname] = value;
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
        uploads.images.push(await saveToTemp(part.file, part.filename, dataDir, UPLOAD_LIMITS.images));
      } else if (part.fieldname === 'videos') {
        if (uploads.videos.length >= MAX_VIDEOS) {
          part.file.resume();
          throw badRequest(LISTING_RULES.maxVideos);
        }
        uploads.videos.push(await saveToTemp(part.file, part.filename, dataDir, UPLOAD_LIMITS.videos));
      } else if (part.fieldname === 'test_upload' && !uploads.testUpload) {
        uploads.testUpload = await saveToTemp(part.file, part.filename, dataDir, UPLOAD_LIMITS.test_upload);
      } else {
        part.file.resume();
        throw badRequest(`Unexpected file field: ${part.fieldname}`);
      }
    }
  } catch (error) {
    await discardUploads(uploads);
    throw error;
  }
  return { fields, removeImages, mediaOrder, options, uploads };
}

/** Parses JSON form text; malformed text is refused with `invalid`. */
function parseJsonField(text: string, invalid: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(invalid);
  }
}

/** remove_images arrives as JSON text; anything but a list of strings is refused. */
export function parseRemoveImages(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return [];
  return parseJsonField(text, LISTING_RULES.removeImagesInvalid);
}

/** media_order arrives as JSON text; absent (or blank) means "keep the order, append new uploads". */
export function parseMediaOrder(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  return parseJsonField(text, LISTING_TOOLS.mediaOrderInvalid);
}
