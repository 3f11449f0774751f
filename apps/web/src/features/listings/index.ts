// The listings feature's public face: how a listing's price, quantity and picture show, shared
// with the admin's listing table.
export { ListingThumbnail } from './components/listing-thumbnail.tsx';
export { listingPrice, listingQuantity } from './listing-display.ts';
