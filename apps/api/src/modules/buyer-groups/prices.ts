import { BUYER_GROUPS, type BuyerGroupDto, type buyerGroupPricesSchema } from '@canopy/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { buyerGroupListings, listings } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { loadGroup, lockGroup, serialiseSeller } from './groups.ts';
import { privateLotsOf, syncGroupOnly } from './private-lots.ts';

// A group's price list and private lots, replaced whole in one transaction (issue 25's
// PUT /buyer-groups/{id}/prices): every lot named must be the seller's own, a percentage needs an
// asking price to take it off, and group_only follows on every lot that gained or lost privacy.

type PricesInput = z.output<typeof buyerGroupPricesSchema>;

interface Entry {
  pricePerLb: number | null;
  percentOff: number | null;
  private: boolean;
}

/** The lots named, each once, with what the group gets on it. */
function entriesOf(input: PricesInput): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  for (const price of input.prices) {
    entries.set(price.listingId, {
      pricePerLb: price.pricePerLb ?? null,
      percentOff: price.percentOff ?? null,
      private: false,
    });
  }
  for (const listingId of input.privateListingIds) {
    const entry = entries.get(listingId);
    entries.set(listingId, { pricePerLb: null, percentOff: null, ...entry, private: true });
  }
  return entries;
}

export async function setGroupPrices(
  db: Db,
  sellerId: string,
  id: string,
  input: PricesInput,
): Promise<BuyerGroupDto> {
  const entries = entriesOf(input);
  const listingIds = [...entries.keys()];
  if (!listingIds.every(isUuid)) throw badRequest(BUYER_GROUPS.notOwnListing);
  await db.transaction(async (tx) => {
    await serialiseSeller(tx, sellerId);
    const group = await lockGroup(tx, sellerId, id, 'setPrices');
    const lots =
      listingIds.length === 0
        ? []
        : await tx
            .select({ id: listings.id, makeOffer: listings.makeOffer, askingPrice: listings.askingPrice })
            .from(listings)
            .where(and(inArray(listings.id, listingIds), eq(listings.sellerId, sellerId)))
            .for('update');
    if (lots.length !== listingIds.length) throw badRequest(BUYER_GROUPS.notOwnListing);
    for (const lot of lots) {
      const entry = entries.get(lot.id);
      if (entry?.percentOff != null && (lot.makeOffer || lot.askingPrice === null)) {
        throw badRequest(BUYER_GROUPS.percentNeedsAsking);
      }
    }
    const wasPrivate = await privateLotsOf(tx, group.id);
    await tx.delete(buyerGroupListings).where(eq(buyerGroupListings.groupId, group.id));
    if (entries.size > 0) {
      await tx
        .insert(buyerGroupListings)
        .values([...entries].map(([listingId, entry]) => ({ groupId: group.id, listingId, ...entry })));
    }
    await syncGroupOnly(tx, [...new Set([...wasPrivate, ...input.privateListingIds])]);
  });
  return loadGroup(db, id);
}
