// What other features may use of pricing (issue 25): which price a buyer gets for a lot, for a
// quantity (a line of a cart or an offer) or none in particular ("Your price" on a card).
export {
  bestPrice,
  buyerGroupWith,
  type GroupEntry,
  groupEntriesFor,
  groupPriceOf,
  type LotTerms,
  type YourPrice,
  yourPrices,
} from './buyer-price.ts';
export { type LinePrice, type LotPrices, linePrice } from './line-price.ts';
