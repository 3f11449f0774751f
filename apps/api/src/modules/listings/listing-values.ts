import type { ListingForm } from '@canopy/shared';
import type { ProductTypeRow } from '../../db/schema/index.ts';

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
});
