import { z } from 'zod';
import {
  centsOf,
  hasAtMostTwoDecimals,
  isPositiveInCents,
  singleLine,
  strictObject,
} from '../common/fields.ts';
import { idParams } from '../common/params.ts';
import { succeeded } from '../common/responses.ts';
import { PAYMENT_TERMS } from '../deals/schemas.ts';
import { OFFER_RULES } from '../deals/texts.ts';
import { QUANTITY_MAX_LBS } from '../listings/limits.ts';
import { SAMPLE_CAP_MAX } from '../samples/limits.ts';
import {
  BUYER_GROUP_NAME_MAX,
  BUYER_GROUPS,
  BUYER_GROUPS_MAX_BUYERS,
  BUYER_GROUPS_MAX_PRICES,
} from './texts.ts';

// The wire shapes of buyer groups and "Your price" (issue 25's wire contract, decision 241).

export const buyerGroupParams = idParams(BUYER_GROUPS.notFound);

const id = z.string({ error: BUYER_GROUPS.buyersInvalid }).trim().min(1).max(64);

/** POST /buyer-groups and PUT /buyer-groups/{id}: the whole group, replaced (like SPEC's forms). */
export const buyerGroupSchema = strictObject({
  name: singleLine(
    z
      .string({ error: BUYER_GROUPS.nameRequired })
      .trim()
      .min(1, BUYER_GROUPS.nameRequired)
      .max(BUYER_GROUP_NAME_MAX, BUYER_GROUPS.nameTooLong),
  ),
  buyerCompanyIds: z
    .array(id, { error: BUYER_GROUPS.buyersInvalid })
    .max(BUYER_GROUPS_MAX_BUYERS, BUYER_GROUPS.tooManyBuyers)
    .transform((ids) => [...new Set(ids)]),
  minimumOrderLbs: z
    .number({ error: BUYER_GROUPS.minimumInvalid })
    .positive(BUYER_GROUPS.minimumInvalid)
    .max(QUANTITY_MAX_LBS, BUYER_GROUPS.minimumInvalid)
    .refine(hasAtMostTwoDecimals, BUYER_GROUPS.minimumInvalid)
    .refine(isPositiveInCents, BUYER_GROUPS.minimumInvalid)
    .nullish()
    .transform((value) => value ?? null),
  paymentTerms: z
    .enum(PAYMENT_TERMS, { error: OFFER_RULES.paymentTermsInvalid })
    .nullish()
    .transform((value) => value ?? null),
  monthlySampleCap: z
    .number({ error: BUYER_GROUPS.sampleCapInvalid })
    .int(BUYER_GROUPS.sampleCapInvalid)
    .min(0, BUYER_GROUPS.sampleCapInvalid)
    .max(SAMPLE_CAP_MAX, BUYER_GROUPS.sampleCapInvalid)
    .nullish()
    .transform((value) => value ?? null),
});
export type BuyerGroupInput = z.input<typeof buyerGroupSchema>;

const groupPrice = strictObject({
  listingId: z.string({ error: BUYER_GROUPS.pricesInvalid }).trim().min(1).max(64),
  pricePerLb: z
    .number({ error: BUYER_GROUPS.pricePositive })
    .positive(BUYER_GROUPS.pricePositive)
    .max(10_000_000, BUYER_GROUPS.pricePositive)
    .refine(hasAtMostTwoDecimals, BUYER_GROUPS.pricePositive)
    .refine(isPositiveInCents, BUYER_GROUPS.pricePositive)
    .nullish(),
  percentOff: z
    .number({ error: BUYER_GROUPS.percentRange })
    .gt(0, BUYER_GROUPS.percentRange)
    .lt(100, BUYER_GROUPS.percentRange)
    .refine(hasAtMostTwoDecimals, BUYER_GROUPS.percentRange)
    .refine((value) => isPositiveInCents(value) && centsOf(value) < centsOf(100), BUYER_GROUPS.percentRange)
    .nullish(),
}).superRefine((price, context) => {
  const given = [price.pricePerLb, price.percentOff].filter((value) => value != null).length;
  if (given !== 1) {
    context.addIssue({
      code: 'custom',
      message: given === 0 ? BUYER_GROUPS.priceNeeded : BUYER_GROUPS.priceOrPercent,
    });
  }
});

/** PUT /buyer-groups/{id}/prices: the group's whole price list and its private lots, replaced. */
export const buyerGroupPricesSchema = strictObject({
  prices: z
    .array(groupPrice, { error: BUYER_GROUPS.pricesInvalid })
    .max(BUYER_GROUPS_MAX_PRICES, BUYER_GROUPS.tooManyPrices)
    .refine((prices) => new Set(prices.map((price) => price.listingId)).size === prices.length, {
      error: BUYER_GROUPS.listingTwice,
    }),
  privateListingIds: z
    .array(z.string({ error: BUYER_GROUPS.pricesInvalid }).trim().min(1).max(64), {
      error: BUYER_GROUPS.pricesInvalid,
    })
    .max(BUYER_GROUPS_MAX_PRICES, BUYER_GROUPS.tooManyPrices)
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type BuyerGroupPricesInput = z.input<typeof buyerGroupPricesSchema>;

export const buyerCompanyDto = z.object({ companyId: z.string(), businessName: z.string() });
export type BuyerCompanyDto = z.infer<typeof buyerCompanyDto>;

export const buyerGroupDto = z.object({
  _id: z.string(),
  name: z.string(),
  minimumOrderLbs: z.number().nullable(),
  paymentTerms: z.enum(PAYMENT_TERMS).nullable(),
  monthlySampleCap: z.number().nullable(),
  buyers: z.array(buyerCompanyDto),
  prices: z.array(
    z.object({
      listingId: z.string(),
      listingTitle: z.string(),
      pricePerLb: z.number().nullable(),
      percentOff: z.number().nullable(),
    }),
  ),
  privateListingIds: z.array(z.string()),
});
export type BuyerGroupDto = z.infer<typeof buyerGroupDto>;

export const buyerGroupsResponse = z.object({ success: succeeded, data: z.array(buyerGroupDto) });
export const buyerGroupResponse = z.object({ success: succeeded, message: z.string(), data: buyerGroupDto });

/** GET /buyer-groups/buyers?query=: a few verified buyer companies whose name holds the words. */
export const buyerLookupQuery = z.object({
  query: singleLine(z.string().trim().max(100)).optional().catch(undefined),
});
export const buyerLookupResponse = z.object({ success: succeeded, data: z.array(buyerCompanyDto) });

/** GET /buyer-prices/private-lots?sellerId=: a malformed id is a seller with no lots for the caller. */
export const yourPrivateLotsQuery = z.object({ sellerId: z.string().trim().max(64).catch('') });

/** The lots a page shows, at most a page's worth. */
export const YOUR_PRICES_MAX_LISTINGS = 100;

/**
 * GET /buyer-prices?listingIds=a,b (or the parameter repeated): lots without a price of the
 * caller's own group are simply not answered.
 */
export const yourPricesQuery = z.object({
  listingIds: z
    .union(
      [
        z.string().max(40 * YOUR_PRICES_MAX_LISTINGS),
        z.array(z.string().max(64)).max(YOUR_PRICES_MAX_LISTINGS),
      ],
      { error: BUYER_GROUPS.listingIdsInvalid },
    )
    .transform((given) => [
      ...new Set(
        (Array.isArray(given) ? given : given.split(',')).map((part) => part.trim()).filter(Boolean),
      ),
    ])
    .refine((ids) => ids.length <= YOUR_PRICES_MAX_LISTINGS, BUYER_GROUPS.listingIdsInvalid),
});

/** A buyer's own price for a lot: their group's, or a volume tier's at the quantity asked about. */
export const yourPriceDto = z.object({
  pricePerLb: z.number(),
  source: z.enum(['group', 'tier']),
});
export type YourPriceDto = z.infer<typeof yourPriceDto>;

/** The terms of the buyer's group with a lot's seller: the offer form starts from them. */
export const yourGroupDto = z.object({
  minimumOrderLbs: z.number().nullable(),
  paymentTerms: z.enum(PAYMENT_TERMS).nullable(),
});
export type YourGroupDto = z.infer<typeof yourGroupDto>;

export const yourPricesResponse = z.object({
  success: succeeded,
  data: z.array(yourPriceDto.extend({ listingId: z.string() })),
});
