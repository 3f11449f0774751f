import {
  CART,
  type CartDto,
  type CartLineDto,
  type CartSellerDto,
  dealTotal,
  formatLbs,
  OFFER_LINES_MAX,
  roundCents,
  type SaveCartBody,
} from '@canopy/shared';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartItems, listings, reachableBy, users } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { type GroupEntry, groupEntriesFor, type LotPrices, linePrice } from '../pricing/index.ts';

// A buying company's cart (issue 25 item 0, decision 237): lots with pounds, kept on the server so
// every member of the company and every device sees the same one. Read grouped by the lots'
// sellers, each line priced for the buyer by the one price function (pricing/line-price.ts).

/**
 * The lots the cart names, as they are now, with whether this buyer can reach them (a lot private
 * to a buyer group is reachable by its members, decision 240).
 */
const lotColumns = (buyerId: string) => ({
  id: listings.id,
  title: listings.title,
  sellerId: listings.sellerId,
  quantityLbs: listings.quantityLbs,
  makeOffer: listings.makeOffer,
  askingPrice: listings.askingPrice,
  priceTiers: listings.priceTiers,
  reachable: sql<boolean>`${reachableBy(buyerId)}`,
});

interface Lot extends LotPrices {
  id: string;
  title: string;
  sellerId: string;
  quantityLbs: number;
  reachable: boolean;
}

/** Why a lot cannot be offered at these pounds now; null when it can. */
function problemOf(lot: Lot, quantityLbs: number): string | null {
  if (!lot.reachable) return CART.listingUnavailable(lot.title);
  if (lot.makeOffer || lot.askingPrice === null) return CART.makeOffer(lot.title);
  if (quantityLbs > lot.quantityLbs) return CART.notEnough(lot.title, formatLbs(lot.quantityLbs));
  return null;
}

function cartLine(lot: Lot, quantityLbs: number, entry: GroupEntry | null): CartLineDto {
  const problem = problemOf(lot, quantityLbs);
  const price = problem === null || lot.reachable ? linePrice(lot, quantityLbs, entry) : null;
  return {
    listingId: lot.id,
    listingTitle: lot.title,
    quantityLbs,
    availableLbs: lot.quantityLbs,
    pricePerLb: price?.pricePerLb ?? null,
    priceSource: price?.source ?? null,
    tierFromLbs: price?.tierFromLbs ?? null,
    total: price ? dealTotal(quantityLbs, price.pricePerLb) : null,
    problem,
  };
}

/** The cart as the buyer reads it: sellers in the order their first lot was added. */
export async function readCart(db: Db, buyerId: string): Promise<CartDto> {
  const rows = await db
    .select({ quantityLbs: cartItems.quantityLbs, lot: lotColumns(buyerId) })
    .from(cartItems)
    .innerJoin(listings, eq(listings.id, cartItems.listingId))
    .where(eq(cartItems.buyerCompanyId, buyerId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.listingId));
  const sellerIds = [...new Set(rows.map((row) => row.lot.sellerId))];
  // The buyer's own group prices (decision 242) price their lines like any offer of theirs.
  const entries = await groupEntriesFor(
    db,
    buyerId,
    rows.map((row) => row.lot.id),
  );
  const names =
    sellerIds.length === 0
      ? []
      : await db
          .select({ id: users.id, businessName: users.businessName })
          .from(users)
          .where(inArray(users.id, sellerIds));
  const sellers: CartSellerDto[] = sellerIds.map((sellerId) => {
    const items = rows
      .filter((row) => row.lot.sellerId === sellerId)
      .map((row) => cartLine(row.lot, row.quantityLbs, entries.get(row.lot.id) ?? null));
    const total = items.reduce((sum, item) => sum + (item.problem === null ? (item.total ?? 0) : 0), 0);
    return {
      sellerId,
      businessName: names.find((name) => name.id === sellerId)?.businessName ?? '',
      items,
      total: roundCents(total),
    };
  });
  return { sellers, itemCount: rows.length };
}

/**
 * Replaces the cart with these lots: each must be a public lot of another business with an asking
 * price, at most the pounds it has, and at most OFFER_LINES_MAX lots of one seller (one offer's
 * worth). Lots already in the cart keep their place; one refused lot refuses the whole save.
 */
export async function saveCart(db: Db, buyerId: string, input: SaveCartBody): Promise<CartDto> {
  const items = input.items;
  if (items.some((item) => !isUuid(item.listingId))) throw badRequest(CART.unknownListing);
  await db.transaction(async (tx) => {
    const ids = items.map((item) => item.listingId);
    const lots =
      ids.length === 0
        ? []
        : await tx.select(lotColumns(buyerId)).from(listings).where(inArray(listings.id, ids));
    const perSeller = new Map<string, number>();
    for (const item of items) {
      const lot = lots.find((candidate) => candidate.id === item.listingId);
      if (!lot) throw badRequest(CART.unknownListing);
      if (lot.sellerId === buyerId) throw badRequest(CART.ownListing);
      const problem = problemOf(lot, item.quantityLbs);
      if (problem) throw badRequest(problem);
      perSeller.set(lot.sellerId, (perSeller.get(lot.sellerId) ?? 0) + 1);
    }
    if ([...perSeller.values()].some((count) => count > OFFER_LINES_MAX))
      throw badRequest(CART.sellerLinesMax);
    await tx
      .delete(cartItems)
      .where(
        and(
          eq(cartItems.buyerCompanyId, buyerId),
          ids.length === 0 ? undefined : notInArray(cartItems.listingId, ids),
        ),
      );
    if (items.length === 0) return;
    await tx
      .insert(cartItems)
      .values(
        items.map((item) => ({
          buyerCompanyId: buyerId,
          listingId: item.listingId,
          quantityLbs: item.quantityLbs,
        })),
      )
      .onConflictDoUpdate({
        target: [cartItems.buyerCompanyId, cartItems.listingId],
        set: { quantityLbs: sql`excluded.quantity_lbs` },
      });
  });
  return readCart(db, buyerId);
}
