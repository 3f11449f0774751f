import { z } from 'zod';
import { succeeded } from '../common/responses.ts';

// Wire shape of the home page's marketplace summary (issue 15): what the hero can truthfully say
// about the marketplace to anyone, signed in or not.

export const homeSummaryDto = z.object({
  /** Buyer and seller accounts an administrator has verified (administrators are not operators). */
  verifiedOperators: z.number().int().nonnegative(),
  /** Listings anyone can find in the catalog: active, of a verified seller, not sold out. */
  liveLots: z.number().int().nonnegative(),
});
export type HomeSummaryDto = z.infer<typeof homeSummaryDto>;

export const homeSummaryResponse = z.object({ success: succeeded, summary: homeSummaryDto });
export type HomeSummaryResponse = z.infer<typeof homeSummaryResponse>;
