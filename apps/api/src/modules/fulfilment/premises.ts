import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyLicenses, listings, type OrderPartySnapshot, type OrderRow } from '../../db/schema/index.ts';

// Where the goods of an order leave from and arrive at (issue 23): the seller's ships-from license
// on the listing, and the buyer's receiving license on the order (decision 209), each with its own
// number and premises; a party that named none ships or receives at its main license, as the
// order recorded it at acceptance.

type Premises = OrderPartySnapshot;

async function licensePremises(
  db: Db,
  party: OrderPartySnapshot,
  licenseId: string | null,
): Promise<Premises> {
  if (!licenseId) return party;
  const [license] = await db.select().from(companyLicenses).where(eq(companyLicenses.id, licenseId)).limit(1);
  if (!license) return party;
  return {
    businessName: party.businessName,
    licenseNumber: license.licenseNumber,
    licenseType: license.licenseType,
    address: {
      street: license.street,
      city: license.city,
      county: license.county,
      state: license.state,
      zipCode: license.zipCode,
    },
  };
}

/** The seller's premises the order ships from: the listing's ships-from license, else the main one. */
export async function shipsFromPremises(db: Db, order: OrderRow): Promise<Premises> {
  if (!order.listingId) return order.seller;
  const [listing] = await db
    .select({ licenseId: listings.shipsFromLicenseId })
    .from(listings)
    .where(eq(listings.id, order.listingId))
    .limit(1);
  return licensePremises(db, order.seller, listing?.licenseId ?? null);
}

/** The buyer's premises that receive the order. */
export const receivingPremises = (db: Db, order: OrderRow): Promise<Premises> =>
  licensePremises(db, order.buyer, order.buyerLicenseId);

/**
 * "100 Main Street, Sacramento, CA 95814": an address on one line. A registry entry without
 * premises on Canopy is known only by its county, which then stands in for the street.
 */
export const addressLine = ({ address }: Pick<Premises, 'address'>) =>
  [
    address.street,
    address.city,
    address.street ? '' : address.county && `${address.county} County`,
    `${address.state} ${address.zipCode}`.trim(),
  ]
    .filter(Boolean)
    .join(', ');
