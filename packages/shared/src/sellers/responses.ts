import { z } from 'zod';
import { succeeded } from '../common/responses.ts';
import { SELLER_LICENSE_STANDINGS } from './texts.ts';

// GET /sellers/:id: a verified seller's public storefront header. A whitelist of public facts:
// no street, city, ZIP, phone, e-mail, contact name or license document. The license number is
// shown, as B&P §26151 asks of an advertisement (decision 213).

export const storefrontSellerDto = z.object({
  _id: z.string(),
  businessName: z.string(),
  /** The county of the seller's premises (never the street address). */
  county: z.string(),
  licenseType: z.string(),
  licenseNumber: z.string(),
  /** Always true: only a verified seller has a storefront. */
  isVerified: z.literal(true),
  licenseStanding: z.enum(SELLER_LICENSE_STANDINGS),
  /** When the account was created (ISO 8601). */
  memberSince: z.string(),
  /** Listings a buyer can find in the catalog right now. */
  listingCount: z.number().int(),
});
export type StorefrontSellerDto = z.infer<typeof storefrontSellerDto>;

export const sellerResponse = z.object({ success: succeeded, seller: storefrontSellerDto });
export type SellerResponse = z.infer<typeof sellerResponse>;
