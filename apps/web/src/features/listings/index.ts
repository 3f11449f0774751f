// The listings feature's public face: how a listing's price, quantity and picture read, shared
// with the admin's listing table.
export { listingPrice, listingQuantity, listingThumbnail } from './listing-display.ts';
