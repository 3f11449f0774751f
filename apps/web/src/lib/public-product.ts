import {
  IMAGE_VARIANTS,
  type ImageVariantsDto,
  type MediaItemDto,
  PRODUCT_CATEGORY_LABELS,
  type ProductCategory,
  type ProductDto,
} from '@canopy/shared';

// The public product of SPEC §3 as the browse endpoints send it (GET /products…), and how its
// pictures are shown. Shared by the home page's featured grid, the catalog and the seller's pages.

export type PublicProduct = ProductDto;
export type ProductMedia = MediaItemDto;

/** "Pre-Roll" for "pre-roll"; an unknown category is shown as sent. */
export function categoryLabel(category: string): string {
  return PRODUCT_CATEGORY_LABELS[category as ProductCategory] ?? category;
}

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
export function mediaImageSources(item: ProductMedia, preferred: VariantName): ImageSources {
  const size = item.width && item.height ? { width: item.width, height: item.height } : {};
  if (item.type !== 'image' || !item.variants) return { src: item.thumbnail, ...size };
  const { variants } = item;
  if (!item.width || !item.height) return { src: variants[preferred] };
  const { width, height } = item;
  const srcSet = (Object.keys(IMAGE_VARIANTS) as VariantName[])
    .map((variant) => `${variants[variant]} ${variantWidth(width, height, variant)}w`)
    .join(', ');
  return { src: variants[preferred], srcSet, width, height };
}

/** The picture for a product card: the first gallery item (a video shows its poster), else none. */
export function productCardImage(product: PublicProduct): ImageSources | null {
  const first = product.media[0];
  return first ? mediaImageSources(first, 'small') : null;
}
