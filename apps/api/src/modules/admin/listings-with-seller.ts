import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings, productTypes, users } from '../../db/schema/index.ts';
import { listingColumns } from '../listings/index.ts';

/**
 * Listings as an admin sees them, whatever their state, each with its seller: the one select
 * behind the Listings tab and the listing preview. Callers add their own filter, order and page.
 */
export function selectListingsWithSeller(db: Db) {
  return db
    .select({
      ...listingColumns,
      seller: {
        id: users.id,
        email: users.email,
        businessName: users.businessName,
        contactName: users.contactName,
        licenseType: users.licenseType,
        licenseNumber: users.licenseNumber,
        status: users.status,
      },
    })
    .from(listings)
    .innerJoin(productTypes, eq(productTypes.id, listings.productTypeId))
    .innerJoin(users, eq(users.id, listings.sellerId));
}
