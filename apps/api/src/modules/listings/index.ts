// What other features may use of listings; everything else in this folder is its own business.

export { startCoaSweep, withholdExpiredLots } from './coa-sweep.ts';
export { type ListingFields, listingFields, mediaByListing } from './columns.ts';
export {
  listingHiddenEmail,
  listingKeptHiddenEmail,
  listingRemovedEmail,
  listingRestoredEmail,
  type ModerationMailInput,
} from './moderation-emails.ts';
export { listingColumns, withMedia } from './own-listings.ts';
export { presentListing, presentPriceTiers } from './presenter.ts';
export { syncSellerBusinessName, syncSellerStatus } from './seller-sync.ts';
export { coaAllowsListing, presentCoa } from './state-record.ts';
export { queueListingUpdated } from './webhook-event.ts';
