import { z } from 'zod';
import { singleLine, strictObject } from '../common/fields.ts';
import { PRICE_SOURCES, quantityLbsField } from '../deals/schemas.ts';
import { OFFER_RULES } from '../deals/texts.ts';
import { CART_ITEMS_MAX } from './limits.ts';
import { CART } from './texts.ts';

// The cart's wire contract (issue 25 item 0, decision 237): PUT replaces the buying company's whole
// cart; both calls answer it grouped by seller, priced for the buyer.

export const cartItemInputSchema = strictObject({
  listingId: singleLine(
    z
      .string({ error: OFFER_RULES.listingRequired })
      .trim()
      .min(1, OFFER_RULES.listingRequired)
      .max(100, OFFER_RULES.listingRequired),
  ),
  quantityLbs: quantityLbsField,
});

/** PUT /cart: every lot the cart holds, with its pounds; an empty list empties it. */
export const saveCartSchema = strictObject({
  items: z
    .array(cartItemInputSchema, { error: CART.itemsInvalid })
    .max(CART_ITEMS_MAX, CART.itemsMax)
    .refine(
      (items) => new Set(items.map((item) => item.listingId)).size === items.length,
      CART.itemsDistinct,
    ),
});
export type SaveCartInput = z.input<typeof saveCartSchema>;
export type SaveCartBody = z.output<typeof saveCartSchema>;

/** One lot in the cart, with the price that applies to the buyer for its pounds. */
export const cartLineSchema = z.object({
  listingId: z.string(),
  listingTitle: z.string(),
  quantityLbs: z.number(),
  /** What the lot has now. */
  availableLbs: z.number(),
  /** The price per pound this quantity gets; null while the line cannot be offered. */
  pricePerLb: z.number().nullable(),
  priceSource: z.enum(PRICE_SOURCES).nullable(),
  /** The tier's start when the price is a volume tier's. */
  tierFromLbs: z.number().nullable(),
  total: z.number().nullable(),
  /** Why this line cannot be offered as it is (sold, paused, fewer pounds); null when it can. */
  problem: z.string().nullable(),
});
export type CartLineDto = z.infer<typeof cartLineSchema>;

export const cartSellerSchema = z.object({
  sellerId: z.string(),
  businessName: z.string(),
  items: z.array(cartLineSchema),
  /** The sum of the lines that can be offered. */
  total: z.number(),
});
export type CartSellerDto = z.infer<typeof cartSellerSchema>;

export const cartSchema = z.object({
  sellers: z.array(cartSellerSchema),
  /** Lots in the cart over every seller (the navigation's count). */
  itemCount: z.number(),
});
export type CartDto = z.infer<typeof cartSchema>;

export const cartResponseSchema = z.object({ success: z.literal(true), data: cartSchema });
