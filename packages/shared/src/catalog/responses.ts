import { z } from 'zod';
import { yourGroupDto, yourPriceDto } from '../buyer-groups/schemas.ts';
import { paginationDto, succeeded } from '../common/responses.ts';
import { PRODUCT_CATEGORIES } from '../constants.ts';
import { mediaItemDto, priceTierDto } from '../listings/responses.ts';
import { coaDto } from '../listings/state-record.ts';
import { PRICE_FACET_BANDS, THC_FACET_BANDS } from './facets.ts';

// Wire shapes of the public catalog (SPEC §3, §7).

export const productSellerDto = z.object({
  sellerId: z.string(),
  businessName: z.string(),
  isVerified: z.boolean(),
  licenseType: z.string(),
  /** B&P §26151: an advertisement shows the licensee's license number (decision 213). */
  licenseNumber: z.string(),
});

/** The public product of SPEC §3: an active listing of a verified seller. */
export const productDto = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  productType: z.string(),
  strain: z.string().nullable(),
  description: z.string(),
  thcContent: z.number().nullable(),
  cbdContent: z.number().nullable(),
  /** e.g. "$1,200.00 / lb (negotiable)" or "Make an offer" */
  priceRange: z.string(),
  /** Issue 25 (decision 233): from N lbs a lower price per pound, in increasing order; none is []. */
  priceTiers: z.array(priceTierDto),
  /** e.g. "25.5 lbs" */
  availableQuantity: z.string(),
  /** The medium (≤800 px) variant of each image, in gallery order. */
  images: z.array(z.string()),
  media: z.array(mediaItemDto),
  zipCode: z.string(),
  tested: z.boolean(),
  /** The seller's lab link, else the uploaded lab results, else null. */
  testLink: z.string().nullable(),
  /** The lot's state record (issue 23, decision 211). */
  batchNumber: z.string().nullable(),
  packageUids: z.array(z.string()),
  coa: coaDto,
  createdAt: z.string(),
  updatedAt: z.string(),
  seller: productSellerDto,
});
export type ProductDto = z.infer<typeof productDto>;

/** The catalog's pagination: `estimated` when the total of a search with very many matches is an estimate. */
export const catalogPaginationDto = paginationDto.extend({ estimated: z.boolean() });
export type CatalogPaginationDto = z.infer<typeof catalogPaginationDto>;

const counted = z.number().int().min(0);

/** A band of a numeric facet, as the filters' bounds (inclusive) that choose it; max null: no upper bound. */
export const facetBandCountDto = z.object({ min: z.number(), max: z.number().nullable(), count: counted });
export type FacetBandCountDto = z.infer<typeof facetBandCountDto>;

/**
 * How many listings each facet value would show (decision 252): the list's words and every other
 * filter applied, this facet's own left out, so each count is the total the choice leads to.
 * Counties with none are left out.
 */
export const productFacetCountsDto = z.object({
  category: z.array(z.object({ value: z.enum(PRODUCT_CATEGORIES), count: counted })),
  county: z.array(z.object({ value: z.string(), count: counted })),
  tested: counted,
  price: z.array(facetBandCountDto),
  thc: z.array(facetBandCountDto),
});
export type ProductFacetCountsDto = z.infer<typeof productFacetCountsDto>;

/** Counts of a list with nothing in it. */
export const NO_FACET_COUNTS: ProductFacetCountsDto = {
  category: PRODUCT_CATEGORIES.map((value) => ({ value, count: 0 })),
  county: [],
  tested: 0,
  price: PRICE_FACET_BANDS.map(([min, max]) => ({ min, max, count: 0 })),
  thc: THC_FACET_BANDS.map(([min, max]) => ({ min, max, count: 0 })),
};

export const productListResponse = z.object({
  success: succeeded,
  data: z.array(productDto),
  pagination: catalogPaginationDto,
  facets: productFacetCountsDto,
});
export type ProductListResponse = z.infer<typeof productListResponse>;

/**
 * A signed-in buyer with a group price also reads `yourPrice` (issue 25, decision 242); it is added
 * to the shared cached answer per request, never stored in it.
 */
export const productViewDto = productDto.extend({
  yourPrice: yourPriceDto.optional(),
  yourGroup: yourGroupDto.optional(),
});
export type ProductViewDto = z.infer<typeof productViewDto>;

export const productResponse = z.object({ success: succeeded, product: productViewDto });
export type ProductResponse = z.infer<typeof productResponse>;

/**
 * How many public listings each category holds (issue 15's "counts where cheap"): read from the
 * counters the catalog's triggers keep, so it costs the same at any size. Every category is listed,
 * with 0 where none.
 */
export const categoryCountsResponse = z.object({
  success: succeeded,
  categories: z.array(z.object({ category: z.enum(PRODUCT_CATEGORIES), count: z.number().int().min(0) })),
});
export type CategoryCountsResponse = z.infer<typeof categoryCountsResponse>;
