import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings, PUBLIC_LISTING, type UserRow } from '../../db/schema/index.ts';
import { findPendingChange, presentPendingChange, presentUser } from '../accounts/index.ts';
import { licenseCheck, licenseVerdict } from '../licenses/index.ts';

/** How many of a seller's listings the public catalog shows now (what a suspension removes). */
export async function countCatalogListings(db: Db, sellerId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(listings)
    .where(and(eq(listings.sellerId, sellerId), PUBLIC_LISTING));
  return row?.total ?? 0;
}

/**
 * Everything an admin needs before acting on an account: the registry's verdict on its license
 * (with anyone else holding the number), the listings a suspension would hide, and a pending
 * profile change with the verdict on its new values.
 */
export async function userReview(db: Db, user: UserRow) {
  const trader = user.role !== 'admin';
  const license = await licenseVerdict(db, user);
  const pending = trader ? await findPendingChange(db, user.id) : null;
  const pendingLicense = pending
    ? await licenseVerdict(db, {
        id: user.id,
        licenseNumber: pending.licenseNumber,
        businessName: pending.businessName,
      })
    : null;
  return {
    user: presentUser(user),
    license,
    licenseCheck: trader ? licenseCheck(license) : null,
    catalogListings: user.role === 'seller' ? await countCatalogListings(db, user.id) : 0,
    pendingProfileChange:
      pending && pendingLicense
        ? {
            ...presentPendingChange(pending),
            license: pendingLicense,
            licenseCheck: licenseCheck(pendingLicense),
          }
        : null,
  };
}
