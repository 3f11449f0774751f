import type { LicenseVerdict } from '@canopy/shared';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { licenses, listings, PUBLIC_LISTING, users } from '../../db/schema/index.ts';
import { isBusinessRow } from '../../lib/business-rows.ts';
import { normaliseLicenseNumber, verdictFrom } from '../licenses/index.ts';

// A seller's storefront: public only for a verified seller, whose listings the catalog already
// shows. Any other account (pending, suspended, rejected, a buyer, an admin) has no storefront, and
// the answer for it is the same as for an id that names nobody, so the route tells nothing about
// who has an account.

export interface StorefrontRow {
  id: string;
  businessName: string;
  county: string;
  licenseType: string;
  licenseNumber: string;
  createdAt: Date;
  listingCount: number;
  verdict: LicenseVerdict;
}

export async function findStorefront(db: Db, sellerId: string): Promise<StorefrontRow | null> {
  const [seller] = await db
    .select({
      id: users.id,
      businessName: users.businessName,
      county: users.county,
      licenseType: users.licenseType,
      licenseNumber: users.licenseNumber,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(
      and(eq(users.id, sellerId), eq(users.role, 'seller'), eq(users.status, 'verified'), isBusinessRow()),
    )
    .limit(1);
  if (!seller) return null;
  // The count uses the listings' seller index; the registry row is one primary-key read. The
  // other holders of the number are an admin's concern, so they are not looked up.
  const [[counted], [registry]] = await Promise.all([
    db
      .select({ total: count() })
      .from(listings)
      .where(and(eq(listings.sellerId, seller.id), PUBLIC_LISTING)),
    db
      .select()
      .from(licenses)
      .where(eq(licenses.licenseNumber, normaliseLicenseNumber(seller.licenseNumber)))
      .limit(1),
  ]);
  return {
    id: seller.id,
    businessName: seller.businessName,
    county: seller.county,
    licenseType: seller.licenseType,
    licenseNumber: seller.licenseNumber,
    createdAt: seller.createdAt,
    listingCount: counted?.total ?? 0,
    verdict: verdictFrom(seller, registry ?? null, []),
  };
}
