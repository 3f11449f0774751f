import { address } from '../route-contract.ts';

// Where a seller's insights answer (decision 200): no zod here, see routes.ts.
export const insightAddresses = {
  seller: address('GET', '/listings/my/insights'),
  listing: address('GET', '/listings/:id/insights'),
};
