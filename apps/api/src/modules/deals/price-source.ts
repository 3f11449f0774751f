import { type PriceSource, type PriceTier, priceForQuantity, sameCents } from '@canopy/shared';

// Which price an accepted offer paid (issue 25 item 2, decision 233), for the order line: the price
// the lot's own table gives its quantity (the asking price, or the tier reached), or a negotiated
// one. The lot is read at acceptance, which refuses a lot whose terms changed since the offer
// (decision 187): its table then is the one the offer was made on.

interface LotPrices {
  makeOffer: boolean;
  askingPrice: number | null;
  priceTiers: readonly PriceTier[];
}

export function priceSourceOf(
  terms: { quantityLbs: number; pricePerLb: number },
  lot: LotPrices,
  /** The buyer's group price for the lot (issue 25 item 1, decision 242), when they have one. */
  groupPrice: number | null = null,
): { priceSource: PriceSource; tierFromLbs: number | null } {
  if (groupPrice !== null && sameCents(groupPrice, terms.pricePerLb))
    return { priceSource: 'group', tierFromLbs: null };
  // A make-an-offer lot's stored asking price (if any) is not shown, so no buyer was offered it.
  const applied = lot.makeOffer ? null : priceForQuantity(terms.quantityLbs, lot.askingPrice, lot.priceTiers);
  if (!applied || !sameCents(applied.pricePerLb, terms.pricePerLb)) {
    return { priceSource: 'negotiated', tierFromLbs: null };
  }
  return { priceSource: applied.source, tierFromLbs: applied.fromLbs };
}
