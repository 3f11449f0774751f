import {
  createSavedSearchSchema,
  idParams,
  messageResponse,
  renameSavedSearchSchema,
  SAVED_SEARCHES,
  savedSearchListResponse,
  savedSearchResponse,
} from '@canopy/shared';
import { route } from '../../http/route-table.ts';
import { presentSavedSearch } from './presenter.ts';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, renameSavedSearch } from './service.ts';

// Saved searches (issue 15, decision 150): any verified account that browses the catalog may keep
// them; each person sees and changes only their own.

/** A name and a dozen short filters: 4 kB is far more than an honest body. */
const BODY_LIMIT = 4 * 1024;
const params = idParams(SAVED_SEARCHES.notFound);

export const savedSearchRoutes = [
  route({
    method: 'GET',
    url: '/saved-searches',
    summary: "The caller's saved searches, oldest first",
    access: 'verified',
    response: { 200: savedSearchListResponse },
  }).handle(async ({ ctx, auth }) => ({
    success: true,
    data: (await listSavedSearches(ctx.database.db, auth.user.id)).map(presentSavedSearch),
  })),
  route({
    method: 'POST',
    url: '/saved-searches',
    summary: "Save the catalog's current filters under a name; new matching listings are e-mailed",
    access: 'verified',
    bodyLimit: BODY_LIMIT,
    rateLimitPerMinute: 60,
    rateLimitBy: 'session',
    body: createSavedSearchSchema,
    response: { 201: savedSearchResponse },
  }).handle(async ({ body, reply, ctx, auth }) => {
    const saved = await createSavedSearch(ctx.database.db, auth.user.id, body);
    reply.status(201);
    return { success: true, message: SAVED_SEARCHES.saved, data: presentSavedSearch(saved) };
  }),
  route({
    method: 'PATCH',
    url: '/saved-searches/:id',
    summary: 'Rename an own saved search',
    access: 'verified',
    bodyLimit: BODY_LIMIT,
    params,
    body: renameSavedSearchSchema,
    response: { 200: savedSearchResponse },
  }).handle(async ({ params: { id }, body, ctx, auth }) => {
    const renamed = await renameSavedSearch(ctx.database.db, auth.user, id, body.name);
    return { success: true, message: SAVED_SEARCHES.renamed, data: presentSavedSearch(renamed) };
  }),
  route({
    method: 'DELETE',
    url: '/saved-searches/:id',
    summary: 'Delete an own saved search (its alerts stop)',
    access: 'verified',
    params,
    response: { 200: messageResponse },
  }).handle(async ({ params: { id }, ctx, auth }) => {
    await deleteSavedSearch(ctx.database.db, auth.user, id);
    return { success: true, message: SAVED_SEARCHES.deleted };
  }),
];
