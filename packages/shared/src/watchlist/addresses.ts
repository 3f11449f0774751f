import { address } from '../route-contract.ts';

// Where a buyer's watchlist answers (decision 200). The hearts on catalog pages use these on first
// load, so this module imports no zod; routes.ts adds the schemas.
export const watchlistAddresses = {
  list: address('GET', '/watchlist'),
  summary: address('GET', '/watchlist/summary'),
  seen: address('POST', '/watchlist/seen'),
  watch: address('PUT', '/watchlist/:id'),
  unwatch: address('DELETE', '/watchlist/:id'),
};
