import { address } from '../route-contract.ts';

// What a load balancer probes (decision 200): no zod here, see routes.ts.
export const healthAddresses = {
  health: address('GET', '/health'),
};
