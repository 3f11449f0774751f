import { z } from 'zod';
import {
  formBoolean,
  hasAtMostTwoDecimals,
  isPositiveInCents,
  multiLine,
  singleLine,
  strictObject,
} from '../common/fields.ts';
import {
  ASKING_PRICE_MAX,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  MAX_MEDIA,
  MIN_QUANTITY_LBS,
  QUANTITY_MAX_LBS,
  STRAIN_MAX,
  TEST_LINK_MAX,
  TITLE_MAX,
  TITLE_MIN,
} from './limits.ts';
import { priceTiersField, refineTiersAgainstPrice } from './price-tiers-field.ts';
import { refineCoaComplete, stateRecordFields, stateRecordOf } from './state-record.ts';
import { LISTING_RULES } from './texts.ts';

// The listing form of SPEC §2/§5, shared by the web form and the API (multipart fields arrive as
// strings, the web form holds numbers and booleans: both parse to the same output).

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
  /**
   * Beyond SPEC (issue 28, decision 209): the seller's verified license the lot ships from; blank
   * is the main license, and an edit that leaves it out keeps the one stored.
   */
  ships_from_license_id: z.string().trim().max(64).optional(),
  /** Beyond SPEC (issue 23, decision 211): the lot's batch, Metrc package UIDs and COA. */
  ...stateRecordFields,
  /** Beyond SPEC (issue 25, decision 233): up to 5 volume tiers; left out, the lot has none. */
  price_tiers: priceTiersField.optional().default([]),
})
  .superRefine((form, context) => {
    refineCoaComplete(form, context);
    refineTiersAgainstPrice(form, context);
    const price = form.asking_price;
    if (form.make_offer) {
      if (price !== undefined && price < 0) {
        context.addIssue({ code: 'custom', path: ['asking_price'], message: LISTING_RULES.priceNegative });
      }
    } else if (price === undefined) {
      context.addIssue({ code: 'custom', path: ['asking_price'], message: LISTING_RULES.priceRequired });
    } else if (!isPositiveInCents(price)) {
      context.addIssue({ code: 'custom', path: ['asking_price'], message: LISTING_RULES.pricePositive });
    }
  })
  .transform(
    ({ batch_number, package_uids, coa_lab_name, coa_lab_license, coa_tested_at, coa_result, ...form }) => {
      const record = stateRecordOf({
        batch_number,
        package_uids,
        coa_lab_name,
        coa_lab_license,
        coa_tested_at,
        coa_result,
      });
      // A lot with a COA is "tested" exactly when the COA passed (whether it is still under 12 months
      // old decides if the lot is listed at all); the box speaks only for lots without one (decision 211).
      const tested = record.coa ? record.coa.result === 'pass' : form.tested;
      return {
        ...form,
        ...record,
        asking_price: form.asking_price ?? null,
        // SPEC §5: choosing "make me an offer" forces negotiable on.
        negotiable: form.make_offer || form.negotiable,
        tested,
        // Lab results belong to tested listings only; an untested listing carries none.
        test_link: tested ? form.test_link : null,
      };
    },
  );
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
