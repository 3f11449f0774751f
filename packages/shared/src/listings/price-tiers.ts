import { groupDigits } from '../common/units.ts';
import { formatLbs, formatUsd } from '../deals/texts.ts';
import { MIN_QUANTITY_LBS, QUANTITY_MAX_LBS } from './limits.ts';

// Volume tiers (issue 25 item 2, decision 233): from N lbs a lower price per pound. The one
// computation of the price a quantity gets, which the API (the order's price source) and the web
// (the product page's table, the offer form's live price) both use. No zod here, so the product
// page reads it without the form libraries (decision 177); the form's rules are in
// price-tiers-field.ts.

/** A lot has at most this many tiers. */
export const PRICE_TIERS_MAX = 5;

/** From `fromLbs` pounds (inclusive) the lot costs `pricePerLb`. */
export interface PriceTier {
  fromLbs: number;
  pricePerLb: number;
}

/** The price a quantity gets: the asking price below the first tier, else the highest tier reached. */
export interface AppliedPrice {
  pricePerLb: number;
  source: 'asking' | 'tier';
  /** The tier's start; null for the asking price. */
  fromLbs: number | null;
}

/** Quantities and prices carry cents: compared as whole hundredths, no binary fraction decides. */
const hundredths = (value: number) => Math.round(value * 100);

/**
 * The price per pound `quantityLbs` gets on a lot with this asking price and these tiers; null for a
 * lot without an asking price (make an offer), which has no tiers either. A quantity at a tier's
 * `fromLbs` gets that tier. The tiers need not be in order: the highest start reached wins.
 */
export function priceForQuantity(
  quantityLbs: number,
  askingPrice: number | null,
  tiers: readonly PriceTier[],
): AppliedPrice | null {
  if (askingPrice === null) return null;
  const quantity = hundredths(quantityLbs);
  let applied: AppliedPrice = { pricePerLb: askingPrice, source: 'asking', fromLbs: null };
  let reached = Number.NEGATIVE_INFINITY;
  for (const tier of tiers) {
    const start = hundredths(tier.fromLbs);
    if (start <= quantity && start > reached) {
      reached = start;
      applied = { pricePerLb: tier.pricePerLb, source: 'tier', fromLbs: tier.fromLbs };
    }
  }
  return applied;
}

/** Whether two money amounts are the same number of cents. */
export const sameCents = (a: number, b: number) => hundredths(a) === hundredths(b);

/** The tiers' wording: the listing form's section, its refusals, the product page and the offer form. */
export const PRICE_TIERS = {
  sectionTitle: 'Volume pricing',
  sectionHint: `A lower price per pound for bigger orders, up to ${PRICE_TIERS_MAX} tiers. Below the first tier the asking price applies.`,
  fromLabel: (position: number) => `Tier ${position}: from (lbs)`,
  priceLabel: (position: number) => `Tier ${position}: price ($ per lb)`,
  addTier: 'Add a tier',
  removeTier: (position: number) => `Remove tier ${position}`,
  invalid: 'price_tiers must be a JSON list of tiers, each with fromLbs and pricePerLb',
  tooMany: `A listing can have at most ${PRICE_TIERS_MAX} volume tiers`,
  fromRequired: 'Enter the pounds this tier starts from',
  fromInvalid: 'Tier quantity must be a number',
  fromAboveMinimum: `A tier must start above ${MIN_QUANTITY_LBS} lbs: the asking price applies below the first tier`,
  fromStep: 'Tier quantity can have at most 2 decimal places',
  fromMax: `Tier quantity must be at most ${groupDigits(QUANTITY_MAX_LBS)} lbs`,
  fromIncreasing: 'Each tier must start at more pounds than the tier before it',
  priceRequired: "Enter this tier's price per pound",
  priceInvalid: 'Tier price must be a number',
  pricePositive: 'Tier price must be greater than 0',
  priceStep: 'Tier price can have at most 2 decimal places',
  priceBelowAsking: 'A tier price must be below the asking price',
  priceDecreasing: 'Each tier must cost less per pound than the tier before it',
  makeOffer: 'Volume pricing needs an asking price: a make-an-offer listing cannot have tiers',
  /** The product page's table: "From 10 lbs — $1,100.00/lb". */
  tableRow: (tier: PriceTier) => `From ${formatLbs(tier.fromLbs)} — ${formatUsd(tier.pricePerLb)}/lb`,
  tableHint: 'Below the first tier the asking price applies.',
  /** The offer form, as the quantity is typed: "Price at 12 lbs: $1,100.00/lb (tier from 10 lbs)". */
  priceAt: (quantityLbs: number, applied: AppliedPrice) =>
    `Price at ${formatLbs(quantityLbs)}: ${formatUsd(applied.pricePerLb)}/lb (${
      applied.fromLbs === null ? 'asking price' : `tier from ${formatLbs(applied.fromLbs)}`
    })`,
} as const;
