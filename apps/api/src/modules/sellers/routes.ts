import { idParams, SELLERS, sellerResponse } from '@canopy/shared';
import { route } from '../../http/route-table.ts';
import { notFound } from '../../lib/errors.ts';
import { presentStorefront } from './presenter.ts';
import { findStorefront } from './service.ts';

export const sellerRoutes = [
  route({
    method: 'GET',
    url: '/sellers/:id',
    summary: "A verified seller's public storefront header",
    access: 'public',
    params: idParams(SELLERS.notFound),
    response: { 200: sellerResponse },
  }).handle(async ({ params: { id }, ctx }) => {
    const row = await findStorefront(ctx.database.db, id);
    if (!row) throw notFound(SELLERS.notFound);
    return { success: true, seller: presentStorefront(row) };
  }),
];
