import {
  ADMIN,
  type AdminListingsResponse,
  LISTING_MODERATION,
  type ListingPreviewResponse,
  type ListingReviewsResponse,
  type ListingToggledResponse,
  type MessageResponse,
  type ReviewAnsweredResponse,
  type ReviewDecision,
} from '@canopy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { type AdminListingsFilters, adminKeys } from './admin-api.ts';

export type {
  AdminListingDto as AdminListing,
  AuditEntryDto as ListingHistoryEntry,
  ListingPreviewDto as ListingPreview,
} from '@canopy/shared';

// The admin's listing calls (GET /api/openapi.json), typed by @canopy/shared's schemas: every listing whatever its state, and moderation.

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
      apiRequest<AdminListingsResponse>(`/admin/listings?${listingsSearch(filters)}`, { signal }),
    // Keep the current page on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    meta: { errorToast: ADMIN.fetchFailed },
  });

/**
 * Flips is_active with the admin's reason (decision 076): deactivating hides the listing until an
 * admin restores it. The server's message says which way ("Listing activated" / "Listing deactivated").
 */
export async function toggleListingStatus({ id, reason }: { id: string; reason: string }): Promise<string> {
  const response = await apiRequest<ListingToggledResponse>(
    `/admin/listings/${encodeURIComponent(id)}/toggle-status`,
    { method: 'PUT', body: { reason } },
  );
  return response.message;
}

export async function deleteListing({ id, reason }: { id: string; reason: string }): Promise<void> {
  await apiRequest<MessageResponse>(`/admin/listings/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    body: { reason },
  });
}

const listingPreviewKey = (id: string) => [...adminKeys.all, 'listing', id] as const;

export const listingPreviewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: listingPreviewKey(id),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<ListingPreviewResponse>(`/admin/listings/${encodeURIComponent(id)}`, {
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
      apiRequest<ListingReviewsResponse>(
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
  const response = await apiRequest<ReviewAnsweredResponse>(
    `/admin/listing-reviews/${encodeURIComponent(requestId)}`,
    { method: 'PUT', body: { decision, reason } },
  );
  return response.message;
}
