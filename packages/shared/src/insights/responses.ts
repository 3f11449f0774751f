import { z } from 'zod';
import { succeeded } from '../common/responses.ts';

/** Sums over the window. */
export const insightTotalsDto = z.object({
  views: z.number().int(),
  inquiries: z.number().int(),
  offers: z.number().int(),
});
export type InsightTotalsDto = z.infer<typeof insightTotalsDto>;

/**
 * One listing's activity: each series holds one number per day of the answer's `days`, in the
 * same order, zero on days with none.
 */
export const listingInsightsDto = z.object({
  listingId: z.string(),
  views: z.array(z.number().int()),
  inquiries: z.array(z.number().int()),
  offers: z.array(z.number().int()),
  totals: insightTotalsDto,
});
export type ListingInsightsDto = z.infer<typeof listingInsightsDto>;

/** GET /api/listings/:id/insights: one own listing's last 30 Pacific days. */
export const listingInsightsResponse = z.object({
  success: succeeded,
  insights: z.object({ days: z.array(z.string()), listing: listingInsightsDto }),
});
export type ListingInsightsResponse = z.infer<typeof listingInsightsResponse>;

/** GET /api/listings/my/insights: every own listing's last 30 days and their sums, for the dashboard. */
export const sellerInsightsResponse = z.object({
  success: succeeded,
  insights: z.object({
    days: z.array(z.string()),
    totals: insightTotalsDto,
    listings: z.array(listingInsightsDto),
  }),
});
export type SellerInsightsResponse = z.infer<typeof sellerInsightsResponse>;
