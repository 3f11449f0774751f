import { address } from '../route-contract.ts';

// Where a seller's storefront answers (decision 200): no zod here, see routes.ts.
export const sellerAddresses = {
  storefront: address('GET', '/sellers/:id'),
};
