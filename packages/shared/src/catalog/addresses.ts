import { address } from '../route-contract.ts';

// Where the public catalog answers (decision 200). The catalog pages call these on their first
// load, so this module imports no zod (decision 177); routes.ts adds the schemas.
export const catalogAddresses = {
  products: address('GET', '/products'),
  categories: address('GET', '/products/categories'),
  product: address('GET', '/products/:id'),
};
