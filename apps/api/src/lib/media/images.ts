import { createHash } from 'node:crypto';
import { IMAGE_MAX_MEGAPIXELS, IMAGE_VARIANTS, type ImageVariantName, LISTING_RULES } from '@canopy/shared';
import sharp, { type OutputInfo } from 'sharp';
import { badRequest } from '../errors.ts';

// Every uploaded image is decoded once, turned upright, capped at 2000 px and re-encoded as four
// webp variants. Re-encoding is what strips metadata: sharp writes none unless asked, so EXIF
// (camera serial numbers, GPS positions) never reaches a public URL.

export const MAX_IMAGE_PIXELS = IMAGE_MAX_MEGAPIXELS * 1_000_000;
const WEBP_QUALITY = 80;

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
  sha256: string;
}

export type ImageVariants = Record<ImageVariantName, EncodedImage>;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Refuses images whose header claims more pixels than the limit before any pixel is decoded (a
 * small PNG can expand to gigabytes), then produces the variants.
 */
export async function processImage(input: string | Buffer): Promise<ImageVariants> {
  let size: { width?: number; height?: number };
  try {
    size = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(LISTING_RULES.imageUnreadable);
  }
  if (!size.width || !size.height) throw badRequest(LISTING_RULES.imageUnreadable);
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw badRequest(LISTING_RULES.imageTooManyPixels);

  let upright: { data: Buffer; info: OutputInfo };
  try {
    upright = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true })
      .resize(IMAGE_VARIANTS.original, IMAGE_VARIANTS.original, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw badRequest(LISTING_RULES.imageUnreadable);
  }
  const { data, info } = upright;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const encode = async (longSide: number): Promise<EncodedImage> => {
    const output = await sharp(data, raw)
      .resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return {
      data: output.data,
      width: output.info.width,
      height: output.info.height,
      sha256: sha256(output.data),
    };
  };
  // In turn rather than at once: libvips already spreads one encode over the cores it has.
  const thumbnail = await encode(IMAGE_VARIANTS.thumbnail);
  const small = await encode(IMAGE_VARIANTS.small);
  const medium = await encode(IMAGE_VARIANTS.medium);
  const original = await encode(IMAGE_VARIANTS.original);
  return { thumbnail, small, medium, original };
}

/** A video frame (or any trusted image) as a webp poster no larger than the medium variant. */
export async function encodePoster(frame: Buffer): Promise<EncodedImage> {
  const output = await sharp(frame, { limitInputPixels: MAX_IMAGE_PIXELS })
    .resize(IMAGE_VARIANTS.medium, IMAGE_VARIANTS.medium, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return {
    data: output.data,
    width: output.info.width,
    height: output.info.height,
    sha256: sha256(output.data),
  };
}

/** The poster of a video whose frame could not be read: a dark 16:9 card with a play symbol. */
export function placeholderPoster(): Promise<EncodedImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
    <rect width="800" height="450" fill="#1f2a24"/>
    <circle cx="400" cy="225" r="70" fill="none" stroke="#e6efe9" stroke-width="8"/>
    <path d="M380 190 L380 260 L440 225 Z" fill="#e6efe9"/>
  </svg>`;
  return encodePoster(Buffer.from(svg));
}
