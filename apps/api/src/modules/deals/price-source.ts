import { type PriceSource, sameCents } from '@canopy/shared';
import { type LotPrices, linePrice } from '../pricing/index.ts';

// Which price an accepted line paid (issue 25 item 2, decision 233), for the order line: the price
// the lot gives the buyer for its quantity (linePrice: the asking price or the tier reached), or a
// negotiated one. The lot is read at acceptance, which refuses a lot whose terms changed since the
// offer (decision 187): its table then is the one the offer was made on.

export function priceSourceOf(
  terms: { quantityLbs: number; pricePerLb: number },
  lot: LotPrices,
  /** The buyer's group price for the lot (issue 25 item 1, decision 242), when they have one. */
  groupPrice: number | null = null,
): { priceSource: PriceSource; tierFromLbs: number | null } {
  if (groupPrice !== null && sameCents(groupPrice, terms.pricePerLb))
    return { priceSource: 'group', tierFromLbs: null };
  const applied = linePrice(lot, terms.quantityLbs);
  if (!applied || !sameCents(applied.pricePerLb, terms.pricePerLb)) {
    return { priceSource: 'negotiated', tierFromLbs: null };
  }
  return { priceSource: applied.source, tierFromLbs: applied.tierFromLbs };
}
