// The listings feature's public face: how a listing's price, quantity and picture show, shared
// with the admin's listing table.

/** The seller's own lots: for answering a wanted post, and for the buyer groups' price list (issue 25). */
export { myListingsQueryOptions } from './api/listings-api.ts';
export { ListingThumbnail } from './components/listing-thumbnail.tsx';
export { listingPrice, listingQuantity } from './listing-display.ts';
