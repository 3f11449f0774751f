import { z } from 'zod';
import { singleLine, strictObject } from '../common/fields.ts';
import { UUID_PATTERN } from '../common/params.ts';
import { paginatedResponse, succeeded } from '../common/responses.ts';
import {
  amountField,
  californiaToday,
  DEAL_PARTIES,
  INVOICE_STATUSES,
  isCalendarDate,
  PAYMENT_METHODS,
  PAYMENT_TERMS,
} from '../deals/schemas.ts';
import {
  INVOICES_PAGE_DEFAULT,
  INVOICES_PAGE_MAX,
  PAYMENT_AMOUNT_MAX,
  PAYMENT_REFERENCE_MAX,
} from './limits.ts';
import { PAYMENT_RULES } from './texts.ts';

// Issue 23 items 5 and 7 on the wire: a recorded payment, where an invoice stands, the
// receivables and payables lists, and a buyer's payment record.

/** POST /orders/{id}/payments: money the seller received. paidAt is a Pacific date, not after today. */
export const recordPaymentSchema = strictObject({
  amount: amountField({
    required: PAYMENT_RULES.amountRequired,
    invalid: PAYMENT_RULES.amountInvalid,
    positive: PAYMENT_RULES.amountPositive,
    step: PAYMENT_RULES.amountStep,
    max: PAYMENT_RULES.amountMax,
    maxValue: PAYMENT_AMOUNT_MAX,
  }),
  method: z.enum(PAYMENT_METHODS, { error: PAYMENT_RULES.methodInvalid }),
  paidAt: z
    .string({ error: PAYMENT_RULES.paidAtRequired })
    .trim()
    .min(1, PAYMENT_RULES.paidAtRequired)
    .refine(isCalendarDate, PAYMENT_RULES.paidAtInvalid)
    .refine((value) => value <= californiaToday(), PAYMENT_RULES.paidAtFuture),
  reference: z
    .union([
      singleLine(z.string().trim().max(PAYMENT_REFERENCE_MAX, PAYMENT_RULES.referenceTooLong)),
      z.null(),
    ])
    .optional()
    .transform((value) => value || null),
});
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;

/**
 * GET /invoices and GET /invoices.csv. As the orders list: a filter that is not understood is no
 * filter; role defaults to the caller's own side.
 */
export const invoiceListQuerySchema = z.object({
  role: z.enum(DEAL_PARTIES).optional().catch(undefined),
  status: z.enum(INVOICE_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  limit: z.coerce.number().int().min(1).max(INVOICES_PAGE_MAX).catch(INVOICES_PAGE_DEFAULT),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;
export const invoiceExportQuerySchema = invoiceListQuerySchema.pick({ role: true, status: true });

// ---- Responses ----

export const paymentSchema = z.object({
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  /** YYYY-MM-DD, the Pacific date the money arrived. */
  paidAt: z.string(),
  reference: z.string().nullable(),
});
export type PaymentDto = z.infer<typeof paymentSchema>;

/** What an invoice asks and what has been paid against it: the invoice and its standing both say it. */
export const invoiceBalanceFields = {
  total: z.number(),
  paymentTerms: z.enum(PAYMENT_TERMS),
  /** YYYY-MM-DD: the Pacific delivery date plus the terms; null until the order is delivered. */
  dueDate: z.string().nullable(),
  paid: z.number(),
  balance: z.number(),
  status: z.enum(INVOICE_STATUSES),
  /** Oldest first. */
  payments: z.array(paymentSchema),
};

/** Where the current invoice of an order stands: computed when read (decision 184). */
export const invoiceStandingSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  /** INV-…, and the current version's number. */
  number: z.string(),
  version: z.number(),
  ...invoiceBalanceFields,
});
export type InvoiceStandingDto = z.infer<typeof invoiceStandingSchema>;
export const invoiceStandingResponse = z.object({ success: succeeded, data: invoiceStandingSchema });

/** One row of the receivables or payables: the current version of an order's invoice. */
export const invoiceSummarySchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  number: z.string(),
  version: z.number(),
  /** The other business as the invoice names it. */
  counterparty: z.string(),
  issuedAt: z.string(),
  dueDate: z.string().nullable(),
  total: z.number(),
  paid: z.number(),
  balance: z.number(),
  status: z.enum(INVOICE_STATUSES),
});
export type InvoiceSummaryDto = z.infer<typeof invoiceSummarySchema>;

const statusTotal = z.object({ count: z.number(), total: z.number(), balance: z.number() });
export const invoiceTotalsSchema = z.object({
  open: statusTotal,
  partially_paid: statusTotal,
  paid: statusTotal,
  overdue: statusTotal,
});
export type InvoiceTotalsDto = z.infer<typeof invoiceTotalsSchema>;

/**
 * A buyer's record of paying on Canopy (issue 23 item 7, decision 219): paid invoices, the share
 * whose last payment came on or before the due date, and the days late averaged over all of them.
 */
export const buyerRecordSchema = z.object({
  paidInvoices: z.number(),
  /** 0 to 1. */
  onTimeShare: z.number(),
  averageDaysLate: z.number(),
});
export type BuyerRecordDto = z.infer<typeof buyerRecordSchema>;

export const invoiceListResponse = paginatedResponse(invoiceSummarySchema).extend({
  /** Count, total and balance per status over every page of the caller's side, whatever the status filter. */
  totals: invoiceTotalsSchema,
  /** On the payables (role buyer): the caller's own payment record, null below the threshold. */
  buyerRecord: buyerRecordSchema.nullable().optional(),
});

export const INVOICE_EXPORT_PAGE_DEFAULT = 100;
export const INVOICE_EXPORT_PAGE_MAX = 500;

/** A page of the JSON export (decision 231): after `cursor` (the last id of the previous page), `limit` invoices. */
export const invoiceExportPageQuerySchema = invoiceExportQuerySchema.extend({
  cursor: z.string().regex(UUID_PATTERN).optional().catch(undefined),
  limit: z.coerce.number().int().min(1).max(INVOICE_EXPORT_PAGE_MAX).catch(INVOICE_EXPORT_PAGE_DEFAULT),
});
export type InvoiceExportPageQuery = z.output<typeof invoiceExportPageQuerySchema>;

export const invoiceExportPageResponse = z.object({
  success: succeeded,
  data: z.array(invoiceSummarySchema),
  nextCursor: z.string().nullable(),
});
