import { idParams } from '../common/params.ts';
import { defineRoutes } from '../route-contract.ts';
import { PRODUCTS } from '../texts.ts';
import { catalogAddresses } from './addresses.ts';
import { categoryCountsResponse, productListResponse, productResponse } from './responses.ts';
import { productListQuery } from './schemas.ts';

export const catalogContracts = defineRoutes(catalogAddresses, {
  products: {
    summary: 'Search the public catalog',
    query: productListQuery,
    response: { 200: productListResponse },
  },
  categories: { summary: 'Public listings per category', response: { 200: categoryCountsResponse } },
  product: {
    summary: 'One public product',
    params: idParams(PRODUCTS.notFound),
    response: { 200: productResponse },
  },
});
