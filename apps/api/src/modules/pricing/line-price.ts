import { type PriceSource, type PriceTier, priceForQuantity } from '@canopy/shared';
import { bestPrice, type GroupEntry } from './buyer-price.ts';

// The price a buyer is shown for a quantity of a lot (issue 25): the one place that answers it, so
// the cart, the offer lines and the order's price source agree. The buyer's group price or the
// volume tier reached, whichever is lower ("your price", decision 242), else the asking price.

/** What a line's price is made of. */
export interface LotPrices {
  makeOffer: boolean;
  askingPrice: number | null;
  priceTiers: readonly PriceTier[];
}

export interface LinePrice {
  pricePerLb: number;
  source: Exclude<PriceSource, 'negotiated' | 'sample'>;
  /** The tier's start when the source is a tier; else null. */
  tierFromLbs: number | null;
}

/**
 * The price per pound `quantityLbs` of this lot gets the buyer whose group entry (if any) is
 * given; null for a make-an-offer lot without a group price, whose stored asking price (if any) is
 * not shown, so no buyer is offered it.
 */
export function linePrice(
  lot: LotPrices,
  quantityLbs: number,
  entry: GroupEntry | null = null,
): LinePrice | null {
  const yours = bestPrice(lot, entry, quantityLbs);
  if (yours?.source === 'group') return { pricePerLb: yours.pricePerLb, source: 'group', tierFromLbs: null };
  if (lot.makeOffer) return null;
  const applied = priceForQuantity(quantityLbs, lot.askingPrice, lot.priceTiers);
  if (!applied) return null;
  return { pricePerLb: applied.pricePerLb, source: applied.source, tierFromLbs: applied.fromLbs };
}
