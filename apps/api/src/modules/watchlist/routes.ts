import {
  idParams,
  messageResponse,
  WATCHLIST,
  watchlistResponse,
  watchlistSummaryResponse,
  watchToggleResponse,
} from '@canopy/shared';
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

const listingParams = idParams(WATCHLIST.notFound);

export const watchlistRoutes = [
  route({
    method: 'GET',
    url: '/watchlist',
    summary: "The buyer's watched lots, with what changed since the page was last opened",
    access: 'buyer',
    response: { 200: watchlistResponse },
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
    method: 'GET',
    url: '/watchlist/summary',
    summary: 'Which lots the buyer watches and how many changed (hearts and the nav)',
    access: 'buyer',
    response: { 200: watchlistSummaryResponse },
  }).handle(async ({ ctx, auth }) => ({
    success: true,
    ...(await watchlistSummary(ctx.database.db, auth.user.id)),
  })),
  route({
    method: 'POST',
    url: '/watchlist/seen',
    summary: 'The buyer has looked: notes start again from the lots as they are now',
    access: 'buyer',
    response: { 200: messageResponse },
  }).handle(async ({ ctx, auth }) => {
    await markWatchlistSeen(ctx.database.db, auth.user.id);
    return { success: true, message: 'Watchlist seen' };
  }),
  route({
    method: 'PUT',
    url: '/watchlist/:id',
    summary: 'Watch a lot (again: no change)',
    access: 'buyer',
    params: listingParams,
    response: { 200: watchToggleResponse },
  }).handle(async ({ params: { id }, ctx, auth }) => {
    await watchListing(ctx.database.db, auth.user.id, id);
    return { success: true, message: WATCHLIST.added, watching: true };
  }),
  route({
    method: 'DELETE',
    url: '/watchlist/:id',
    summary: 'Stop watching a lot (not watched: no change)',
    access: 'buyer',
    params: listingParams,
    response: { 200: watchToggleResponse },
  }).handle(async ({ params: { id }, ctx, auth }) => {
    await unwatchListing(ctx.database.db, auth.user.id, id);
    return { success: true, message: WATCHLIST.removed, watching: false };
  }),
];
