import { BUYER_GROUPS, buyerGroupContracts } from '@canopy/shared';
import { route } from '../../http/route-table.ts';
import { isUuid } from '../../lib/ids.ts';
import { yourPrivateLots } from '../catalog/index.ts';
import { yourPrices } from '../pricing/index.ts';
import { lookupBuyers } from './buyer-lookup.ts';
import { createGroup, deleteGroup, listGroups, updateGroup } from './groups.ts';
import { setGroupPrices } from './prices.ts';

// Issue 25 item 1's calls. The seller's side needs listings:write (route-permissions.ts): a price
// list is part of selling the lots. The buyer's prices are the caller's own company's.

export const buyerGroupRoutes = [
  route({ ...buyerGroupContracts.list, access: 'seller' }).handle(async ({ ctx, auth }) => ({
    success: true,
    data: await listGroups(ctx.database.db, auth.user.id),
  })),
  route({ ...buyerGroupContracts.create, access: 'seller' }).handle(async ({ body, reply, ctx, auth }) => {
    const data = await createGroup(ctx.database.db, auth.user.id, body);
    reply.status(201);
    return { success: true, message: BUYER_GROUPS.created, data };
  }),
  route({ ...buyerGroupContracts.update, access: 'seller' }).handle(async ({ params, body, ctx, auth }) => ({
    success: true,
    message: BUYER_GROUPS.updated,
    data: await updateGroup(ctx.database.db, auth.user.id, params.id, body),
  })),
  route({ ...buyerGroupContracts.remove, access: 'seller' }).handle(async ({ params, ctx, auth }) => {
    await deleteGroup(ctx.database.db, auth.user.id, params.id);
    return { success: true, message: BUYER_GROUPS.removed };
  }),
  route({ ...buyerGroupContracts.setPrices, access: 'seller' }).handle(
    async ({ params, body, ctx, auth }) => ({
      success: true,
      message: BUYER_GROUPS.pricesSaved,
      data: await setGroupPrices(ctx.database.db, auth.user.id, params.id, body),
    }),
  ),
  route({ ...buyerGroupContracts.buyers, access: 'seller' }).handle(async ({ query, ctx }) => ({
    success: true,
    data: await lookupBuyers(ctx.database.db, query.query),
  })),
  route({ ...buyerGroupContracts.yourPrices, access: 'buyer' }).handle(async ({ query, ctx, auth }) => {
    // An id that is no listing id names no lot, so it has no price (the list is the page's cards).
    const prices = await yourPrices(ctx.database.db, auth.user.id, query.listingIds.filter(isUuid));
    return {
      success: true,
      data: [...prices].map(([listingId, price]) => ({ listingId, ...price })),
    };
  }),
  route({ ...buyerGroupContracts.yourPrivateLots, access: 'buyer' }).handle(async ({ query, ctx, auth }) => ({
    success: true,
    data: await yourPrivateLots(ctx, auth.user.id, query.sellerId),
  })),
];
