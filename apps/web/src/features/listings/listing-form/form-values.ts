import type { ListingDto, ListingForm as ListingFormOutput } from '@canopy/shared';
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
  };
}
