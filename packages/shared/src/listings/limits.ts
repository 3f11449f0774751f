// Every number of a listing and its media (SPEC §9, decisions 010 and 067). The texts that name
// a limit are built from it (listings/texts.ts), so the two cannot disagree.

export const TITLE_MIN = 3;
export const TITLE_MAX = 100;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 2000;
export const MIN_QUANTITY_LBS = 0.01;
export const MAX_IMAGES = 5;
export const MAX_VIDEOS = 3;
export const MAX_MEDIA = 8;
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const VIDEO_POSTER_SECONDS = 2.0;

/** Limits SPEC leaves open, chosen in docs/decisions/010-listings-and-media.md. */
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
/** What a 2000 px listing image needs with room to crop; the cost of a decode is set by it (decision 067). */
export const IMAGE_MAX_MEGAPIXELS = 25;
export const TEST_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const QUANTITY_MAX_LBS = 1_000_000;
export const ASKING_PRICE_MAX = 10_000_000;
export const STRAIN_MAX = 100;
export const TEST_LINK_MAX = 500;

/** What the file inputs accept (the server checks the bytes, these guide the browser's picker). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif,image/tiff';
export const VIDEO_ACCEPT = '.mp4,.mov,.avi,.wmv,video/mp4,video/quicktime,video/x-msvideo,video/x-ms-wmv';
export const TEST_UPLOAD_ACCEPT = '.pdf,.jpg,.jpeg,.png,.doc,.docx';

/** The longest side of each variant an uploaded image is rendered at (decision 067). */
export const IMAGE_VARIANTS = { thumbnail: 200, small: 400, medium: 800, original: 2000 } as const;
export type ImageVariantName = keyof typeof IMAGE_VARIANTS;
