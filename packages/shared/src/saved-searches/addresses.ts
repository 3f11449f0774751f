import { address } from '../route-contract.ts';

// Where the saved-search calls answer (decision 200): no zod here, see routes.ts.
export const savedSearchAddresses = {
  list: address('GET', '/saved-searches'),
  create: address('POST', '/saved-searches'),
  rename: address('PATCH', '/saved-searches/:id'),
  delete: address('DELETE', '/saved-searches/:id'),
};
