import { catalogContracts, PRODUCTS, type ProductCategory } from '@canopy/shared';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route-table.ts';
import { notFound } from '../../lib/errors.ts';
import { noteCategoryInterest } from '../digest/index.ts';
import { groupProduct, withYourPrice } from './buyer-view.ts';
import { viewerKey } from './service.ts';

/** Fire and forget: a failed upsert is logged, never the visitor's problem. */
const noteInterest = (ctx: AppContext, userId: string, category: ProductCategory) =>
  void noteCategoryInterest(ctx.database.db, userId, category).catch((error: unknown) =>
    ctx.log.error({ err: error }, 'recording a category interest failed'),
  );

export const catalogRoutes = [
  route({
    ...catalogContracts.products,
    access: 'public',
  }).handle(async ({ query, request, ctx, auth }) => {
    // For the weekly digest (decision 157): not awaited, so the catalog never waits on it.
    if (auth && query.category) noteInterest(ctx, auth.user.id, query.category);
    return request.server.catalog.productPage(query);
  }),
  route({
    ...catalogContracts.categories,
    access: 'public',
  }).handle(async ({ request }) => request.server.catalog.categoryCounts()),
  route({
    ...catalogContracts.product,
    access: 'public',
  }).handle(async ({ params: { id }, request, ctx, auth }) => {
    const product =
      (await request.server.catalog.publicProduct(id)) ??
      (auth ? await groupProduct(ctx, auth.user.id, id) : null);
    if (!product) throw notFound(PRODUCTS.notFound);
    // A seller looking at their own listing is not a buyer's interest.
    if (auth?.user.id !== product.seller.sellerId) {
      // Noted in memory and written with the next batch (decision 160): no write per page view.
      request.server.viewCounter.record(id, viewerKey(auth?.user.id ?? null, request.ip));
    }
    if (auth && auth.user.id !== product.seller.sellerId) noteInterest(ctx, auth.user.id, product.category);
    return { success: true, product: await withYourPrice(ctx, auth, product) };
  }),
];
