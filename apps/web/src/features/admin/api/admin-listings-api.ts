import { ADMIN, adminAddresses, LISTING_MODERATION, type ReviewDecision } from '@canopy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';
import { type AdminListingsFilters, adminKeys } from './admin-api.ts';

export type {
  AdminListingDto as AdminListing,
  AuditEntryDto as ListingHistoryEntry,
  ListingPreviewDto as ListingPreview,
} from '@canopy/shared';

// The admin's listing calls (GET /api/openapi.json), typed by @canopy/shared's schemas: every listing whatever its state, and moderation.

export const ADMIN_LISTINGS_PAGE_SIZE = 20;

export const adminListingsQueryOptions = (filters: AdminListingsFilters) =>
  queryOptions({
    queryKey: adminKeys.listings(filters),
    queryFn: ({ signal }) => call(adminAddresses.listListings, { query: filters, signal }),
    // Keep the current page on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    meta: { errorToast: ADMIN.fetchFailed },
  });

/**
 * Flips is_active with the admin's reason (decision 076): deactivating hides the listing until an
 * admin restores it. The server's message says which way ("Listing activated" / "Listing deactivated").
 */
export async function toggleListingStatus({ id, reason }: { id: string; reason: string }): Promise<string> {
  const response = await call(adminAddresses.toggleListing, { params: { id }, body: { reason } });
  return response.message;
}

export async function deleteListing({ id, reason }: { id: string; reason: string }): Promise<void> {
  await call(adminAddresses.deleteListing, { params: { id }, body: { reason } });
}

const listingPreviewKey = (id: string) => [...adminKeys.all, 'listing', id] as const;

export const listingPreviewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: listingPreviewKey(id),
    queryFn: async ({ signal }) =>
      (await call(adminAddresses.listingPreview, { params: { id }, signal })).data,
    meta: { errorToast: LISTING_MODERATION.previewFailed },
  });

export const LISTING_REVIEWS_PAGE_SIZE = 10;

export const listingReviewsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'listing-reviews', page] as const,
    queryFn: ({ signal }) =>
      call(adminAddresses.listingReviews, { query: { page, limit: LISTING_REVIEWS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    meta: { errorToast: ADMIN.fetchFailed },
  });

export interface ReviewAnswer {
  requestId: string;
  decision: ReviewDecision;
  reason: string;
}

export async function answerReviewRequest({ requestId, decision, reason }: ReviewAnswer): Promise<string> {
  const response = await call(adminAddresses.answerListingReview, {
    params: { id: requestId },
    body: { decision, reason },
  });
  return response.message;
}
