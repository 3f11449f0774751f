import type { Db } from '../../db/client.ts';
import { queueWebhookEvent } from '../webhooks/index.ts';
import { loadListing } from './own-listings.ts';
import { presentListing } from './presenter.ts';

// listing.updated (issue 24): queued in the transaction of each seller's change to a lot (an edit,
// a quantity set by a person or an ERP, archiving and relisting, and the pounds an order takes or
// gives back), for the seller's own webhooks only, with the lot as GET /listings/{id} answers it.

export async function queueListingUpdated(
  tx: Db,
  urlFor: (key: string) => string,
  sellerId: string,
  listingId: string,
): Promise<void> {
  await queueWebhookEvent(tx, {
    type: 'listing.updated',
    companyIds: [sellerId],
    data: async () => presentListing(await loadListing(tx, listingId), urlFor),
  });
}
