import { SAVED_SEARCHES, savedSearchContracts } from '@canopy/shared';
import { route } from '../../http/route-table.ts';
import { presentSavedSearch } from './presenter.ts';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, renameSavedSearch } from './service.ts';

// Saved searches (issue 15, decision 150): any verified account that browses the catalog may keep
// them; each person sees and changes only their own.

/** A name and a dozen short filters: 4 kB is far more than an honest body. */
const BODY_LIMIT = 4 * 1024;
export const savedSearchRoutes = [
  route({
    ...savedSearchContracts.list,
    access: 'verified',
  }).handle(async ({ ctx, auth }) => ({
    success: true,
    data: (await listSavedSearches(ctx.database.db, auth.user.id)).map(presentSavedSearch),
  })),
  route({
    ...savedSearchContracts.create,
    access: 'verified',
    bodyLimit: BODY_LIMIT,
    rateLimitPerMinute: 60,
    rateLimitBy: 'session',
  }).handle(async ({ body, reply, ctx, auth }) => {
    const saved = await createSavedSearch(ctx.database.db, auth.user.id, body);
    reply.status(201);
    return { success: true, message: SAVED_SEARCHES.saved, data: presentSavedSearch(saved) };
  }),
  route({
    ...savedSearchContracts.rename,
    access: 'verified',
    bodyLimit: BODY_LIMIT,
  }).handle(async ({ params: { id }, body, ctx, auth }) => {
    const renamed = await renameSavedSearch(ctx.database.db, auth.user, id, body.name);
    return { success: true, message: SAVED_SEARCHES.renamed, data: presentSavedSearch(renamed) };
  }),
  route({
    ...savedSearchContracts.delete,
    access: 'verified',
  }).handle(async ({ params: { id }, ctx, auth }) => {
    await deleteSavedSearch(ctx.database.db, auth.user, id);
    return { success: true, message: SAVED_SEARCHES.deleted };
  }),
];
