import { z } from 'zod';
import { addressSchema } from '../common/address.ts';
import { hasAtMostTwoDecimals, requiredText, strictObject } from '../common/fields.ts';
import { DEAL_REASON_MAX } from '../deals/limits.ts';
import { orderSchema, quantityLbsField } from '../deals/schemas.ts';
import { OFFER_RULES } from '../deals/texts.ts';
import { invoiceBalanceFields } from '../invoices/schemas.ts';
import { PACKAGE_UID_PATTERN } from '../listings/state-record-texts.ts';
import { PACKAGES_PER_ORDER_MAX, SCHEDULE_TEXT_MAX } from './limits.ts';
import { SCHEDULE_RULES } from './texts.ts';

// Issue 23's wire contract for scheduling an order, its invoice and its manifest.

const text = (required: string) => requiredText(required, SCHEDULE_TEXT_MAX);

/** Upper-case with inner spaces squeezed: how licences and plates are written on a manifest. */
const upper = (value: string) => value.toUpperCase().replace(/\s+/g, ' ');

const instant = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), {
      error: message,
    })
    .transform((value) => new Date(value).toISOString());

export const packageUidField = z
  .string({ error: SCHEDULE_RULES.packageUidInvalid })
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => PACKAGE_UID_PATTERN.test(value), { error: SCHEDULE_RULES.packageUidInvalid });

/** POST /orders/{id}/schedule: the distributor, the transport and the packages that go. */
export const scheduleOrderSchema = strictObject({
  distributorLicenseNumber: requiredText(SCHEDULE_RULES.distributorRequired, 40).transform((value) =>
    value.toUpperCase().replace(/\s+/g, ''),
  ),
  pickupAt: instant(SCHEDULE_RULES.pickupRequired),
  estimatedArrivalAt: instant(SCHEDULE_RULES.arrivalRequired),
  driverName: text(SCHEDULE_RULES.driverNameRequired),
  driverLicenseNumber: requiredText(SCHEDULE_RULES.driverLicenseRequired, 40)
    .transform((value) => value.toUpperCase().replace(/\s+/g, ''))
    .refine((value) => /^[A-Z0-9-]{4,20}$/.test(value), { error: SCHEDULE_RULES.driverLicenseInvalid }),
  vehicleMake: text(SCHEDULE_RULES.vehicleMakeRequired),
  vehicleModel: text(SCHEDULE_RULES.vehicleModelRequired),
  vehiclePlate: requiredText(SCHEDULE_RULES.vehiclePlateRequired, 40)
    .transform(upper)
    .refine((value) => /^[A-Z0-9 -]{2,10}$/.test(value), { error: SCHEDULE_RULES.vehiclePlateInvalid }),
  packages: z
    .array(strictObject({ uid: packageUidField, quantityLbs: quantityLbsField }), {
      error: SCHEDULE_RULES.packagesRequired,
    })
    .min(1, SCHEDULE_RULES.packagesRequired)
    .max(PACKAGES_PER_ORDER_MAX, SCHEDULE_RULES.packagesTooMany)
    .refine((packages) => new Set(packages.map((item) => item.uid)).size === packages.length, {
      error: SCHEDULE_RULES.packageUidRepeated,
    }),
}).superRefine((input, context) => {
  if (Date.parse(input.estimatedArrivalAt) <= Date.parse(input.pickupAt)) {
    context.addIssue({
      code: 'custom',
      path: ['estimatedArrivalAt'],
      message: SCHEDULE_RULES.arrivalBeforePickup,
    });
  }
});
export type ScheduleOrderInput = z.input<typeof scheduleOrderSchema>;
export type ScheduleOrder = z.output<typeof scheduleOrderSchema>;

const discountField = z
  .number({ error: SCHEDULE_RULES.discountInvalid })
  .refine((value) => Number.isFinite(value) && value >= 0 && hasAtMostTwoDecimals(value), {
    error: SCHEDULE_RULES.discountInvalid,
  });

/**
 * POST /orders/{id}/invoice/corrections: a new version of the invoice with the discount of each
 * named line set anew (lines left out keep theirs), and why, for the record.
 */
export const invoiceCorrectionSchema = strictObject({
  lines: z
    .array(
      strictObject({
        position: z.number({ error: SCHEDULE_RULES.lineRequired }).int().min(1),
        discount: discountField,
      }),
      { error: SCHEDULE_RULES.lineRequired },
    )
    .min(1, SCHEDULE_RULES.lineRequired)
    .max(PACKAGES_PER_ORDER_MAX)
    .refine((lines) => new Set(lines.map((line) => line.position)).size === lines.length, {
      error: SCHEDULE_RULES.lineRepeated,
    }),
  reason: z
    .string()
    .trim()
    .max(DEAL_REASON_MAX, OFFER_RULES.reasonTooLong)
    .optional()
    .transform((value) => value || null),
});
export type InvoiceCorrectionInput = z.input<typeof invoiceCorrectionSchema>;

// ---- Responses ----

const invoiceParty = z.object({
  businessName: z.string(),
  address: addressSchema,
  licenseNumber: z.string(),
});

export const invoiceSchema = z.object({
  /** INV-000042: the seller's own sequence; a corrected version keeps its number. */
  number: z.string(),
  version: z.number().int(),
  issuedAt: z.string(),
  seller: invoiceParty,
  buyer: invoiceParty,
  /** The seller's premises the goods leave from, as one address line. */
  transportOrigin: z.string(),
  lines: z.array(
    z.object({
      description: z.string(),
      quantityLbs: z.number(),
      unit: z.string(),
      pricePerLb: z.number(),
      discount: z.number(),
      amount: z.number(),
    }),
  ),
  ...invoiceBalanceFields,
  // Beyond the issue's list: every version, newest first, the first of them this one.
  orderId: z.string(),
  orderNumber: z.string(),
  versions: z.array(
    z.object({
      version: z.number().int(),
      issuedAt: z.string(),
      total: z.number(),
      supersededAt: z.string().nullable(),
    }),
  ),
});
export type InvoiceDto = z.infer<typeof invoiceSchema>;

export const invoiceResponseSchema = z.object({ success: z.literal(true), data: invoiceSchema });
export const correctedInvoiceResponseSchema = invoiceResponseSchema.extend({ message: z.string() });
export const scheduledOrderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: orderSchema,
});
