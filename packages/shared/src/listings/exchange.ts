import { z } from 'zod';
import { hasAtMostTwoDecimals, strictObject } from '../common/fields.ts';
import { UUID_PATTERN } from '../common/params.ts';
import { succeeded } from '../common/responses.ts';
import { QUANTITY_MAX_LBS } from './limits.ts';
import { listingDto } from './responses.ts';
import { LISTING_RULES } from './texts.ts';

// What another system (an ERP, a spreadsheet) exchanges with a seller's lots (issue 24 items 4
// and 5): the available pounds it keeps in step, and the export of the company's lots as CSV and as
// JSON pages.

export const QUANTITY_SYNC = {
  /** Zero is allowed here, unlike the form: an ERP says "sold out" by setting it (decision 225). */
  quantityMin: 'Quantity must be 0 or more',
  updated: 'Quantity updated',
} as const;

/** `PATCH /api/listings/{id}/quantity`: the pounds available now, 0 for sold out. */
export const quantitySchema = strictObject({
  quantityLbs: z
    .number({ error: LISTING_RULES.quantityInvalid })
    .refine(Number.isFinite, LISTING_RULES.quantityInvalid)
    .refine((value) => value >= 0, QUANTITY_SYNC.quantityMin)
    .refine(hasAtMostTwoDecimals, LISTING_RULES.quantityStep)
    .refine((value) => value <= QUANTITY_MAX_LBS, LISTING_RULES.quantityMax),
});

export const quantityResponse = z.object({
  success: succeeded,
  message: z.string(),
  data: z.object({ _id: z.string(), quantityLbs: z.number(), updatedAt: z.string() }),
});

/** Where a lot stands, in one word: exported so a reader can tell what buyers see. */
export const EXPORT_STATUSES = ['active', 'inactive', 'draft', 'hidden'] as const;

/**
 * The columns of the listing export, in order (CSV header and JSON fields alike). `id` names the
 * lot so a re-import can match it, as does the seller's own `external_sku` (decision 230); the rest
 * are the listing form's fields (SPEC §3) and the lot's batch and package UIDs (decision 211).
 */
export const LISTING_EXPORT_COLUMNS = [
  'id',
  'external_sku',
  'title',
  'description',
  'product_type',
  'zip_code',
  'quantity_lbs',
  'make_offer',
  'asking_price',
  'negotiable',
  'tested',
  'test_link',
  'batch_number',
  'package_uids',
  'status',
  'updated_at',
] as const;

/** The form's fields as the seller's view of a listing writes them, between the id and the status. */
const exportedFields = listingDto.pick({
  title: true,
  description: true,
  product_type: true,
  zip_code: true,
  quantity_lbs: true,
  make_offer: true,
  asking_price: true,
  negotiable: true,
  tested: true,
  test_link: true,
  batch_number: true,
  package_uids: true,
}).shape;

export const listingExportRow = z.object({
  id: z.string(),
  external_sku: z.string().nullable(),
  ...exportedFields,
  status: z.enum(EXPORT_STATUSES),
  updated_at: z.string(),
});
export type ListingExportRow = z.infer<typeof listingExportRow>;

export const EXPORT_PAGE_DEFAULT = 100;
export const EXPORT_PAGE_MAX = 500;

/** A page of the JSON export: after `cursor` (the last id of the previous page), `limit` lots. */
export const listingExportQuery = z.object({
  cursor: z.string().regex(UUID_PATTERN).optional().catch(undefined),
  limit: z.coerce.number().int().min(1).max(EXPORT_PAGE_MAX).catch(EXPORT_PAGE_DEFAULT),
});

export const listingExportResponse = z.object({
  success: succeeded,
  data: z.array(listingExportRow),
  nextCursor: z.string().nullable(),
});
