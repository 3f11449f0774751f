import type { OfferStatus, ProductCategory, WantedPostDto } from '@canopy/shared';
import type { WantedPostView } from './service.ts';

// What leaves the server of a wanted post, field by field.

export function presentWantedPost(post: WantedPostView): WantedPostDto {
  return {
    _id: post.id,
    buyer: { _id: post.buyerId, businessName: post.buyerName },
    category: (post.category as ProductCategory | null) ?? null,
    query: post.query,
    quantityLbs: post.quantityLbs,
    minPrice: post.minPrice,
    maxPrice: post.maxPrice,
    neededBy: post.neededBy,
    county: post.county,
    status: post.shownStatus,
    createdAt: post.createdAt.toISOString(),
    expiresAt: post.expiresAt.toISOString(),
    answers:
      post.answers?.map((answer) => ({
        _id: answer.id,
        seller: { _id: answer.sellerId, businessName: answer.sellerName },
        listingId: answer.listingId,
        listingTitle: answer.listingTitle,
        offerId: answer.offerId,
        quantityLbs: answer.quantityLbs,
        pricePerLb: answer.pricePerLb,
        offerStatus: answer.offerStatus as OfferStatus,
        createdAt: answer.createdAt.toISOString(),
      })) ?? null,
    answeredByMe: post.answeredByMe,
  };
}
