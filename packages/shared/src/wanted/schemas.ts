import { z } from 'zod';
import { singleLine, strictObject } from '../common/fields.ts';
import { filterText, pageQuery } from '../common/queries.ts';
import { CALIFORNIA_COUNTIES, PRODUCT_CATEGORIES } from '../constants.ts';
import {
  californiaToday,
  isCalendarDate,
  offerNoteField,
  pricePerLbField,
  quantityLbsField,
} from '../deals/schemas.ts';
import { OFFER_RULES } from '../deals/texts.ts';
import { VALIDATION } from '../texts.ts';
import { WANTED_PAGE_DEFAULT, WANTED_PAGE_MAX, WANTED_QUERY_MAX } from './limits.ts';
import { WANTED } from './texts.ts';

// The wire contract of wanted posts (issue 25 item 4): what a buyer posts, how the board is
// filtered, and what a seller answers with. Blank optional fields are absent.

const blankIsAbsent = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const optionalPrice = z.preprocess(blankIsAbsent, pricePerLbField.optional());

const isCounty = (value: string) => (CALIFORNIA_COUNTIES as readonly string[]).includes(value);

/** POST /wanted */
export const createWantedSchema = strictObject({
  category: z.preprocess(
    blankIsAbsent,
    z.enum(PRODUCT_CATEGORIES, { error: WANTED.categoryInvalid }).optional(),
  ),
  query: singleLine(
    z
      .string({ error: WANTED.queryRequired })
      .trim()
      .min(1, WANTED.queryRequired)
      .max(WANTED_QUERY_MAX, WANTED.queryTooLong),
  ),
  quantityLbs: quantityLbsField,
  minPrice: optionalPrice,
  maxPrice: optionalPrice,
  /** A California date, today or later; the post comes down at its end. */
  neededBy: z.preprocess(
    blankIsAbsent,
    z
      .string({ error: WANTED.neededByInvalid })
      .trim()
      .refine(isCalendarDate, WANTED.neededByInvalid)
      .refine((value) => value >= californiaToday(), WANTED.neededByPast)
      .optional(),
  ),
  county: z.preprocess(
    blankIsAbsent,
    z
      .string({ error: VALIDATION.countyInvalid })
      .trim()
      .refine(isCounty, VALIDATION.countyInvalid)
      .optional(),
  ),
}).superRefine((post, context) => {
  if (post.minPrice !== undefined && post.maxPrice !== undefined && post.minPrice > post.maxPrice) {
    context.addIssue({ code: 'custom', path: ['minPrice'], message: WANTED.priceRange });
  }
});
export type CreateWantedInput = z.input<typeof createWantedSchema>;

/** POST /wanted/{id}/answers: one of the seller's public lots, at a price and quantity. */
export const answerWantedSchema = strictObject({
  listingId: singleLine(
    z
      .string({ error: OFFER_RULES.listingRequired })
      .trim()
      .min(1, OFFER_RULES.listingRequired)
      .max(100, OFFER_RULES.listingRequired),
  ),
  pricePerLb: pricePerLbField,
  quantityLbs: quantityLbsField,
  note: offerNoteField,
});
export type AnswerWantedInput = z.input<typeof answerWantedSchema>;

/**
 * GET /wanted. Filters come from an address bar: one not understood is no filter. A seller reads
 * the open board; a buyer reads their own posts, whatever their state.
 */
export const wantedListQuerySchema = pageQuery(WANTED_PAGE_DEFAULT, WANTED_PAGE_MAX).extend({
  category: z.enum(PRODUCT_CATEGORIES).optional().catch(undefined),
  county: z.string().refine(isCounty).optional().catch(undefined),
  words: filterText(WANTED_QUERY_MAX),
  minQuantity: z.coerce.number().positive().max(1_000_000).optional().catch(undefined),
});
export type WantedListQuery = z.output<typeof wantedListQuerySchema>;
