import {
  ADMIN,
  LISTING_MODERATION,
  type ListingDeletionSummaryDto,
  type ListingDto,
  type ListingReviewHistoryDto,
  type ListingReviewRequestDto,
  type ProductDto,
  type ReviewDecision,
} from '@canopy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { type AdminListingsFilters, adminKeys, type Pagination } from './admin-api.ts';
import type { AuditEntry } from './admin-audit-api.ts';

// The admin's listing calls of docs/api.md: every listing whatever its state, and moderation.

/** A listing as the admin sees it: the seller's view plus who sells it. */
export interface AdminListing extends ListingDto {
  user_id: { _id: string; email: string; profile: { businessName: string; contactName: string } };
}

export const ADMIN_LISTINGS_PAGE_SIZE = 20;

function listingsSearch(filters: AdminListingsFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(filters.limit) });
  if (filters.query) params.set('query', filters.query);
  if (filters.active !== undefined) params.set('active', String(filters.active));
  if (filters.moderation) params.set('moderation', filters.moderation);
  return params.toString();
}

export const adminListingsQueryOptions = (filters: AdminListingsFilters) =>
  queryOptions({
    queryKey: adminKeys.listings(filters),
    queryFn: ({ signal }) =>
      apiRequest<{ data: AdminListing[]; pagination: Pagination }>(
        `/admin/listings?${listingsSearch(filters)}`,
        { signal },
      ),
    // Keep the current page on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    meta: { errorToast: ADMIN.fetchFailed },
  });

/**
 * Flips is_active with the admin's reason (decision 076): deactivating hides the listing until an
 * admin restores it. The server's message says which way ("Listing activated" / "Listing deactivated").
 */
export async function toggleListingStatus({ id, reason }: { id: string; reason: string }): Promise<string> {
  const response = await apiRequest<{ message: string }>(
    `/admin/listings/${encodeURIComponent(id)}/toggle-status`,
    { method: 'PUT', body: { reason } },
  );
  return response.message;
}

export async function deleteListing({ id, reason }: { id: string; reason: string }): Promise<void> {
  await apiRequest(`/admin/listings/${encodeURIComponent(id)}`, { method: 'DELETE', body: { reason } });
}

/** An audit entry of the listing's history, with the admin's reason. */
export interface ListingHistoryEntry extends AuditEntry {
  reason: string | null;
}

/** GET /admin/listings/{id}: the public view of any listing, its history and what a delete takes. */
export interface ListingPreview {
  listing: AdminListing;
  product: ProductDto;
  history: ListingHistoryEntry[];
  reviewRequests: ListingReviewHistoryDto[];
  deletion: ListingDeletionSummaryDto;
}

const listingPreviewKey = (id: string) => [...adminKeys.all, 'listing', id] as const;

export const listingPreviewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: listingPreviewKey(id),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: ListingPreview }>(`/admin/listings/${encodeURIComponent(id)}`, {
          signal,
        })
      ).data,
    meta: { errorToast: LISTING_MODERATION.previewFailed },
  });

export const LISTING_REVIEWS_PAGE_SIZE = 10;

export const listingReviewsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'listing-reviews', page] as const,
    queryFn: ({ signal }) =>
      apiRequest<{ data: ListingReviewRequestDto[]; pagination: Pagination }>(
        `/admin/listing-reviews?page=${page}&limit=${LISTING_REVIEWS_PAGE_SIZE}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    meta: { errorToast: ADMIN.fetchFailed },
  });

export interface ReviewAnswer {
  requestId: string;
  decision: ReviewDecision;
  reason: string;
}

export async function answerReviewRequest({ requestId, decision, reason }: ReviewAnswer): Promise<string> {
  const response = await apiRequest<{ message: string }>(
    `/admin/listing-reviews/${encodeURIComponent(requestId)}`,
    { method: 'PUT', body: { decision, reason } },
  );
  return response.message;
}
