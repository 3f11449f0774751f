import { DEALS, formatLbs, formatUsd, type ProductDto } from '@canopy/shared';
import { presentCoa, presentPriceTiers } from '../listings/index.ts';
import { presentMedia } from '../media/index.ts';
import type { ProductRow } from './service.ts';

/** "$1,200.00 / lb (negotiable)", or "Make an offer" when the seller takes offers only. */
export function priceRange(makeOffer: boolean, askingPrice: number | null, negotiable: boolean): string {
  if (makeOffer || askingPrice === null) return 'Make an offer';
  return `${formatUsd(askingPrice)} / lb${negotiable ? ' (negotiable)' : ''}`;
}

/** "25.5 lbs", "1 lb", "1,250 lbs"; "Sold out" once accepted orders took everything. */
export function availableQuantity(quantityLbs: number): string {
  if (quantityLbs <= 0) return DEALS.soldOut;
  return formatLbs(quantityLbs);
}

/** The public product of SPEC §3. A whitelist: no storage key, seller contact or view count. */
export function presentProduct(row: ProductRow, urlFor: (key: string) => string): ProductDto {
  const { listing, seller } = row;
  const media = row.media.map((item) => presentMedia(item, urlFor));
  return {
    _id: listing.id,
    name: listing.title,
    category: listing.category,
    productType: row.productTypeName,
    strain: listing.strain,
    description: listing.description,
    thcContent: listing.thcContent,
    cbdContent: listing.cbdContent,
    priceRange: priceRange(listing.makeOffer, listing.askingPrice, listing.negotiable),
    priceTiers: presentPriceTiers(listing.priceTiers),
    availableQuantity: availableQuantity(listing.quantityLbs),
    images: media.flatMap((item) => (item.variants ? [item.variants.medium] : [])),
    media,
    zipCode: listing.zipCode,
    tested: listing.tested,
    testLink: listing.testLink ?? (listing.testUploadKey ? urlFor(listing.testUploadKey) : null),
    batchNumber: listing.batchNumber,
    packageUids: listing.packageUids,
    coa: presentCoa(listing),
    createdAt: listing.createdAt.toISOString(),
    updatedAt: listing.updatedAt.toISOString(),
    seller: {
      sellerId: listing.sellerId,
      businessName: seller.businessName,
      isVerified: seller.status === 'verified',
      licenseType: seller.licenseType,
      licenseNumber: seller.licenseNumber,
    },
  };
}
