import { address } from '../route-contract.ts';

// Where the home page's figures answer (decision 200): no zod here, see routes.ts.
export const homeAddresses = {
  summary: address('GET', '/home/summary'),
};
