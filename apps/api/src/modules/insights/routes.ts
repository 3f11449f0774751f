import { insightContracts } from '@canopy/shared';
import { route } from '../../http/route-table.ts';
import { listingInsights, sellerInsights } from './service.ts';

// Insights are the seller's own business: the access level admits sellers only (an admin is refused
// like on every seller route), and another seller's listing is not found (decision 163).
export const insightRoutes = [
  route({
    ...insightContracts.seller,
    access: 'seller',
  }).handle(async ({ ctx, auth }) => ({
    success: true,
    insights: await sellerInsights(ctx.database.db, auth.user.id),
  })),
  route({
    ...insightContracts.listing,
    access: 'seller',
  }).handle(async ({ params, ctx, auth }) => ({
    success: true,
    insights: await listingInsights(ctx.database.db, auth.user.id, params.id),
  })),
];
