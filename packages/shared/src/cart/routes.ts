import { defineRoutes } from '../route-contract.ts';
import { cartAddresses } from './addresses.ts';
import { cartResponseSchema, saveCartSchema } from './schemas.ts';

// A buying company's cart (issue 25 item 0). Offers are sent from it with POST /offers and lines.

export const cartContracts = defineRoutes(cartAddresses, {
  cart: {
    summary: "The buying company's cart, grouped by seller, each line priced for the buyer",
    response: { 200: cartResponseSchema },
  },
  saveCart: {
    summary: "Replace the buying company's cart (public lots with an asking price, within their pounds)",
    body: saveCartSchema,
    response: { 200: cartResponseSchema },
  },
});
