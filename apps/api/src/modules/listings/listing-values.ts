import { COMPANY_LICENSES, type ListingForm } from '@canopy/shared';
import type { Db } from '../../db/client.ts';
import type { ProductTypeRow } from '../../db/schema/index.ts';
import { verifiedLicenseOf } from '../companies/index.ts';

/** The listing columns a form sets, written alike by creating and by updating. */
export const listingValues = (form: ListingForm, productType: ProductTypeRow) => ({
  title: form.title,
  description: form.description,
  productTypeId: productType.id,
  category: productType.category,
  strain: form.strain,
  thcContent: form.thc_content,
  cbdContent: form.cbd_content,
  zipCode: form.zip_code,
  quantityLbs: form.quantity_lbs,
  makeOffer: form.make_offer,
  askingPrice: form.asking_price,
  negotiable: form.negotiable,
  tested: form.tested,
  testLink: form.test_link,
  batchNumber: form.batch_number,
  packageUids: form.package_uids,
  coaLabName: form.coa?.labName ?? null,
  coaLabLicense: form.coa?.labLicenseNumber ?? null,
  coaTestedAt: form.coa?.testedAt ?? null,
  coaResult: form.coa?.result ?? null,
  priceTiers: form.price_tiers,
});

/**
 * The license the lot ships from, when the form names one (decision 209): blank is the company's
 * main license; anything else must be one of its own verified added licenses. A form without the
 * field changes nothing (a new listing then ships from the main license).
 */
export async function shipsFromOf(tx: Db, sellerId: string, form: ListingForm) {
  if (form.ships_from_license_id === undefined) return {};
  return {
    shipsFromLicenseId: await verifiedLicenseOf(
      tx,
      sellerId,
      form.ships_from_license_id,
      COMPANY_LICENSES.shipsFromInvalid,
    ),
  };
}
