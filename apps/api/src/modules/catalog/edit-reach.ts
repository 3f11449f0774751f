import type { ProductListQuery } from '@canopy/shared';
import type { ListingEdit } from './page-cache.ts';

// Which cached catalog lists a listing's edit can alter without showing the listing (decision
// 181). The trigger of migration 0018 names an edit only when it left the listing's words,
// facets, category, seller and age as they were; what is left to move is its price and quantity.

/** Where a listing stands in a list sorted by price: its listed price (null: make an offer), then its id. */
interface PriceKey {
  price: number | null;
  id: string;
}

/** A page of a list sorted by price: its first and last listings. */
export interface PageBounds {
  first: PriceKey;
  last: PriceKey;
}

/** Orders two listings as ORDER BY listed_price ASC|DESC NULLS LAST, id ASC|DESC does. */
function comparePrices(sort: 'price_asc' | 'price_desc', a: PriceKey, b: PriceKey): number {
  if (a.price !== b.price) {
    if (a.price === null) return 1;
    if (b.price === null) return -1;
    return sort === 'price_asc' ? a.price - b.price : b.price - a.price;
  }
  const byId = a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return sort === 'price_asc' ? byId : -byId;
}

/**
 * Whether an edit to a listing a list does not show can still alter that list (decision 181). The
 * edit left the listing's words, facets and age as they were (else it is a change to everything),
 * so only its price and quantity matter:
 * - never in another category or of another seller;
 * - joining or leaving the list (a price band, a quantity floor) moves its count and its pages;
 * - staying in a list sorted by price, it alters a page only by crossing it, or landing on it;
 * - otherwise its place, and every page, stay as they were.
 * A list with words is assumed to hold the listing: its words are not in the edit.
 */
export function editReaches(q: ProductListQuery, edit: ListingEdit, bounds: PageBounds | null): boolean {
  if ((q.category && q.category !== edit.category) || (q.sellerId && q.sellerId !== edit.sellerId)) {
    return false;
  }
  const member = (price: number | null, quantity: number) =>
    (q.minPrice === undefined || (price !== null && price >= q.minPrice)) &&
    (q.maxPrice === undefined || (price !== null && price <= q.maxPrice)) &&
    (q.minQuantity === undefined || quantity >= q.minQuantity);
  const [priceBefore, priceAfter] = edit.price;
  const wasMember = member(priceBefore, edit.quantity[0]);
  if (wasMember !== member(priceAfter, edit.quantity[1])) return true;
  if (!wasMember || priceBefore === priceAfter) return false;
  if (q.sort !== 'price_asc' && q.sort !== 'price_desc') return false;
  // A page past the last listing stays empty while the count stays the same.
  if (!bounds) return false;
  const sort = q.sort;
  // A listing of the list that the page does not show stands before it or after it; the page
  // changes when the edit takes it to the other side, or onto the page.
  const side = (price: number | null) => {
    const key = { price, id: edit.id };
    if (comparePrices(sort, key, bounds.first) < 0) return 'before';
    return comparePrices(sort, key, bounds.last) > 0 ? 'after' : 'on';
  };
  const before = side(priceBefore);
  const after = side(priceAfter);
  return before === 'on' || before !== after;
}

/** The bounds of a page from its listings in order; null for an empty page. */
export function pageBounds(listings: { id: string; listedPrice: number | null }[]): PageBounds | null {
  const first = listings[0];
  const last = listings.at(-1);
  if (!first || !last) return null;
  return {
    first: { price: first.listedPrice, id: first.id },
    last: { price: last.listedPrice, id: last.id },
  };
}
