import { AUTH } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/errors.ts';

/**
 * Reads the seller inside the writing transaction and holds a share lock on the row, so an admin
 * suspension either happens first (and the write is refused) or waits for it to commit (and then
 * hides the new listing with the others).
 */
export async function lockVerifiedSeller(tx: Db, sellerId: string) {
  const [seller] = await tx
    .select({ status: users.status, businessName: users.businessName, county: users.county })
    .from(users)
    .where(eq(users.id, sellerId))
    .for('share');
  if (seller?.status !== 'verified') throw forbidden(AUTH.notVerified);
  return seller;
}
