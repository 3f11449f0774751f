import { healthResponse } from '../common/responses.ts';
import { defineRoutes } from '../route-contract.ts';
import { healthAddresses } from './addresses.ts';

export const healthContracts = defineRoutes(healthAddresses, {
  health: {
    summary: 'Whether this instance can serve (503 with Retry-After while the database is away)',
    response: { 200: healthResponse },
  },
});
