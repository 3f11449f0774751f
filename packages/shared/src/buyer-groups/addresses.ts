import { address } from '../route-contract.ts';

// Where buyer groups and their prices are kept and read (issue 25 item 1): no zod here, see routes.ts.
export const buyerGroupAddresses = {
  list: address('GET', '/buyer-groups'),
  create: address('POST', '/buyer-groups'),
  update: address('PUT', '/buyer-groups/:id'),
  remove: address('DELETE', '/buyer-groups/:id'),
  setPrices: address('PUT', '/buyer-groups/:id/prices'),
  /** The seller's lookup of verified buyer companies by business name, to put in a group. */
  buyers: address('GET', '/buyer-groups/buyers'),
  /** A signed-in buyer's own prices for the lots a page shows (the cards' "Your price"). */
  yourPrices: address('GET', '/buyer-prices'),
  /** A signed-in buyer's lots private to their group with one seller: the storefront's own section. */
  yourPrivateLots: address('GET', '/buyer-prices/private-lots'),
};
