// The seller storefront's wording (issue 15 item 5).

export const SELLERS = {
  notFound: 'Seller not found',
  loadFailed: 'Failed to load the seller',
  noListings: 'This seller has no products listed right now',
} as const;

/**
 * Where a seller's license stands in the state registry, as buyers may see it. The admin's full
 * verdict (name match, other holders of the number) stays with the admin: only the registry's own
 * public facts are repeated here.
 */
export const SELLER_LICENSE_STANDINGS = ['active', 'expired', 'inactive', 'unlisted'] as const;
export type SellerLicenseStanding = (typeof SELLER_LICENSE_STANDINGS)[number];

export const SELLER_LICENSE_LABELS: Record<SellerLicenseStanding, string> = {
  active: 'License active in the state registry',
  expired: 'License expired in the state registry',
  inactive: 'License not active in the state registry',
  unlisted: 'License not found in the state registry',
};
