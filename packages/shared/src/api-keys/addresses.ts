import { address } from '../route-contract.ts';

// Where a company's API keys are made, listed and revoked (issue 24): no zod here, see routes.ts.
export const apiKeyAddresses = {
  list: address('GET', '/api-keys'),
  create: address('POST', '/api-keys'),
  revoke: address('DELETE', '/api-keys/:id'),
};
