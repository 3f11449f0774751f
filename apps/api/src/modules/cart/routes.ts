import { cartContracts } from '@canopy/shared';
import { route } from '../../http/route-table.ts';
import { readCart, saveCart } from './service.ts';

// Issue 25 item 0: the buying company's cart. Its offers go out through POST /offers with lines.

export const cartRoutes = [
  route({
    ...cartContracts.cart,
    access: 'buyer',
  }).handle(async ({ ctx, auth }) => ({
    success: true,
    data: await readCart(ctx.database.db, auth.user.id),
  })),
  route({
    ...cartContracts.saveCart,
    access: 'buyer',
    rateLimitPerMinute: 120,
    rateLimitBy: 'session',
  }).handle(async ({ body, ctx, auth }) => ({
    success: true,
    data: await saveCart(ctx.database.db, auth.user.id, body),
  })),
];
