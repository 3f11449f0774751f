import { IMAGE_VARIANTS } from './limits.ts';
import type { ImageVariantsDto, MediaItemDto } from './responses.ts';

// How a gallery picture is offered to the browser: its variants in a srcset with their real
// widths, so the browser fetches the smallest that fills the slot. The web app draws its <img>
// from this and the server its <link rel="preload" as="image"> for the same picture: the two must
// name the same files, or the browser downloads the picture twice.

type VariantName = keyof ImageVariantsDto;

export interface ImageSources {
  src: string;
  /** Every variant with its real width, so the browser picks the smallest that fills the slot. */
  srcSet?: string;
  /** Intrinsic size, so the slot is reserved before the bytes arrive. */
  width?: number;
  height?: number;
}

/** Width of a variant: the stored image (≤2000 px) scaled down to fit the variant, never up. */
function variantWidth(width: number, height: number, variant: VariantName): number {
  const scale = Math.min(1, IMAGE_VARIANTS[variant] / Math.max(width, height));
  return Math.max(1, Math.round(width * scale));
}

/**
 * The sources of one gallery item: `preferred` is the fallback `src` (the variant the layout
 * needs at 1x); an image also gets a srcset of all its variants. A video shows its poster.
 */
export function mediaImageSources(item: MediaItemDto, preferred: VariantName): ImageSources {
  const size = item.width && item.height ? { width: item.width, height: item.height } : {};
  if (item.type !== 'image' || !item.variants) return { src: item.thumbnail, ...size };
  const { variants } = item;
  if (!item.width || !item.height) return { src: variants[preferred] };
  const { width, height } = item;
  // A stored picture no larger than a variant gives that variant and the larger ones the same
  // width. A srcset may name each width once (the HTML checker rejects the page otherwise, and a
  // browser may then drop the preload), so the smallest variant of each width stands for it.
  const byWidth = new Map<number, string>();
  for (const variant of Object.keys(IMAGE_VARIANTS) as VariantName[]) {
    const variantPixels = variantWidth(width, height, variant);
    if (!byWidth.has(variantPixels)) byWidth.set(variantPixels, variants[variant]);
  }
  const srcSet = [...byWidth].map(([pixels, file]) => `${file} ${pixels}w`).join(', ');
  return { src: variants[preferred], srcSet, width, height };
}

/** The `sizes` of the product page's main picture: half the page on desktop, the whole width on phones. */
export const PRODUCT_STAGE_SIZES = '(min-width: 1024px) 720px, 100vw';

/**
 * The `sizes` of a catalog card's picture: the slot widths of the 1 → 2 → 3 → 4 column grid inside
 * the 80 rem page. The server's preload of the first card names it too (decision 178).
 */
export const CATALOG_CARD_SIZES =
  '(min-width: 1280px) 288px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/** The `sizes` of the home hero's newest lot: the 22 rem column from lg up, a 7 rem thumbnail below. */
export const NEWEST_LOT_SIZES = '(min-width: 1024px) 352px, 112px';
/** Where the newest lot's picture is the largest thing in the first view (the hero's two columns). */
export const NEWEST_LOT_WIDE_MEDIA = '(min-width: 1024px)';
