import {
  type ImageSources,
  type MediaItemDto,
  mediaImageSources,
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

/** How gallery pictures are offered to the browser; shared with the server's image preloads. */
export { type ImageSources, mediaImageSources } from '@canopy/shared';

/** The picture for a product card: the first gallery item (a video shows its poster), else none. */
export function productCardImage(product: PublicProduct): ImageSources | null {
  const first = product.media[0];
  return first ? mediaImageSources(first, 'small') : null;
}
