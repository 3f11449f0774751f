import { idParams, LISTINGS, listingInsightsResponse, sellerInsightsResponse } from '@canopy/shared';
import { route } from '../../http/route-table.ts';
import { listingInsights, sellerInsights } from './service.ts';

// Insights are the seller's own business: the access level admits sellers only (an admin is refused
// like on every seller route), and another seller's listing is not found (decision 163).
export const insightRoutes = [
  route({
    method: 'GET',
    url: '/listings/my/insights',
    summary: "Views, inquiries and offers per day of the seller's listings, last 30 Pacific days",
    access: 'seller',
    response: { 200: sellerInsightsResponse },
  }).handle(async ({ ctx, auth }) => ({
    success: true,
    insights: await sellerInsights(ctx.database.db, auth.user.id),
  })),
  route({
    method: 'GET',
    url: '/listings/:id/insights',
    summary: 'Views, inquiries and offers per day of one own listing, last 30 Pacific days',
    access: 'seller',
    params: idParams(LISTINGS.notFound),
    response: { 200: listingInsightsResponse },
  }).handle(async ({ params, ctx, auth }) => ({
    success: true,
    insights: await listingInsights(ctx.database.db, auth.user.id, params.id),
  })),
];
