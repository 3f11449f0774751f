import { SELLERS, sellerContracts } from '@canopy/shared';
import { route } from '../../http/route-table.ts';
import { notFound } from '../../lib/errors.ts';
import { presentStorefront } from './presenter.ts';
import { findStorefront } from './service.ts';

export const sellerRoutes = [
  route({
    ...sellerContracts.storefront,
    access: 'public',
  }).handle(async ({ params: { id }, ctx }) => {
    const row = await findStorefront(ctx.database.db, id);
    if (!row) throw notFound(SELLERS.notFound);
    return { success: true, seller: presentStorefront(row) };
  }),
];
