import { insightAddresses, type SellerInsightsResponse } from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';
import { listingKeys } from './listings-api.ts';

// Seller insights (issue 15 item 6): every own listing's last 30 Pacific days in one call, so the
// dashboard draws each row's chart without a request per listing.

export const sellerInsightsQueryOptions = () =>
  queryOptions({
    queryKey: [...listingKeys.all, 'insights'] as const,
    queryFn: async ({ signal }) => (await call(insightAddresses.seller, { signal })).insights,
  });

export type SellerInsights = SellerInsightsResponse['insights'];
