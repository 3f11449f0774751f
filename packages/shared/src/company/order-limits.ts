import { z } from 'zod';
import { hasAtMostTwoDecimals, isPositiveInCents } from '../common/fields.ts';
import { formatUsd } from '../deals/texts.ts';

// A purchasing member's order limit (issue 28, decision 204): the most one offer or counter of
// theirs may total before it waits for an owner's or manager's approval. Dollars, to the cent; null
// is no limit. The field belongs on PUT /api/company/members/{userId} beside the role.

/** company_members.order_limit is numeric(12,2). */
export const ORDER_LIMIT_MAX = 9_999_999_999.99;

export const ORDER_LIMIT_TEXTS = {
  invalid: 'Order limit must be a number of dollars, or empty for no limit',
  positive: 'Order limit must be greater than 0',
  step: 'Order limit can have at most 2 decimal places',
  max: `Order limit must be at most ${formatUsd(ORDER_LIMIT_MAX)}`,
  onlyPurchasing: 'Only a purchasing member can have an order limit',
  memberNotFound: 'Member not found',
  saved: 'Order limit saved',
  label: (name: string) => `Order limit of ${name} ($)`,
  /** The company page's words for a member's limit. */
  describe: (limit: number | null) => (limit === null ? 'No order limit' : `Order limit ${formatUsd(limit)}`),
} as const;

/** A limit in dollars, or null to lift it. */
export const orderLimitField = z
  .union([z.number({ error: ORDER_LIMIT_TEXTS.invalid }), z.null()], { error: ORDER_LIMIT_TEXTS.invalid })
  .refine((value) => value === null || Number.isFinite(value), ORDER_LIMIT_TEXTS.invalid)
  .refine((value) => value === null || value > 0, ORDER_LIMIT_TEXTS.positive)
  .refine((value) => value === null || hasAtMostTwoDecimals(value), ORDER_LIMIT_TEXTS.step)
  .refine((value) => value === null || isPositiveInCents(value), ORDER_LIMIT_TEXTS.positive)
  .refine((value) => value === null || value <= ORDER_LIMIT_MAX, ORDER_LIMIT_TEXTS.max);

export const setOrderLimitSchema = z.object({ orderLimit: orderLimitField });
export type SetOrderLimitInput = z.output<typeof setOrderLimitSchema>;
