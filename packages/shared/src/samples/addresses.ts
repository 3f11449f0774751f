import { address } from '../route-contract.ts';

// Where sample requests answer (decision 200): no zod here, see routes.ts.
export const sampleAddresses = {
  request: address('POST', '/samples'),
  list: address('GET', '/samples'),
  approve: address('POST', '/samples/:id/approve'),
  decline: address('POST', '/samples/:id/decline'),
};
