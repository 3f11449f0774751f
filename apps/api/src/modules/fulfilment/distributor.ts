import { californiaToday, FULFILMENT } from '@canopy/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyLicenses, type DistributorSnapshot, licenses, users } from '../../db/schema/index.ts';
import { isBusinessRow } from '../../lib/business-rows.ts';
import { badRequest } from '../../lib/errors.ts';
import { normaliseLicenseNumber } from '../licenses/index.ts';

// The distributor of record of a transfer (issue 23 item 3, decision 215). In California only a
// licensed distributor carries cannabis goods to a retailer, so the seller names one: its own
// distributor license (the main one or a verified added one), or a license the state registry
// lists as active Distribution. Anything else is refused with the registry's own reason.

const DISTRIBUTION = /distribut/i;

const refuse = (text: string) => badRequest(text, { code: 'distributor_refused' });

const sameNumber = (
  column: typeof users.licenseNumber | typeof companyLicenses.licenseNumber,
  number: string,
) => sql`upper(regexp_replace(${column}, '\\s', '', 'g')) = ${number}`;

/** The seller's own distributor license with this number, if it holds one. */
async function ownDistributorLicense(db: Db, sellerId: string, number: string) {
  const [main] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, sellerId), sameNumber(users.licenseNumber, number)))
    .limit(1);
  if (main && DISTRIBUTION.test(main.licenseType)) {
    return { businessName: main.businessName, licenseType: main.licenseType, address: main };
  }
  const [added] = await db
    .select({ license: companyLicenses, businessName: users.businessName })
    .from(companyLicenses)
    .innerJoin(users, eq(users.id, companyLicenses.companyId))
    .where(
      and(
        eq(companyLicenses.companyId, sellerId),
        eq(companyLicenses.status, 'verified'),
        sameNumber(companyLicenses.licenseNumber, number),
      ),
    )
    .limit(1);
  if (added && DISTRIBUTION.test(added.license.licenseType)) {
    return {
      businessName: added.businessName,
      licenseType: added.license.licenseType,
      address: added.license,
    };
  }
  return null;
}

const addressOf = (row: {
  street: string;
  city: string;
  county: string;
  state: string;
  zipCode: string;
}) => ({
  street: row.street,
  city: row.city,
  county: row.county,
  state: row.state,
  zipCode: row.zipCode,
});

/**
 * The registry lists a license's county but not its premises; when the distributor trades on
 * Canopy, its verified account (or added license) gives the street address the manifest needs.
 */
async function knownPremises(db: Db, number: string) {
  const [main] = await db
    .select()
    .from(users)
    .where(and(sameNumber(users.licenseNumber, number), eq(users.status, 'verified'), isBusinessRow()))
    .limit(1);
  if (main) return addressOf(main);
  const [added] = await db
    .select()
    .from(companyLicenses)
    .where(and(sameNumber(companyLicenses.licenseNumber, number), eq(companyLicenses.status, 'verified')))
    .limit(1);
  return added ? addressOf(added) : null;
}

export async function distributorOfRecord(
  db: Db,
  sellerId: string,
  licenseNumber: string,
): Promise<DistributorSnapshot> {
  const number = normaliseLicenseNumber(licenseNumber);
  const own = await ownDistributorLicense(db, sellerId, number);
  if (own) {
    return {
      businessName: own.businessName,
      licenseNumber: number,
      licenseType: own.licenseType,
      address: addressOf(own.address),
      source: 'own',
    };
  }
  const [entry] = await db.select().from(licenses).where(eq(licenses.licenseNumber, number)).limit(1);
  if (!entry) throw refuse(FULFILMENT.distributorUnknown(number));
  if (!/^active$/i.test(entry.status.trim())) {
    throw refuse(FULFILMENT.distributorInactive(number, entry.status.trim().toLowerCase() || 'not active'));
  }
  if (entry.expiresOn !== null && entry.expiresOn < californiaToday()) {
    throw refuse(FULFILMENT.distributorExpired(number));
  }
  if (!DISTRIBUTION.test(entry.licenseType)) {
    throw refuse(FULFILMENT.distributorNotDistribution(number, entry.licenseType || 'non-distribution'));
  }
  return {
    businessName: entry.dbaName || entry.legalName,
    licenseNumber: number,
    licenseType: entry.licenseType,
    address: (await knownPremises(db, number)) ?? {
      street: '',
      city: '',
      county: entry.county,
      state: 'CA',
      zipCode: '',
    },
    source: 'registry',
  };
}
