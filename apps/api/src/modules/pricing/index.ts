// The pricing feature's public face (issue 25): which price a buyer gets for a lot.
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
