import type {
  CreateSavedSearchInput,
  MessageResponse,
  SavedSearchDto,
  SavedSearchListResponse,
  SavedSearchResponse,
} from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

// The saved-search calls, typed by the shared response schemas.

export const savedSearchKeys = { all: ['saved-searches'] as const };

export const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: savedSearchKeys.all,
    queryFn: async ({ signal }) =>
      (await apiRequest<SavedSearchListResponse>('/saved-searches', { signal })).data,
  });

export async function createSavedSearch(input: CreateSavedSearchInput): Promise<SavedSearchResponse> {
  return apiRequest<SavedSearchResponse>('/saved-searches', { method: 'POST', body: input });
}

export async function deleteSavedSearch(id: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(`/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Where the search runs: the catalog with its filters in the address. */
export function savedSearchHref(search: Pick<SavedSearchDto, 'filters'>): string {
  const params = new URLSearchParams(search.filters).toString();
  return params ? `/products?${params}` : '/products';
}
