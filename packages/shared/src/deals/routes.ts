import { idParams } from '../common/params.ts';
import { buyerRecordSchema } from '../invoices/schemas.ts';
import { defineRoutes, rawResponse } from '../route-contract.ts';
import { dealAddresses } from './addresses.ts';
import {
  acceptOfferResponseSchema,
  counterBodySchema,
  dealsSummaryResponseSchema,
  declineOfferSchema,
  makeOfferBodySchema,
  offerListQuerySchema,
  offerListResponseSchema,
  offerResponseSchema,
  offerSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderResponseSchema,
  orderStatusResponseSchema,
  orderStatusSchema,
} from './schemas.ts';
import { DEALS } from './texts.ts';

// Issue 14's wire contract: offers, their answers and the orders they become.

const offerParams = idParams(DEALS.offerNotFound);
const orderParams = idParams(DEALS.orderNotFound);

export const dealContracts = defineRoutes(dealAddresses, {
  makeOffer: {
    summary: 'Make an offer on a listing, or on several lots of one seller as lines (buyers)',
    body: makeOfferBodySchema,
    response: { 201: offerResponseSchema },
  },
  offers: {
    summary: "The caller's offers, newest first (admins: all)",
    query: offerListQuerySchema,
    response: { 200: offerListResponseSchema },
  },
  offer: {
    summary: "One offer (its parties and admins); its seller also reads the buyer's payment record",
    params: offerParams,
    response: {
      200: offerResponseSchema.omit({ message: true }).extend({
        // Issue 23 item 7: to the seller only; null below BUYER_RECORD_MIN_PAID paid invoices ("new buyer").
        data: offerSchema.extend({ buyerRecord: buyerRecordSchema.nullable().optional() }),
      }),
    },
  },
  acceptOffer: {
    summary: 'Accept the live offer: it becomes an order and reserves the quantity',
    params: offerParams,
    response: { 200: acceptOfferResponseSchema },
  },
  declineOffer: {
    summary: 'Decline the live offer, with an optional reason',
    params: offerParams,
    body: declineOfferSchema,
    response: { 200: offerResponseSchema },
  },
  withdrawOffer: {
    summary: 'Withdraw an open offer (its maker)',
    params: offerParams,
    response: { 200: offerResponseSchema },
  },
  counterOffer: {
    summary: 'Counter the live offer: the counter becomes the live offer',
    params: offerParams,
    body: counterBodySchema,
    response: { 201: offerResponseSchema },
  },
  approveOffer: {
    summary:
      "Approve a member's offer above their order limit: the seller then sees it (owners and managers)",
    params: offerParams,
    response: { 200: offerResponseSchema },
  },
  declineApproval: {
    summary: "Decline a member's offer above their order limit, unseen by the seller (owners and managers)",
    params: offerParams,
    body: declineOfferSchema,
    response: { 200: offerResponseSchema },
  },
  orders: {
    summary: "The caller's orders, newest first, with their total value (admins: all)",
    query: orderListQuerySchema,
    response: { 200: orderListResponseSchema },
  },
  order: {
    summary: 'One order with its history (its parties and admins)',
    params: orderParams,
    response: { 200: orderResponseSchema },
  },
  confirmationPdf: {
    summary: 'The printable order confirmation',
    params: orderParams,
    response: rawResponse(
      'application/pdf',
      "Both businesses' names, license numbers and addresses as at acceptance, the terms and the total.",
    ),
  },
  changeOrderStatus: {
    summary: 'Mark an order fulfilled (seller) or completed (buyer), or cancel it before fulfilment',
    params: orderParams,
    body: orderStatusSchema,
    response: { 200: orderStatusResponseSchema },
  },
  // Issue 25 item 5 (decision 245): a delivered order's lot, quantity and price as a new offer.
  reorder: {
    summary:
      "Order again: a new offer on the same lot, or the seller's current lot of its strain and type, at the last quantity (up to what is left) and price (buyers)",
    params: orderParams,
    response: { 201: offerResponseSchema },
  },
  summary: {
    summary: "The caller's open offers and orders to act on (the dashboard's Deals count)",
    response: { 200: dealsSummaryResponseSchema },
  },
  // Issue 24 item 4 (decision 231): the company's orders for its books, one row per order line.
  ordersCsv: {
    summary: "The company's orders as CSV, one row per order line, oldest first (dates are Pacific)",
    response: rawResponse(
      'text/csv',
      'order_number, date, status, counterparty, line, lot, pounds, price_per_lb, line_total, payment_terms, due_date',
    ),
  },
});
