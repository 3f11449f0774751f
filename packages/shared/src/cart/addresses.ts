import { address } from '../route-contract.ts';

// Where a buying company's cart answers (issue 25 item 0, decision 200): no zod here, so the
// navigation's count loads without the schemas; routes.ts adds them.
export const cartAddresses = {
  cart: address('GET', '/cart'),
  saveCart: address('PUT', '/cart'),
};
