import { z } from 'zod';
import {
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  MAX_MEDIA,
  MIN_QUANTITY_LBS,
  type ProductCategory,
  TITLE_MAX,
  TITLE_MIN,
} from '../constants.ts';
import type { ListingModerationDto } from '../listing-moderation.ts';
import { LISTINGS, VALIDATION } from '../messages.ts';
import { formBoolean, hasAtMostTwoDecimals, multiLine, singleLine, strictObject } from './fields.ts';

// The listing form of SPEC §2/§5, shared by the web form and the API (multipart fields arrive as
// strings, the web form holds numbers and booleans: both parse to the same output).

/** Limits SPEC leaves open, chosen in docs/decisions/010-listings-and-media.md. */
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
/** What a 2000 px listing image needs with room to crop; the cost of a decode is set by it (decision 067). */
export const IMAGE_MAX_MEGAPIXELS = 25;
export const TEST_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const QUANTITY_MAX_LBS = 1_000_000;
export const ASKING_PRICE_MAX = 10_000_000;
export const STRAIN_MAX = 100;
export const TEST_LINK_MAX = 500;
/** Largest page the public catalog serves (SPEC's page size is 12, the home grid asks for 8). */
export const PRODUCTS_MAX_LIMIT = 48;
export const PRODUCT_QUERY_MAX = 100;

/** What the file inputs accept (the server checks the bytes, these guide the browser's picker). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif,image/tiff';
export const VIDEO_ACCEPT = '.mp4,.mov,.avi,.wmv,video/mp4,video/quicktime,video/x-msvideo,video/x-ms-wmv';
export const TEST_UPLOAD_ACCEPT = '.pdf,.jpg,.jpeg,.png,.doc,.docx';

export const LISTING_RULES = {
  titleRequired: 'Title is required',
  titleTooShort: `Title must be at least ${TITLE_MIN} characters`,
  titleTooLong: `Title must be at most ${TITLE_MAX} characters`,
  descriptionRequired: 'Description is required',
  descriptionTooShort: `Description must be at least ${DESCRIPTION_MIN} characters`,
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX} characters`,
  productTypeRequired: 'Product type is required',
  productTypeUnknown: 'Product type is not one of the offered options',
  strainTooLong: `Strain must be at most ${STRAIN_MAX} characters`,
  thcInvalid: 'THC must be a percentage between 0 and 100',
  cbdInvalid: 'CBD must be a percentage between 0 and 100',
  zipRequired: VALIDATION.zipRequired,
  zipInvalid: VALIDATION.zipInvalid,
  quantityRequired: 'Quantity is required',
  quantityInvalid: 'Quantity must be a number',
  quantityMin: 'Quantity must be at least 0.01 lbs',
  quantityStep: 'Quantity can have at most 2 decimal places',
  quantityMax: 'Quantity must be at most 1,000,000 lbs',
  priceRequired: 'Asking price is required unless you accept offers',
  priceInvalid: 'Asking price must be a number',
  pricePositive: 'Asking price must be greater than 0',
  priceNegative: 'Asking price cannot be negative',
  priceStep: 'Asking price can have at most 2 decimal places',
  priceMax: 'Asking price must be at most $10,000,000',
  testLinkInvalid: 'Test link must be a URL starting with http or https',
  booleanInvalid: (field: string) => `${field} must be true or false`,
  testUploadType: 'Test results must be a PDF, JPG, PNG, DOC or DOCX file',
  testUploadTooLarge: 'Test results must be 10MB or smaller',
  imageType: 'Images must be JPEG, PNG, WebP, GIF, AVIF or TIFF files',
  imageTooLarge: 'Each image must be 20MB or smaller',
  imageTooManyPixels: `Images must be at most ${IMAGE_MAX_MEGAPIXELS} megapixels`,
  imageUnreadable: 'An image could not be read. Please choose a different file.',
  videoType: 'Videos must be MP4, MOV, AVI or WMV files',
  videoTooLarge: LISTINGS.videoTooLarge,
  maxImages: LISTINGS.maxImages,
  maxVideos: LISTINGS.maxVideos,
  maxMedia: `Maximum ${MAX_MEDIA} media files allowed`,
  removeImagesInvalid: 'remove_images must be a JSON list of image URLs or ids',
  fieldTooLong: VALIDATION.fieldTooLong,
} as const;

const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const ZIP_PATTERN = /^\d{5}$/;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A number that may arrive as form text. Blank means absent; text that is not a plain decimal is
 * NaN, which fails with the field's own message rather than zod's.
 */
const toNumber = (value: unknown) => {
  if (isBlank(value)) return undefined;
  if (typeof value !== 'string') return value;
  return DECIMAL_TEXT.test(value.trim()) ? Number(value.trim()) : Number.NaN;
};

const numberWithMessages = (messages: { required?: string; invalid: string }) =>
  z.number({
    error: (issue) => (issue.input === undefined && messages.required ? messages.required : messages.invalid),
  });

const requiredDecimal = (messages: { required: string; invalid: string }) =>
  z.preprocess(toNumber, numberWithMessages(messages));

const optionalDecimal = (invalid: string) =>
  z.preprocess(toNumber, numberWithMessages({ invalid }).optional());

const percentage = (message: string) =>
  optionalDecimal(message)
    .refine((value) => value === undefined || (value >= 0 && value <= 100), message)
    .transform((value) => (value === undefined ? null : Math.round(value * 100) / 100));

/** A required text with SPEC's length limits; `lines` says whether line breaks belong in it. */
const lengthChecked = (
  messages: { required: string; short: string; long: string },
  min: number,
  max: number,
  lines: 'single' | 'multi',
) =>
  (lines === 'single' ? singleLine : multiLine)(
    z
      .string({ error: messages.required })
      .trim()
      .min(1, messages.required)
      .min(min, messages.short)
      .max(max, messages.long),
  );

const optionalTrimmed = (max: number, message: string) =>
  singleLine(z.string().trim().max(max, message))
    .optional()
    .transform((value) => (value ? value : null));

const isWebLink = (value: string) => {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

const booleanField = (name: string) =>
  formBoolean(LISTING_RULES.booleanInvalid(name)).optional().default(false);

/** The listing form's fields (files are checked separately, by their bytes). */
export const listingFormSchema = strictObject({
  title: lengthChecked(
    {
      required: LISTING_RULES.titleRequired,
      short: LISTING_RULES.titleTooShort,
      long: LISTING_RULES.titleTooLong,
    },
    TITLE_MIN,
    TITLE_MAX,
    'single',
  ),
  description: lengthChecked(
    {
      required: LISTING_RULES.descriptionRequired,
      short: LISTING_RULES.descriptionTooShort,
      long: LISTING_RULES.descriptionTooLong,
    },
    DESCRIPTION_MIN,
    DESCRIPTION_MAX,
    'multi',
  ),
  product_type: singleLine(
    z
      .string({ error: LISTING_RULES.productTypeRequired })
      .trim()
      .min(1, LISTING_RULES.productTypeRequired)
      .max(100, LISTING_RULES.productTypeUnknown),
  ),
  zip_code: z
    .string({ error: LISTING_RULES.zipRequired })
    .trim()
    .min(1, LISTING_RULES.zipRequired)
    .regex(ZIP_PATTERN, LISTING_RULES.zipInvalid),
  quantity_lbs: requiredDecimal({
    required: LISTING_RULES.quantityRequired,
    invalid: LISTING_RULES.quantityInvalid,
  })
    .refine((value) => value >= MIN_QUANTITY_LBS, LISTING_RULES.quantityMin)
    .refine(hasAtMostTwoDecimals, LISTING_RULES.quantityStep)
    .refine((value) => value <= QUANTITY_MAX_LBS, LISTING_RULES.quantityMax),
  make_offer: booleanField('make_offer'),
  asking_price: optionalDecimal(LISTING_RULES.priceInvalid)
    .refine((value) => value === undefined || hasAtMostTwoDecimals(value), LISTING_RULES.priceStep)
    .refine((value) => value === undefined || value <= ASKING_PRICE_MAX, LISTING_RULES.priceMax),
  negotiable: booleanField('negotiable'),
  tested: booleanField('tested'),
  test_link: optionalTrimmed(TEST_LINK_MAX, LISTING_RULES.testLinkInvalid).refine(
    (value) => value === null || isWebLink(value),
    LISTING_RULES.testLinkInvalid,
  ),
  strain: optionalTrimmed(STRAIN_MAX, LISTING_RULES.strainTooLong),
  thc_content: percentage(LISTING_RULES.thcInvalid),
  cbd_content: percentage(LISTING_RULES.cbdInvalid),
})
  .superRefine((form, context) => {
    const price = form.asking_price;
    if (form.make_offer) {
      if (price !== undefined && price < 0) {
        context.addIssue({ code: 'custom', path: ['asking_price'], message: LISTING_RULES.priceNegative });
      }
    } else if (price === undefined) {
      context.addIssue({ code: 'custom', path: ['asking_price'], message: LISTING_RULES.priceRequired });
    } else if (price <= 0) {
      context.addIssue({ code: 'custom', path: ['asking_price'], message: LISTING_RULES.pricePositive });
    }
  })
  .transform((form) => ({
    ...form,
    asking_price: form.asking_price ?? null,
    // SPEC §5: choosing "make me an offer" forces negotiable on.
    negotiable: form.make_offer || form.negotiable,
    // Lab results belong to tested listings only; an untested listing carries none.
    test_link: form.tested ? form.test_link : null,
  }));
export type ListingFormInput = z.input<typeof listingFormSchema>;
export type ListingForm = z.output<typeof listingFormSchema>;

/** PUT's remove_images: a JSON list of media ids or any of a media item's URLs. */
const removeEntry = singleLine(
  z
    .string({ error: LISTING_RULES.removeImagesInvalid })
    .trim()
    .min(1, LISTING_RULES.removeImagesInvalid)
    .max(2000, LISTING_RULES.removeImagesInvalid),
);
export const removeImagesSchema = z
  .array(removeEntry, { error: LISTING_RULES.removeImagesInvalid })
  .max(MAX_MEDIA * 8, LISTING_RULES.removeImagesInvalid);

// Wire shapes of the listing and catalog calls (SPEC §3, §7).

export interface ProductTypeDto {
  _id: string;
  name: string;
  category: ProductCategory;
}

export interface ImageVariantsDto {
  /** ≤200 px on the long side */
  thumbnail: string;
  /** ≤400 px */
  small: string;
  /** ≤800 px */
  medium: string;
  /** ≤2000 px, re-encoded */
  original: string;
}

export interface MediaItemDto {
  _id: string;
  type: 'image' | 'video';
  /** Image: the original variant. Video: the uploaded file as stored. */
  url: string;
  /** Image: the thumbnail variant. Video: the poster frame (2.0 s in, or a placeholder). */
  thumbnail: string;
  /** Seconds, videos only (null when unreadable and for images). */
  duration: number | null;
  /** Bytes of the file at `url`. */
  size: number;
  width: number | null;
  height: number | null;
  mimeType: string;
  /** Images only. */
  variants: ImageVariantsDto | null;
}

export interface ImageUrlsDto extends ImageVariantsDto {
  _id: string;
}

export interface TestUploadDto {
  url: string;
  name: string;
  type: string;
}

/** The seller's (and admin's) view of a listing. */
export interface ListingDto {
  _id: string;
  title: string;
  description: string;
  product_type: string;
  category: ProductCategory;
  strain: string | null;
  thc_content: number | null;
  cbd_content: number | null;
  zip_code: string;
  quantity_lbs: number;
  make_offer: boolean;
  asking_price: number | null;
  negotiable: boolean;
  tested: boolean;
  test_link: string | null;
  test_upload: TestUploadDto | null;
  is_active: boolean;
  /** Whether Canopy has hidden it (decision 075); only an admin can lift that. */
  moderation: ListingModerationDto;
  views_count: number;
  created_at: string;
  updated_at: string;
  media: MediaItemDto[];
  image_urls: ImageUrlsDto[];
}

/** The public product of SPEC §3: an active listing of a verified seller. */
export interface ProductDto {
  _id: string;
  name: string;
  category: ProductCategory;
  productType: string;
  strain: string | null;
  description: string;
  thcContent: number | null;
  cbdContent: number | null;
  /** e.g. "$1,200.00 / lb (negotiable)" or "Make an offer" */
  priceRange: string;
  /** e.g. "25.5 lbs" */
  availableQuantity: string;
  /** The medium (≤800 px) variant of each image, in gallery order. */
  images: string[];
  media: MediaItemDto[];
  zipCode: string;
  tested: boolean;
  /** The seller's lab link, else the uploaded lab results, else null. */
  testLink: string | null;
  createdAt: string;
  updatedAt: string;
  seller: { sellerId: string; businessName: string; isVerified: boolean; licenseType: string };
}

export interface PaginationDto {
  page: number;
  limit: number;
  total: number;
  pages: number;
}

/** The catalog's pagination: `estimated` when the total of a search with very many matches is an estimate. */
export interface CatalogPaginationDto extends PaginationDto {
  estimated: boolean;
}
