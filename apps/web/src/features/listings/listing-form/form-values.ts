import type { CoaResult, ListingDto, ListingForm as ListingFormOutput } from '@canopy/shared';
import type { UseFormReturn } from 'react-hook-form';

/** What the inputs hold: text as typed (the shared schema turns it into numbers) and checkboxes. */
export interface ListingFormValues {
  title: string;
  description: string;
  product_type: string;
  strain: string;
  thc_content: string;
  cbd_content: string;
  zip_code: string;
  quantity_lbs: string;
  make_offer: boolean;
  asking_price: string;
  negotiable: boolean;
  tested: boolean;
  test_link: string;
  /** Only on a new listing, when the company holds more than one verified license (decision 209). */
  ships_from_license_id?: string;
  /** The state record (issue 23, decision 211): blank rows and fields are left out by the schema. */
  batch_number: string;
  package_uids: string[];
  coa_lab_name: string;
  coa_lab_license: string;
  coa_tested_at: string;
  coa_result: '' | CoaResult;
  /** Volume tiers (issue 25, decision 233) as typed; rows left empty are left out by the schema. */
  price_tiers: PriceTierRow[];
}

/** One volume tier's inputs, as typed. */
export interface PriceTierRow {
  fromLbs: string;
  pricePerLb: string;
}

/** The form's state as each section receives it. */
export type ListingFormState = UseFormReturn<ListingFormValues, unknown, ListingFormOutput>;

const text = (value: number | string | null) => (value === null ? '' : String(value));

export function formDefaults(listing: ListingDto | undefined): ListingFormValues {
  return {
    title: listing?.title ?? '',
    description: listing?.description ?? '',
    product_type: listing?.product_type ?? '',
    strain: text(listing?.strain ?? null),
    thc_content: text(listing?.thc_content ?? null),
    cbd_content: text(listing?.cbd_content ?? null),
    zip_code: listing?.zip_code ?? '',
    quantity_lbs: text(listing?.quantity_lbs ?? null),
    make_offer: listing?.make_offer ?? false,
    asking_price: text(listing?.asking_price ?? null),
    negotiable: listing?.negotiable ?? false,
    tested: listing?.tested ?? false,
    test_link: listing?.test_link ?? '',
    batch_number: listing?.batch_number ?? '',
    // One empty row to type into; the seller adds more.
    package_uids: listing?.package_uids.length ? [...listing.package_uids] : [''],
    coa_lab_name: listing?.coa.labName ?? '',
    coa_lab_license: listing?.coa.labLicenseNumber ?? '',
    coa_tested_at: listing?.coa.testedAt ?? '',
    coa_result: listing?.coa.result ?? '',
    price_tiers: (listing?.priceTiers ?? []).map((tier) => ({
      fromLbs: String(tier.fromLbs),
      pricePerLb: tier.pricePerLb.toFixed(2),
    })),
  };
}
