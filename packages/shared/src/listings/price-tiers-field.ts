import { z } from 'zod';
import { hasAtMostTwoDecimals, isPositiveInCents } from '../common/fields.ts';
import { MIN_QUANTITY_LBS, QUANTITY_MAX_LBS } from './limits.ts';
import { PRICE_TIERS, PRICE_TIERS_MAX, type PriceTier } from './price-tiers.ts';

// The listing form's volume tiers (decision 233), shared by the web form and the API so both refuse
// the same tables with the same words. Multipart sends them as `price_tiers`, a JSON list of
// {fromLbs, pricePerLb}; the web form holds rows of typed text. The rules that need the rest of the
// form (below the asking price, none on a make-an-offer lot) are refineTiersAgainstPrice.

const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A row the seller added and left empty is no tier. */
const isEmptyRow = (row: unknown) =>
  typeof row === 'object' && row !== null && !Array.isArray(row) && Object.values(row).every(isBlank);

/** JSON text from multipart, a list from the form; malformed JSON fails as "not a list". */
function readList(value: unknown): unknown {
  if (isBlank(value)) return [];
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return Symbol('malformed');
    }
  }
  return Array.isArray(list) ? list.filter((row) => !isEmptyRow(row)) : list;
}

/** A number from JSON or typed text; blank is absent, other text NaN (refused as "not a number"). */
function readAmount(value: unknown): unknown {
  if (isBlank(value)) return undefined;
  if (typeof value !== 'string') return value;
  return DECIMAL_TEXT.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}

const amount = (texts: { required: string; invalid: string }) =>
  z.preprocess(
    readAmount,
    z
      .number({ error: (issue) => (issue.input === undefined ? texts.required : texts.invalid) })
      .refine(Number.isFinite, texts.invalid),
  );

const tierRow = z.object(
  {
    fromLbs: amount({ required: PRICE_TIERS.fromRequired, invalid: PRICE_TIERS.fromInvalid }),
    pricePerLb: amount({ required: PRICE_TIERS.priceRequired, invalid: PRICE_TIERS.priceInvalid }),
  },
  { error: PRICE_TIERS.invalid },
);

/** The first rule a tier's start breaks on its own, or null. */
function fromProblem(fromLbs: number): string | null {
  if (!hasAtMostTwoDecimals(fromLbs)) return PRICE_TIERS.fromStep;
  if (Math.round(fromLbs * 100) <= Math.round(MIN_QUANTITY_LBS * 100)) return PRICE_TIERS.fromAboveMinimum;
  if (fromLbs > QUANTITY_MAX_LBS) return PRICE_TIERS.fromMax;
  return null;
}

/** The first rule a tier's price breaks on its own, or null. */
function priceProblem(pricePerLb: number): string | null {
  if (pricePerLb <= 0) return PRICE_TIERS.pricePositive;
  if (!hasAtMostTwoDecimals(pricePerLb)) return PRICE_TIERS.priceStep;
  if (!isPositiveInCents(pricePerLb)) return PRICE_TIERS.pricePositive;
  return null;
}

/**
 * The tiers in the order given: each start above the lot's smallest quantity and above the one
 * before, each price positive and below the one before, both in cents. Each row's fields are
 * judged once (the first problem of each is named), so a form can show every row's error at once.
 */
export const priceTiersField = z
  .preprocess(readList, z.array(tierRow, { error: PRICE_TIERS.invalid }))
  .superRefine((tiers, context) => {
    if (tiers.length > PRICE_TIERS_MAX) {
      context.addIssue({ code: 'custom', message: PRICE_TIERS.tooMany });
      return;
    }
    for (const [index, tier] of tiers.entries()) {
      const before = tiers[index - 1];
      const fromIssue =
        fromProblem(tier.fromLbs) ??
        (before && Math.round(tier.fromLbs * 100) <= Math.round(before.fromLbs * 100)
          ? PRICE_TIERS.fromIncreasing
          : null);
      const priceIssue =
        priceProblem(tier.pricePerLb) ??
        (before && Math.round(tier.pricePerLb * 100) >= Math.round(before.pricePerLb * 100)
          ? PRICE_TIERS.priceDecreasing
          : null);
      if (fromIssue) context.addIssue({ code: 'custom', path: [index, 'fromLbs'], message: fromIssue });
      if (priceIssue) context.addIssue({ code: 'custom', path: [index, 'pricePerLb'], message: priceIssue });
    }
  })
  .transform((tiers): PriceTier[] =>
    tiers.map((tier) => ({
      fromLbs: Math.round(tier.fromLbs * 100) / 100,
      pricePerLb: Math.round(tier.pricePerLb * 100) / 100,
    })),
  );

/**
 * The rules that read the rest of the form: tiers need an asking price (a make-an-offer lot has
 * none), and each tier's price is below it. Issues are placed on the listing form's `price_tiers`.
 */
export function refineTiersAgainstPrice(
  form: { make_offer: boolean; asking_price?: number | undefined; price_tiers: PriceTier[] },
  context: z.RefinementCtx,
): void {
  const tiers = form.price_tiers;
  if (tiers.length === 0) return;
  if (form.make_offer) {
    context.addIssue({ code: 'custom', path: ['price_tiers'], message: PRICE_TIERS.makeOffer });
    return;
  }
  const asking = form.asking_price;
  // Without an asking price the form already says so on that field.
  if (asking === undefined) return;
  for (const [index, tier] of tiers.entries()) {
    if (Math.round(tier.pricePerLb * 100) >= Math.round(asking * 100)) {
      context.addIssue({
        code: 'custom',
        path: ['price_tiers', index, 'pricePerLb'],
        message: PRICE_TIERS.priceBelowAsking,
      });
    }
  }
}
