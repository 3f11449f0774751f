import { address } from '../route-contract.ts';

// Where a seller's listing calls answer (decision 200): no zod here, see routes.ts.
export const listingAddresses = {
  productTypes: address('GET', '/listings/product-types'),
  mine: address('GET', '/listings/my/listings'),
  create: address('POST', '/listings'),
  update: address('PUT', '/listings/:id'),
  archive: address('POST', '/listings/:id/archive'),
  relist: address('POST', '/listings/:id/relist'),
  publish: address('POST', '/listings/:id/publish'),
  deleteDraft: address('DELETE', '/listings/:id'),
  duplicate: address('POST', '/listings/:id/duplicate'),
  requestReview: address('POST', '/listings/:id/review-request'),
  setQuantity: address('PATCH', '/listings/:id/quantity'),
  exportCsv: address('GET', '/listings/export.csv'),
  exportJson: address('GET', '/listings/export'),
  importLots: address('POST', '/listings/import'),
  importTemplate: address('GET', '/listings/import/template.csv'),
};
