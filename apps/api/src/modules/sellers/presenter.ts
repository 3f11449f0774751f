import type { LicenseVerdict, SellerLicenseStanding, StorefrontSellerDto } from '@canopy/shared';
import type { StorefrontRow } from './service.ts';

/** The registry's public facts about the license, in one word; expiry first, as it is the sharper news. */
export function licenseStanding(verdict: LicenseVerdict): SellerLicenseStanding {
  const { registry } = verdict;
  if (!registry.found) return 'unlisted';
  if (registry.expired) return 'expired';
  return registry.active ? 'active' : 'inactive';
}

/** The storefront header, field by field: nothing about the account beyond these leaves. */
export function presentStorefront(row: StorefrontRow): StorefrontSellerDto {
  return {
    _id: row.id,
    businessName: row.businessName,
    county: row.county,
    licenseType: row.licenseType,
    licenseNumber: row.licenseNumber,
    isVerified: true,
    licenseStanding: licenseStanding(row.verdict),
    memberSince: row.createdAt.toISOString(),
    listingCount: row.listingCount,
  };
}
