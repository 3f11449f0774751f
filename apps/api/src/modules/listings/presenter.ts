import type { ListingDto, ProductTypeDto } from '@canopy/shared';
import type { ListingRow, ProductTypeRow } from '../../db/schema/index.ts';
import { presentImageUrls, presentMedia } from '../media/index.ts';
import type { ListingWithMedia } from './own-listings.ts';
import { presentCoa } from './state-record.ts';

export const presentProductType = (row: ProductTypeRow): ProductTypeDto => ({
  _id: row.id,
  name: row.name,
  category: row.category,
});

/** A lot's volume tiers field by field (decision 233): whatever else the stored JSON holds stays in. */
export const presentPriceTiers = (tiers: ListingRow['priceTiers']) =>
  tiers.map(({ fromLbs, pricePerLb }) => ({ fromLbs, pricePerLb }));

/** The seller's view of a listing (SPEC §3). A whitelist: storage keys never leave. */
export function presentListing(
  { listing, productTypeName, reviewPending, media }: ListingWithMedia,
  urlFor: (key: string) => string,
): ListingDto {
  const items = media.map((row) => presentMedia(row, urlFor));
  return {
    _id: listing.id,
    title: listing.title,
    description: listing.description,
    product_type: productTypeName,
    category: listing.category,
    strain: listing.strain,
    thc_content: listing.thcContent,
    cbd_content: listing.cbdContent,
    zip_code: listing.zipCode,
    quantity_lbs: listing.quantityLbs,
    make_offer: listing.makeOffer,
    asking_price: listing.askingPrice,
    negotiable: listing.negotiable,
    tested: listing.tested,
    test_link: listing.testLink,
    test_upload: listing.testUploadKey
      ? {
          url: urlFor(listing.testUploadKey),
          name: listing.testUploadName ?? 'lab-results',
          type: listing.testUploadType ?? 'application/octet-stream',
        }
      : null,
    batch_number: listing.batchNumber,
    package_uids: listing.packageUids,
    coa: presentCoa(listing),
    coa_withheld: listing.coaWithheld,
    priceTiers: presentPriceTiers(listing.priceTiers),
    is_active: listing.isActive,
    is_draft: listing.isDraft,
    version: listing.version,
    moderation: {
      state: listing.moderation,
      reason: listing.moderationReason,
      hidden_at: listing.moderation === 'hidden' ? (listing.moderatedAt?.toISOString() ?? null) : null,
      review_pending: reviewPending,
    },
    views_count: listing.viewsCount,
    created_at: listing.createdAt.toISOString(),
    updated_at: listing.updatedAt.toISOString(),
    media: items,
    image_urls: presentImageUrls(items),
  };
}
