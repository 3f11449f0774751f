import { z } from 'zod';
import { addressSchema } from '../common/address.ts';
import {
  centsOf,
  hasAtMostTwoDecimals,
  isPositiveInCents,
  multiLine,
  singleLine,
  strictObject,
} from '../common/fields.ts';
import { DISPLAY_TIME_ZONE } from '../constants.ts';
import { fulfilmentSchema } from '../fulfilment/fulfilment-shape.ts';
import {
  DEAL_REASON_MAX,
  DEALS_PAGE_DEFAULT,
  DEALS_PAGE_MAX,
  OFFER_LINES_MAX,
  OFFER_NOTE_MAX,
  OFFER_PRICE_MAX,
  OFFER_QUANTITY_MAX,
} from './limits.ts';
import { OFFER_RULES } from './texts.ts';

// The wire contract of issue 14: request bodies and queries the API parses and the web forms
// validate with, and the Offer and Order shapes the API answers with.

/**
 * "awaiting_approval": made by a member above their order limit, waiting for the buying company's
 * owner or manager; the seller does not see it until then (issue 28).
 */
export const OFFER_STATUSES = [
  'open',
  'countered',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
  'awaiting_approval',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/**
 * In the order of an order's life (issue 23): confirmed → scheduled (a distributor, driver and
 * packages named, the invoice issued) → in_transit → fulfilled (delivered) → completed (the buyer
 * confirms receipt); cancelled before transit. An order may skip scheduling and be fulfilled
 * straight from confirmed, as before issue 23.
 */
export const ORDER_STATUSES = [
  'confirmed',
  'scheduled',
  'in_transit',
  'fulfilled',
  'completed',
  'cancelled',
] as const;
/** When the buyer pays (issue 23): cash on delivery, or net days after delivery. */
export const PAYMENT_TERMS = ['cod', 'net7', 'net15', 'net30'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
/** Days from delivery to the due date, per term. */
export const PAYMENT_TERM_DAYS: Record<PaymentTerms, number> = { cod: 0, net7: 7, net15: 15, net30: 30 };
/** Where an invoice stands, computed when read from its total, payments and due date. */
export const INVOICE_STATUSES = ['open', 'partially_paid', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** How a recorded payment arrived. */
export const PAYMENT_METHODS = ['ach', 'check', 'wire', 'cash', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The statuses POST /orders/{id}/status may ask for ("confirmed" is where every order starts). */
export const ORDER_STATUS_CHANGES = ['in_transit', 'fulfilled', 'completed', 'cancelled'] as const;
export type OrderStatusChange = (typeof ORDER_STATUS_CHANGES)[number];
/**
 * What a deal notice in a conversation says happened; its content says the same in words, so the
 * conversation list, the unread banner and the e-mails read well without knowing about deals.
 */
export const DEAL_EVENTS = [
  'offer_made',
  'offer_countered',
  'offer_accepted',
  'offer_declined',
  'offer_withdrawn',
  'order_scheduled',
  'order_in_transit',
  'order_fulfilled',
  'order_completed',
  'order_cancelled',
] as const;
export type DealEvent = (typeof DEAL_EVENTS)[number];
export const DEAL_PARTIES = ['buyer', 'seller'] as const;
export type DealParty = (typeof DEAL_PARTIES)[number];

/** Today's calendar date where Canopy's operators are (California), as YYYY-MM-DD. */
export const californiaToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: DISPLAY_TIME_ZONE }).format(now);

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A real YYYY-MM-DD date (not 2025-02-30). */
export const isCalendarDate = (value: string) => {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/** JSON carries numbers; a form may hold the typed text. Blank is absent. */
const toNumber = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^\d+(\.\d+)?$|^\.\d+$/.test(text) ? Number(text) : Number.NaN;
};

/** A positive amount of at most two decimals, from JSON or typed text, in the texts given. */
export const amountField = (texts: {
  required: string;
  invalid: string;
  positive: string;
  step: string;
  max: string;
  maxValue: number;
}) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: (issue) => (issue.input === undefined ? texts.required : texts.invalid) })
      .refine(Number.isFinite, texts.invalid)
      .refine((value) => value > 0, texts.positive)
      .refine(hasAtMostTwoDecimals, texts.step)
      .refine(isPositiveInCents, texts.positive)
      .refine((value) => value <= texts.maxValue, texts.max)
      .transform((value) => centsOf(value) / 100),
  );

export const quantityLbsField = amountField({
  required: OFFER_RULES.quantityRequired,
  invalid: OFFER_RULES.quantityInvalid,
  positive: OFFER_RULES.quantityPositive,
  step: OFFER_RULES.quantityStep,
  max: OFFER_RULES.quantityMax,
  maxValue: OFFER_QUANTITY_MAX,
});

export const pricePerLbField = amountField({
  required: OFFER_RULES.priceRequired,
  invalid: OFFER_RULES.priceInvalid,
  positive: OFFER_RULES.pricePositive,
  step: OFFER_RULES.priceStep,
  max: OFFER_RULES.priceMax,
  maxValue: OFFER_PRICE_MAX,
});

/** Optional YYYY-MM-DD, today or later in California; blank or null is no date. */
export const deliverByField = z
  .union([z.string({ error: OFFER_RULES.deliverByInvalid }), z.null()], {
    error: OFFER_RULES.deliverByInvalid,
  })
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : null))
  .refine((value) => value === null || isCalendarDate(value), OFFER_RULES.deliverByInvalid)
  .refine((value) => value === null || value >= californiaToday(), OFFER_RULES.deliverByPast);

export const offerNoteField = z
  .union([multiLine(z.string().trim().max(OFFER_NOTE_MAX, OFFER_RULES.noteTooLong)), z.null()])
  .optional()
  .transform((value) => value || null);

const reasonField = z
  .union([multiLine(z.string().trim().max(DEAL_REASON_MAX, OFFER_RULES.reasonTooLong)), z.null()])
  .optional()
  .transform((value) => value || null);

const terms = {
  quantityLbs: quantityLbsField,
  pricePerLb: pricePerLbField,
  deliverBy: deliverByField,
  note: offerNoteField,
};

/** When the buyer pays; an offer left without terms is cash on delivery. */
const paymentTermsField = z.enum(PAYMENT_TERMS, { error: OFFER_RULES.paymentTermsInvalid });

const listingIdField = singleLine(
  z
    .string({ error: OFFER_RULES.listingRequired })
    .trim()
    .min(1, OFFER_RULES.listingRequired)
    .max(100, OFFER_RULES.listingRequired),
);

/** POST /offers: a verified buyer's offer on a listing. */
export const createOfferSchema = strictObject({
  listingId: listingIdField,
  ...terms,
  /** Left out: the buyer group's default terms with this seller, else cod (issue 25, decision 242). */
  paymentTerms: paymentTermsField.optional(),
  /**
   * Beyond SPEC (issue 28, decision 209): the buyer's verified license that receives the goods;
   * left out or blank, the main license. Counters and the order keep it.
   */
  buyerLicenseId: z.string().trim().max(64).optional(),
});
export type CreateOfferInput = z.input<typeof createOfferSchema>;

/** One lot of an offer or counter of several lines (issue 25 item 0). */
export const offerLineInputSchema = strictObject({
  listingId: listingIdField,
  quantityLbs: quantityLbsField,
  pricePerLb: pricePerLbField,
});

/** At least one line, at most OFFER_LINES_MAX, one per lot (decision 239). */
const linesField = z
  .array(offerLineInputSchema, { error: OFFER_RULES.linesRequired })
  .min(1, OFFER_RULES.linesRequired)
  .max(OFFER_LINES_MAX, OFFER_RULES.linesMax)
  .refine(
    (lines) => new Set(lines.map((line) => line.listingId)).size === lines.length,
    OFFER_RULES.linesDistinct,
  );

/** POST /offers with lines: a cart's offer to one seller, one set of terms for every line. */
export const createLinesOfferSchema = strictObject({
  sellerId: singleLine(
    z
      .string({ error: OFFER_RULES.sellerRequired })
      .trim()
      .min(1, OFFER_RULES.sellerRequired)
      .max(100, OFFER_RULES.sellerRequired),
  ),
  lines: linesField,
  deliverBy: deliverByField,
  note: offerNoteField,
  paymentTerms: paymentTermsField.default('cod'),
  buyerLicenseId: z.string().trim().max(64).optional(),
});
export type CreateLinesOfferInput = z.input<typeof createLinesOfferSchema>;

/**
 * Either body of a two-shaped call: a body with `lines` is the shape of several lines, anything
 * else today's single-lot shape. A body that fits neither is refused with the first problem of the
 * shape it was meant to be, not zod's "Invalid input".
 */
const eitherShape = <L extends z.ZodType, S extends z.ZodType>(withLines: L, single: S) =>
  z.union([withLines, single], {
    error: (issue) => {
      if (issue.code !== 'invalid_union' || !('errors' in issue)) return undefined;
      const input = issue.input;
      const meant = input !== null && typeof input === 'object' && 'lines' in input ? 0 : 1;
      return issue.errors[meant]?.[0]?.message;
    },
  });

/** The body POST /offers takes: one lot (SPEC) or a seller's lines (issue 25). */
export const makeOfferBodySchema = eitherShape(createLinesOfferSchema, createOfferSchema);
export type MakeOfferBody = z.output<typeof makeOfferBodySchema>;

/**
 * POST /offers/{id}/counter: new terms that replace the live offer. Payment terms left out carry
 * over from the offer it answers.
 */
export const counterOfferSchema = strictObject({ ...terms, paymentTerms: paymentTermsField.optional() });
export type CounterOfferInput = z.input<typeof counterOfferSchema>;

/**
 * A counter to an offer of several lines: the lines kept, each with its new quantity and price;
 * a line left out is removed (decision 238). No lot may be added.
 */
export const counterLinesSchema = strictObject({
  lines: linesField,
  deliverBy: deliverByField,
  note: offerNoteField,
  paymentTerms: paymentTermsField.optional(),
});
export type CounterLinesInput = z.input<typeof counterLinesSchema>;

/** The body POST /offers/{id}/counter takes: today's terms for a one-line offer, or lines. */
export const counterBodySchema = eitherShape(counterLinesSchema, counterOfferSchema);
export type CounterBody = z.output<typeof counterBodySchema>;

/** POST /offers/{id}/decline. */
export const declineOfferSchema = strictObject({ reason: reasonField });
export type DeclineOfferInput = z.input<typeof declineOfferSchema>;

/** POST /orders/{id}/status: a reason is required to cancel, optional otherwise. */
export const orderStatusSchema = strictObject({
  status: z.enum(ORDER_STATUS_CHANGES, { error: OFFER_RULES.statusInvalid }),
  reason: reasonField,
}).superRefine((input, context) => {
  if (input.status === 'cancelled' && !input.reason) {
    context.addIssue({ code: 'custom', path: ['reason'], message: OFFER_RULES.cancelReasonRequired });
  }
});
export type OrderStatusInput = z.input<typeof orderStatusSchema>;

/**
 * GET /offers and GET /orders. Filters come from an address bar: one that is not understood is no
 * filter (as the catalog does), never an error. role defaults to the caller's own account role.
 */
const listQuery = <S extends readonly [string, ...string[]]>(statuses: S) =>
  z.object({
    role: z.enum(DEAL_PARTIES).optional().catch(undefined),
    status: z.enum(statuses).optional().catch(undefined),
    listingId: z.string().trim().min(1).max(100).optional().catch(undefined),
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
    limit: z.coerce.number().int().min(1).max(DEALS_PAGE_MAX).catch(DEALS_PAGE_DEFAULT),
  });
export const offerListQuerySchema = listQuery(OFFER_STATUSES);
export const orderListQuerySchema = listQuery(ORDER_STATUSES);
export type OfferListQuery = z.output<typeof offerListQuerySchema>;
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

// ---- Responses ----

const isoDateTime = z.string();
const party = z.object({ _id: z.string(), businessName: z.string() });
/**
 * The member (login) of the party's company who made a move, beside the business that made it
 * (issue 28); null when that login has since been deleted.
 */
const memberSchema = z.object({ userId: z.string(), contactName: z.string() }).nullable();

/** One lot of an offer (issue 25's wire contract); line 1 is what the single-lot fields describe. */
export const offerLineSchema = z.object({
  /** Null once the listing is deleted: the line keeps its title. */
  listingId: z.string().nullable(),
  listingTitle: z.string(),
  quantityLbs: z.number(),
  pricePerLb: z.number(),
  total: z.number(),
});
export type OfferLineDto = z.infer<typeof offerLineSchema>;

export const offerSchema = z.object({
  _id: z.string(),
  listingId: z.string().nullable(),
  buyerId: z.string(),
  sellerId: z.string(),
  quantityLbs: z.number(),
  pricePerLb: z.number(),
  total: z.number(),
  /** YYYY-MM-DD or null. */
  deliverBy: z.string().nullable(),
  note: z.string().nullable(),
  /** "expired" is computed: an open offer past expiresAt is expired (decision 121). */
  status: z.enum(OFFER_STATUSES),
  madeBy: z.enum(DEAL_PARTIES),
  previousOfferId: z.string().nullable(),
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
  // Beyond the issue's list, for the cards and lists that show an offer.
  listingTitle: z.string(),
  buyer: party,
  seller: party,
  /** The decliner's reason, when declined with one. */
  declineReason: z.string().nullable(),
  /** When it left "open" (answered, withdrawn or countered); null while open or expired. */
  respondedAt: isoDateTime.nullable(),
  /** The order it became, once accepted. */
  orderId: z.string().nullable(),
  /** Who in the maker's company made these terms. */
  byMember: memberSchema,
  /** When the buyer pays (issue 23). */
  paymentTerms: z.enum(PAYMENT_TERMS),
  /** Issue 25: every lot the offer buys, in order; the single-lot fields above describe line 1. */
  lines: z.array(offerLineSchema),
});
export type OfferDto = z.infer<typeof offerSchema>;

/** A party of an order as it was when the offer was accepted. */
const orderPartySchema = party.extend({
  licenseNumber: z.string(),
  licenseType: z.string(),
  address: addressSchema,
});

export const orderHistoryEntrySchema = z.object({
  status: z.enum(ORDER_STATUSES),
  at: isoDateTime,
  /** Which side made the change. */
  by: z.enum(DEAL_PARTIES),
  reason: z.string().nullable(),
  /**
   * On a cancellation: whether the order's quantity went back on the listing (only when the
   * seller has not changed the listing since the order, decision 187); null on other entries.
   */
  quantityReturned: z.boolean().nullable(),
  /** Who in that side's company made the change. */
  byMember: memberSchema,
});
export type OrderHistoryEntryDto = z.infer<typeof orderHistoryEntrySchema>;

/**
 * Where an order line's price came from (decision 184's column): the asking price or a volume tier
 * when the agreed price is the one that applied to the quantity (decision 233), otherwise
 * negotiated; a sample's line is `sample`, at $0 (decision 243); group prices are later work of issue 25.
 */
export const PRICE_SOURCES = ['asking', 'group', 'tier', 'negotiated', 'sample'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** One lot an order buys (issue 25's wire contract); today every order has one, line 1. */
export const orderLineSchema = z.object({
  /** Null once the listing is deleted: the line keeps its title (decision 221). */
  listingId: z.string().nullable(),
  listingTitle: z.string(),
  quantityLbs: z.number(),
  pricePerLb: z.number(),
  total: z.number(),
  priceSource: z.enum(PRICE_SOURCES),
  /** The tier's start when the price source is `tier`; else null. */
  tierFromLbs: z.number().nullable(),
  /** A sample's exact size (decision 243): its pounds are rounded up to the hundredth; else null. */
  sampleGrams: z.number().int().nullable(),
});
export type OrderLineDto = z.infer<typeof orderLineSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  /** e.g. CNP-000123 */
  number: z.string(),
  /** Null once the account that made the offer is deleted: the order is kept (decision 221). */
  offerId: z.string().nullable(),
  listingId: z.string().nullable(),
  listingTitle: z.string(),
  buyer: orderPartySchema,
  seller: orderPartySchema,
  quantityLbs: z.number(),
  pricePerLb: z.number(),
  total: z.number(),
  status: z.enum(ORDER_STATUSES),
  /** Oldest first; the first entry is "confirmed", at acceptance. */
  history: z.array(orderHistoryEntrySchema),
  // Beyond the issue's list.
  deliverBy: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  // Issue 23.
  paymentTerms: z.enum(PAYMENT_TERMS),
  /** YYYY-MM-DD (Pacific): the delivery date plus the terms' days; null until delivered. */
  dueDate: z.string().nullable(),
  /** How it travels, once the seller has scheduled it; null before. */
  fulfilment: fulfilmentSchema.nullable(),
  /** Issue 25: what the order buys, in order; the single-lot fields above describe line 1. */
  lines: z.array(orderLineSchema),
});
export type OrderDto = z.infer<typeof orderSchema>;

const pagination = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() });

export const offerResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: offerSchema,
});
export const acceptOfferResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ offer: offerSchema, order: orderSchema }),
});
export const offerListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(offerSchema),
  pagination,
});
export const orderResponseSchema = z.object({ success: z.literal(true), data: orderSchema });
export const orderStatusResponseSchema = orderResponseSchema.extend({ message: z.string() });
export const orderListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(orderSchema),
  pagination,
  /** Sum of totals of the listed orders over every page (the Orders page's total line). */
  totalValue: z.number(),
});

/** GET /deals/summary: the seller dashboard's "Deals" count (and the buyer's own). */
export const dealsSummarySchema = z.object({
  /** Open offers waiting for the caller's answer. */
  offersToAnswer: z.number(),
  /** Orders confirmed, scheduled or in transit: to fulfil (seller) or awaiting delivery (buyer). */
  ordersToFulfil: z.number(),
  /** Orders in "fulfilled": to complete (buyer) or awaiting the buyer (seller). */
  ordersToComplete: z.number(),
});
export type DealsSummaryDto = z.infer<typeof dealsSummarySchema>;
export const dealsSummaryResponseSchema = z.object({ success: z.literal(true), data: dealsSummarySchema });

/**
 * Live events on GET /messages/stream beyond SPEC's messaging ones: `offer` carries an OfferDto
 * whenever an offer is made or changes, `order` an OrderDto whenever an order is made or changes.
 * Both parties' streams receive them.
 */
export const DEAL_STREAM_EVENTS = { offer: 'offer', order: 'order' } as const;
