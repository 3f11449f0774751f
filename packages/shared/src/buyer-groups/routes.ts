import { messageResponse } from '../common/responses.ts';
import { defineRoutes } from '../route-contract.ts';
import { buyerGroupAddresses } from './addresses.ts';
import { yourPrivateLotsResponse } from './responses.ts';
import {
  buyerGroupParams,
  buyerGroupPricesSchema,
  buyerGroupResponse,
  buyerGroupSchema,
  buyerGroupsResponse,
  buyerLookupQuery,
  buyerLookupResponse,
  yourPricesQuery,
  yourPricesResponse,
  yourPrivateLotsQuery,
} from './schemas.ts';

export const buyerGroupContracts = defineRoutes(buyerGroupAddresses, {
  list: {
    summary: "The seller's buyer groups with their members, prices and private lots",
    response: { 200: buyerGroupsResponse },
  },
  create: {
    summary: 'Create a buyer group of verified buyer companies',
    body: buyerGroupSchema,
    response: { 201: buyerGroupResponse },
  },
  update: {
    summary: "Replace a buyer group's name, members, minimum order and payment terms",
    params: buyerGroupParams,
    body: buyerGroupSchema,
    response: { 200: buyerGroupResponse },
  },
  remove: {
    summary: 'Delete a buyer group; lots private only to it become public again',
    params: buyerGroupParams,
    response: { 200: messageResponse },
  },
  setPrices: {
    summary: "Replace a buyer group's price list (price per lb or % off per lot) and its private lots",
    params: buyerGroupParams,
    body: buyerGroupPricesSchema,
    response: { 200: buyerGroupResponse },
  },
  buyers: {
    summary: 'Verified buyer companies by business name, to add to a group (name and id only)',
    query: buyerLookupQuery,
    response: { 200: buyerLookupResponse },
  },
  yourPrices: {
    summary: "The signed-in buyer's own group prices for the listed lots (never cached, never shared)",
    query: yourPricesQuery,
    response: { 200: yourPricesResponse },
  },
  yourPrivateLots: {
    summary: "A seller's lots private to the signed-in buyer's group, with the buyer's prices (never cached)",
    query: yourPrivateLotsQuery,
    response: { 200: yourPrivateLotsResponse },
  },
});
