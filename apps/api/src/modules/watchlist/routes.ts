import { WATCHLIST, watchlistContracts } from '@canopy/shared';
import { route } from '../../http/route-table.ts';
import { mediaByListing } from '../listings/index.ts';
import { presentWatchItem } from './presenter.ts';
import {
  markWatchlistSeen,
  unwatchListing,
  watchedListings,
  watchListing,
  watchlistSummary,
} from './service.ts';

// Issue 15, item 3: a verified buyer's watchlist (decision 155). Adding and removing are PUT and
// DELETE on the lot's own path, so pressing the heart twice, or a retried request, is harmless.

export const watchlistRoutes = [
  route({
    ...watchlistContracts.list,
    access: 'buyer',
  }).handle(async ({ ctx, auth }) => {
    const rows = await watchedListings(ctx.database.db, auth.user.id);
    const media = await mediaByListing(
      ctx.database.db,
      rows.filter((row) => row.available).map((row) => row.item.listingId),
    );
    const data = rows.map((row) =>
      presentWatchItem(row, media.get(row.item.listingId) ?? [], ctx.publicFiles.urlFor),
    );
    return { success: true, data, changed: data.filter((item) => item.notes.length > 0).length };
  }),
  route({
    ...watchlistContracts.summary,
    access: 'buyer',
  }).handle(async ({ ctx, auth }) => ({
    success: true,
    ...(await watchlistSummary(ctx.database.db, auth.user.id)),
  })),
  route({
    ...watchlistContracts.seen,
    access: 'buyer',
  }).handle(async ({ ctx, auth }) => {
    await markWatchlistSeen(ctx.database.db, auth.user.id);
    return { success: true, message: 'Watchlist seen' };
  }),
  route({
    ...watchlistContracts.watch,
    access: 'buyer',
  }).handle(async ({ params: { id }, ctx, auth }) => {
    await watchListing(ctx.database.db, auth.user.id, id);
    return { success: true, message: WATCHLIST.added, watching: true };
  }),
  route({
    ...watchlistContracts.unwatch,
    access: 'buyer',
  }).handle(async ({ params: { id }, ctx, auth }) => {
    await unwatchListing(ctx.database.db, auth.user.id, id);
    return { success: true, message: WATCHLIST.removed, watching: false };
  }),
];
