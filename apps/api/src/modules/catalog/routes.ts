import { PRODUCTS } from '@canopy/shared';
import { defineRoutes, parse, requireId } from '../../http/route-table.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { productPage, publicProduct } from './pages.ts';
import { productListQuery } from './query.ts';
import { recordView, viewerKey } from './service.ts';

export const catalogRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/products',
    access: 'public',
    handler: async ({ request, ctx }) => {
      const query = parse(productListQuery, request.query);
      return productPage(ctx, query);
    },
  },
  {
    method: 'GET',
    url: '/products/:id',
    access: 'public',
    handler: async ({ request, ctx, auth }) => {
      const id = requireId((request.params as { id?: string }).id, PRODUCTS.notFound, isUuid);
      const product = await publicProduct(ctx, id);
      if (!product) throw notFound(PRODUCTS.notFound);
      // A seller looking at their own listing is not a buyer's interest.
      if (auth?.user.id !== product.seller.sellerId) {
        const viewer = viewerKey(auth?.user.id ?? null, request.ip);
        await recordView(ctx.database.db, id, viewer);
      }
      return { success: true, product };
    },
  },
]);
