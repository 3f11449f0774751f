import { type CreateSavedSearchInput, type SavedSearchDto, savedSearchAddresses } from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';

// The saved-search calls, typed by their shared contracts.

export const savedSearchKeys = { all: ['saved-searches'] as const };

export const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: savedSearchKeys.all,
    queryFn: async ({ signal }) => (await call(savedSearchAddresses.list, { signal })).data,
  });

export function createSavedSearch(input: CreateSavedSearchInput) {
  return call(savedSearchAddresses.create, { body: input });
}

export function deleteSavedSearch(id: string) {
  return call(savedSearchAddresses.delete, { params: { id } });
}

/** Where the search runs: the catalog with its filters in the address. */
export function savedSearchHref(search: Pick<SavedSearchDto, 'filters'>): string {
  const params = new URLSearchParams(search.filters).toString();
  return params ? `/products?${params}` : '/products';
}
