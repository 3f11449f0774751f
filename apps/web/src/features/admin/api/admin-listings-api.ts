import { ADMIN, type ListingDto } from '@canopy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type AdminListingsFilters, adminKeys, type Pagination } from './admin-api.ts';

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

/** Flips is_active; the server's message says which way ("Listing activated" / "Listing deactivated"). */
export async function toggleListingStatus(id: string): Promise<string> {
  const response = await apiRequest<{ message: string }>(
    `/admin/listings/${encodeURIComponent(id)}/toggle-status`,
    { method: 'PUT' },
  );
  return response.message;
}

export async function deleteListing(id: string): Promise<void> {
  await apiRequest(`/admin/listings/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
