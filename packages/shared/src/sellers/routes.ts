import { idParams } from '../common/params.ts';
import { defineRoutes } from '../route-contract.ts';
import { sellerAddresses } from './addresses.ts';
import { sellerResponse } from './responses.ts';
import { SELLERS } from './texts.ts';

export const sellerContracts = defineRoutes(sellerAddresses, {
  storefront: {
    summary: "A verified seller's public storefront header",
    params: idParams(SELLERS.notFound),
    response: { 200: sellerResponse },
  },
});
