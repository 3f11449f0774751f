import { address } from '../route-contract.ts';

// Where the wanted-post calls answer (decision 200): no zod here, see routes.ts.
export const wantedAddresses = {
  list: address('GET', '/wanted'),
  create: address('POST', '/wanted'),
  close: address('POST', '/wanted/:id/close'),
  answer: address('POST', '/wanted/:id/answers'),
};
