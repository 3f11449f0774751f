// What other features may use of pricing: the one function that prices a line for a buyer.
export { type LinePrice, type LotPrices, linePrice } from './line-price.ts';
