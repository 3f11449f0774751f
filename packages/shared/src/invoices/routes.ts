import { idParams } from '../common/params.ts';
import { DEALS } from '../deals/texts.ts';
import { defineRoutes, rawResponse } from '../route-contract.ts';
import { invoiceAddresses } from './addresses.ts';
import {
  invoiceExportPageQuerySchema,
  invoiceExportPageResponse,
  invoiceExportQuerySchema,
  invoiceListQuerySchema,
  invoiceListResponse,
  invoiceStandingResponse,
  invoiceStandingSchema,
  recordPaymentSchema,
} from './schemas.ts';

// Issue 23 items 5 and 7: payments against an order's invoice, and the receivables and payables.

const orderParams = idParams(DEALS.orderNotFound);

export const invoiceContracts = defineRoutes(invoiceAddresses, {
  payments: {
    summary:
      "Where the order's current invoice stands: paid, balance, status and payments (null before it is issued)",
    params: orderParams,
    response: { 200: invoiceStandingResponse.extend({ data: invoiceStandingSchema.nullable() }) },
  },
  recordPayment: {
    summary: "Record a payment received against the order's current invoice (the seller)",
    params: orderParams,
    body: recordPaymentSchema,
    response: { 200: invoiceStandingResponse },
  },
  invoices: {
    summary: "The caller's current invoices on one side, newest first, with totals by status",
    query: invoiceListQuerySchema,
    response: { 200: invoiceListResponse },
  },
  invoicesCsv: {
    summary: "The caller's current invoices on one side as CSV",
    query: invoiceExportQuerySchema,
    response: rawResponse(
      'text/csv',
      'One row per invoice: number, order number, counterparty, issued, due, total, paid, balance, status',
    ),
  },
  // Issue 24 item 4 (decision 231): the same rows as the CSV, for another system, a page at a time.
  invoicesExport: {
    summary:
      "The caller's current invoices on one side as JSON, oldest first, a page at a time after `cursor` (the last id of the previous page)",
    query: invoiceExportPageQuerySchema,
    response: { 200: invoiceExportPageResponse },
  },
});
