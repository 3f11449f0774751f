import { defineRoutes } from '../route-contract.ts';
import { homeAddresses } from './addresses.ts';
import { homeSummaryResponse } from './responses.ts';

export const homeContracts = defineRoutes(homeAddresses, {
  summary: {
    summary: 'Verified operators and live lots, for the home page',
    response: { 200: homeSummaryResponse },
  },
});
