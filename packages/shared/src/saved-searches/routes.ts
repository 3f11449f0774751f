import { idParams } from '../common/params.ts';
import { messageResponse } from '../common/responses.ts';
import { defineRoutes } from '../route-contract.ts';
import { savedSearchAddresses } from './addresses.ts';
import { savedSearchListResponse, savedSearchResponse } from './responses.ts';
import { createSavedSearchSchema, renameSavedSearchSchema } from './schemas.ts';
import { SAVED_SEARCHES } from './texts.ts';

const params = idParams(SAVED_SEARCHES.notFound);

export const savedSearchContracts = defineRoutes(savedSearchAddresses, {
  list: { summary: "The caller's saved searches, oldest first", response: { 200: savedSearchListResponse } },
  create: {
    summary: "Save the catalog's current filters under a name; new matching listings are e-mailed",
    body: createSavedSearchSchema,
    response: { 201: savedSearchResponse },
  },
  rename: {
    summary: 'Rename an own saved search',
    params,
    body: renameSavedSearchSchema,
    response: { 200: savedSearchResponse },
  },
  delete: {
    summary: 'Delete an own saved search (its alerts stop)',
    params,
    response: { 200: messageResponse },
  },
});
