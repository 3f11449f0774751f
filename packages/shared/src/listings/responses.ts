import { z } from 'zod';
import { succeeded } from '../common/responses.ts';
import { PRODUCT_CATEGORIES } from '../constants.ts';
import { coaDto } from './state-record.ts';

// Wire shapes of the listing calls (SPEC §3, §7) and the media they carry.

export const productTypeDto = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
});
export type ProductTypeDto = z.infer<typeof productTypeDto>;

export const imageVariantsDto = z.object({
  /** ≤200 px on the long side */
  thumbnail: z.string(),
  /** ≤400 px */
  small: z.string(),
  /** ≤800 px */
  medium: z.string(),
  /** ≤2000 px, re-encoded */
  original: z.string(),
});
export type ImageVariantsDto = z.infer<typeof imageVariantsDto>;

export const mediaItemDto = z.object({
  _id: z.string(),
  type: z.enum(['image', 'video']),
  /** Image: the original variant. Video: the uploaded file as stored. */
  url: z.string(),
  /** Image: the thumbnail variant. Video: the poster frame (2.0 s in, or a placeholder). */
  thumbnail: z.string(),
  /** Seconds, videos only (null when unreadable and for images). */
  duration: z.number().nullable(),
  /** Bytes of the file at `url`. */
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  mimeType: z.string(),
  /** Images only. */
  variants: imageVariantsDto.nullable(),
});
export type MediaItemDto = z.infer<typeof mediaItemDto>;

export const imageUrlsDto = imageVariantsDto.extend({ _id: z.string() });
export type ImageUrlsDto = z.infer<typeof imageUrlsDto>;

export const testUploadDto = z.object({ url: z.string(), name: z.string(), type: z.string() });
export type TestUploadDto = z.infer<typeof testUploadDto>;

/** A listing's moderation state as the seller and the admin see it. */
export const listingModerationDto = z.object({
  state: z.enum(['clear', 'hidden']),
  /** Why Canopy hid it; null while clear. */
  reason: z.string().nullable(),
  hidden_at: z.string().nullable(),
  /** The seller has asked for a review that no admin has answered yet. */
  review_pending: z.boolean(),
});
export type ListingModerationDto = z.infer<typeof listingModerationDto>;

/** A volume tier as the seller and the public read it (decision 233). */
export const priceTierDto = z.object({ fromLbs: z.number(), pricePerLb: z.number() });

/** The seller's (and admin's) view of a listing. */
export const listingDto = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  product_type: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  strain: z.string().nullable(),
  thc_content: z.number().nullable(),
  cbd_content: z.number().nullable(),
  zip_code: z.string(),
  quantity_lbs: z.number(),
  make_offer: z.boolean(),
  asking_price: z.number().nullable(),
  negotiable: z.boolean(),
  tested: z.boolean(),
  test_link: z.string().nullable(),
  test_upload: testUploadDto.nullable(),
  /** The lot's state record (issue 23, decision 211); the COA document is `test_upload`. */
  batch_number: z.string().nullable(),
  package_uids: z.array(z.string()),
  coa: coaDto,
  /** Out of the catalog because its COA expired or failed (decision 212); back once it is fixed. */
  coa_withheld: z.boolean(),
  /** Issue 25 (decision 233): from N lbs a lower price per pound, in increasing order; none is []. */
  priceTiers: z.array(priceTierDto),
  is_active: z.boolean(),
  /** Saved as a draft and never published: only its seller sees it (decision 165). */
  is_draft: z.boolean(),
  /** Goes up with every change to what the edit form holds; PUT may send it back as `version`. */
  version: z.number().int(),
  /** Whether Canopy has hidden it (decision 075); only an admin can lift that. */
  moderation: listingModerationDto,
  views_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  media: z.array(mediaItemDto),
  image_urls: z.array(imageUrlsDto),
});
export type ListingDto = z.infer<typeof listingDto>;

export const productTypesResponse = z.object({ success: succeeded, data: z.array(productTypeDto) });

export const sellerListingsResponse = z.object({
  success: succeeded,
  data: z.object({ listings: z.array(listingDto) }),
});
export type SellerListingsResponse = z.infer<typeof sellerListingsResponse>;

/** Create, update, archive, relist and review request: the listing as it now is. */
export const listingChangedResponse = z.object({ success: succeeded, message: z.string(), data: listingDto });
export type ListingChangedResponse = z.infer<typeof listingChangedResponse>;
export type ProductTypesResponse = z.infer<typeof productTypesResponse>;
