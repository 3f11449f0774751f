import { address } from '../route-contract.ts';

// Where AI Enhance answers (decision 200): no zod here, see routes.ts.
export const aiAddresses = {
  enhanceText: address('POST', '/ai/enhance-text'),
};
