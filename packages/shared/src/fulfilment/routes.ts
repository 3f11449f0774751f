import { idParams } from '../common/params.ts';
import { DEALS } from '../deals/texts.ts';
import { defineRoutes, rawResponse } from '../route-contract.ts';
import { fulfilmentAddresses } from './addresses.ts';
import {
  correctedInvoiceResponseSchema,
  invoiceCorrectionSchema,
  invoiceResponseSchema,
  scheduledOrderResponseSchema,
  scheduleOrderSchema,
} from './schemas.ts';

// Issue 23's wire contract: scheduling an order, its invoice and its transport manifest.

const orderParams = idParams(DEALS.orderNotFound);

export const fulfilmentContracts = defineRoutes(fulfilmentAddresses, {
  scheduleOrder: {
    summary:
      'Schedule (or reschedule, until in transit) an order: distributor, transport and packages; issues the invoice',
    params: orderParams,
    body: scheduleOrderSchema,
    response: { 200: scheduledOrderResponseSchema },
  },
  invoice: {
    summary: "The order's current invoice with what was paid, its standing and every version",
    params: orderParams,
    response: { 200: invoiceResponseSchema },
  },
  invoicePdf: {
    summary: 'The printable invoice, with every field B&P §26161 requires',
    params: orderParams,
    response: rawResponse(
      'application/pdf',
      "Both parties' names and addresses, the date of sale, the invoice number, each item's kind, quantity and size, the cost with discounts, and where transport started.",
    ),
  },
  correctInvoice: {
    summary: 'Correct the invoice before transit (line discounts): issues the next version, keeps the old',
    params: orderParams,
    body: invoiceCorrectionSchema,
    response: { 201: correctedInvoiceResponseSchema },
  },
  manifestPdf: {
    summary: 'The printable transport manifest of a scheduled order',
    params: orderParams,
    response: rawResponse(
      'application/pdf',
      'Shipper, distributor and receiver (names, licenses, addresses), driver, vehicle, departure, estimated arrival and the packages.',
    ),
  },
  manifestCsv: {
    summary: 'The manifest as CSV, one row per package, laid out for entering the transfer in Metrc',
    params: orderParams,
    response: rawResponse(
      'text/csv',
      'Package UID, item, quantity, unit and wholesale value, with the parties, driver, vehicle and times on every row.',
    ),
  },
});
