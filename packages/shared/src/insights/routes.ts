import { idParams } from '../common/params.ts';
import { defineRoutes } from '../route-contract.ts';
import { LISTINGS } from '../texts.ts';
import { insightAddresses } from './addresses.ts';
import { listingInsightsResponse, sellerInsightsResponse } from './responses.ts';

export const insightContracts = defineRoutes(insightAddresses, {
  seller: {
    summary: "Views, inquiries and offers per day of the seller's listings, last 30 Pacific days",
    response: { 200: sellerInsightsResponse },
  },
  listing: {
    summary: 'Views, inquiries and offers per day of one own listing, last 30 Pacific days',
    params: idParams(LISTINGS.notFound),
    response: { 200: listingInsightsResponse },
  },
});
