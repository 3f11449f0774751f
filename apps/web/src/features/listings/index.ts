// The listings feature's public face: how a listing's price, quantity and picture show, shared
// with the admin's listing table.

/** The seller's own lots: the buyer groups' price list is set on them (issue 25 item 1). */
export { myListingsQueryOptions } from './api/listings-api.ts';
export { ListingThumbnail } from './components/listing-thumbnail.tsx';
export { listingPrice, listingQuantity } from './listing-display.ts';
