// The public product of SPEC §3 as the browse endpoints send it (GET /products…). Shared by the
// home page's featured grid and the catalog.

export interface ProductMedia {
  url: string;
  type: 'image' | 'video';
  thumbnail?: string | null;
  duration?: number | null;
  size?: number | null;
}

export interface PublicProduct {
  _id: string;
  name: string;
  category: string;
  strain?: string | null;
  description?: string | null;
  thcContent?: number | string | null;
  cbdContent?: number | string | null;
  priceRange?: string | null;
  /** Free text; "In Stock" counts as available. */
  availableQuantity?: string | null;
  images?: string[];
  media?: ProductMedia[];
  zipCode?: string | null;
  tested?: boolean;
  testLink?: string | null;
  createdAt: string;
  updatedAt: string;
  seller?: {
    sellerId: string;
    businessName: string;
    isVerified: boolean;
    licenseType?: string | null;
  };
}

/** The picture for a card: the first image, else a video's poster, else none. */
export function productImage(product: PublicProduct): string | null {
  const firstImage = product.images?.[0];
  if (firstImage) return firstImage;
  const mediaImage = product.media?.find((item) => item.type === 'image')?.url;
  if (mediaImage) return mediaImage;
  return product.media?.find((item) => item.type === 'video' && item.thumbnail)?.thumbnail ?? null;
}
