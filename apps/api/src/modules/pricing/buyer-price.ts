import { type PriceTier, priceForQuantity } from '@canopy/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyerGroupListings, buyerGroupMembers, buyerGroups, listings } from '../../db/schema/index.ts';

// "Your price" (issue 25 item 1, decision 242): the one place that says which price a buyer company
// gets for a lot. A group price (a price per pound, or a percentage off the asking price) is the
// buyer's own; a volume tier is everyone's at a quantity. The lower of the two wins; the asking
// price is no "your price" at all, so a lot on which it is the best answers nothing.

/** What a lot's own terms are, as the price computation reads them. */
export interface LotTerms {
  makeOffer: boolean;
  askingPrice: number | null;
  priceTiers: readonly PriceTier[];
}

/** A group's entry for a lot: a price per pound, or a percentage off the asking price. */
export interface GroupEntry {
  pricePerLb: number | null;
  percentOff: number | null;
}

export interface YourPrice {
  pricePerLb: number;
  source: 'group' | 'tier';
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** The lot's asking price as buyers see it: none on a make-an-offer lot (decision 140). */
const shownAsking = (lot: LotTerms) => (lot.makeOffer ? null : lot.askingPrice);

/** A group entry's price per pound on this lot; a percentage needs a shown asking price. */
export function groupPriceOf(lot: LotTerms, entry: GroupEntry): number | null {
  if (entry.pricePerLb !== null) return entry.pricePerLb;
  const asking = shownAsking(lot);
  if (entry.percentOff === null || asking === null) return null;
  return cents(asking * (1 - entry.percentOff / 100));
}

/**
 * The price that applies to a buyer for `quantityLbs` (or for no quantity in particular: then no
 * tier is reached): the best of the group price, the tier reached, and the asking price. Null when
 * the asking price is the best, or there is no price at all (a make-an-offer lot without a group
 * price). A tie between group and tier is the group's: it is the buyer's own terms.
 */
export function bestPrice(
  lot: LotTerms,
  entry: GroupEntry | null,
  quantityLbs: number | null,
): YourPrice | null {
  const group = entry ? groupPriceOf(lot, entry) : null;
  const asking = shownAsking(lot);
  const applied = quantityLbs === null ? null : priceForQuantity(quantityLbs, asking, lot.priceTiers);
  const tier = applied?.source === 'tier' ? applied.pricePerLb : null;
  const candidates: YourPrice[] = [];
  if (group !== null && (asking === null || group < asking))
    candidates.push({ pricePerLb: group, source: 'group' });
  if (tier !== null) candidates.push({ pricePerLb: tier, source: 'tier' });
  return candidates.reduce<YourPrice | null>(
    (best, candidate) => (best === null || candidate.pricePerLb < best.pricePerLb ? candidate : best),
    null,
  );
}

/** The buyer company's group entries for these lots (one group per seller, decision 241). */
export async function groupEntriesFor(
  db: Db,
  buyerId: string,
  listingIds: readonly string[],
): Promise<Map<string, GroupEntry & LotTerms & { groupId: string }>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .select({
      listingId: buyerGroupListings.listingId,
      groupId: buyerGroupListings.groupId,
      pricePerLb: buyerGroupListings.pricePerLb,
      percentOff: buyerGroupListings.percentOff,
      makeOffer: listings.makeOffer,
      askingPrice: listings.askingPrice,
      priceTiers: listings.priceTiers,
    })
    .from(buyerGroupListings)
    .innerJoin(buyerGroupMembers, eq(buyerGroupMembers.groupId, buyerGroupListings.groupId))
    .innerJoin(listings, eq(listings.id, buyerGroupListings.listingId))
    .where(
      and(eq(buyerGroupMembers.buyerId, buyerId), inArray(buyerGroupListings.listingId, [...listingIds])),
    );
  return new Map(rows.map(({ listingId, ...row }) => [listingId, row]));
}

/** The buyer's own price for each of these lots that has a group price better than asking. */
export async function yourPrices(
  db: Db,
  buyerId: string,
  listingIds: readonly string[],
  quantityLbs: number | null = null,
): Promise<Map<string, YourPrice>> {
  const entries = await groupEntriesFor(db, buyerId, listingIds);
  const prices = new Map<string, YourPrice>();
  for (const [listingId, entry] of entries) {
    const price = bestPrice(entry, entry, quantityLbs);
    if (price) prices.set(listingId, price);
  }
  return prices;
}

/** The group the buyer is in with this seller, with its terms; null outside every group. */
export async function buyerGroupWith(db: Db, buyerId: string, sellerId: string) {
  const [group] = await db
    .select({
      id: buyerGroups.id,
      minimumOrderLbs: buyerGroups.minimumOrderLbs,
      paymentTerms: buyerGroups.paymentTerms,
    })
    .from(buyerGroupMembers)
    .innerJoin(buyerGroups, eq(buyerGroups.id, buyerGroupMembers.groupId))
    .where(and(eq(buyerGroupMembers.buyerId, buyerId), eq(buyerGroupMembers.sellerId, sellerId)))
    .limit(1);
  return group ?? null;
}
