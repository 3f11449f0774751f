import { idParams, PRODUCTS, productListQuery, productListResponse, productResponse } from '@canopy/shared';
import { route } from '../../http/route-table.ts';
import { notFound } from '../../lib/errors.ts';
import { productPage, publicProduct } from './pages.ts';
import { viewerKey } from './service.ts';
import { viewCounterOf } from './view-counter.ts';

export const catalogRoutes = [
  route({
    method: 'GET',
    url: '/products',
    summary: 'Search the public catalog',
    access: 'public',
    query: productListQuery,
    response: { 200: productListResponse },
  }).handle(async ({ query, ctx }) => productPage(ctx, query)),
  route({
    method: 'GET',
    url: '/products/:id',
    summary: 'One public product',
    access: 'public',
    params: idParams(PRODUCTS.notFound),
    response: { 200: productResponse },
  }).handle(async ({ params: { id }, request, ctx, auth }) => {
    const product = await publicProduct(ctx, id);
    if (!product) throw notFound(PRODUCTS.notFound);
    // A seller looking at their own listing is not a buyer's interest.
    if (auth?.user.id !== product.seller.sellerId) {
      // Noted in memory and written with the next batch (decision 160): no write per page view.
      viewCounterOf(ctx).record(id, viewerKey(auth?.user.id ?? null, request.ip));
    }
    return { success: true, product };
  }),
];
