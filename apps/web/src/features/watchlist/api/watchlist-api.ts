import type {
  MessageResponse,
  WatchlistResponse,
  WatchlistSummaryResponse,
  WatchToggleResponse,
} from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

// The watchlist's calls (decision 155). Every key starts with "watchlist", so one invalidation
// refreshes the hearts, the nav's count and the page together.

export const watchlistKeys = {
  all: ['watchlist'] as const,
  summary: () => [...watchlistKeys.all, 'summary'] as const,
  list: () => [...watchlistKeys.all, 'list'] as const,
};

export type WatchlistSummary = Omit<WatchlistSummaryResponse, 'success'>;

export const watchlistSummaryOptions = () =>
  queryOptions({
    queryKey: watchlistKeys.summary(),
    queryFn: async ({ signal }): Promise<WatchlistSummary> => {
      const { listingIds, changed } = await apiRequest<WatchlistSummaryResponse>('/watchlist/summary', {
        signal,
      });
      return { listingIds, changed };
    },
  });

export const watchlistOptions = () =>
  queryOptions({
    queryKey: watchlistKeys.list(),
    queryFn: ({ signal }) => apiRequest<WatchlistResponse>('/watchlist', { signal }),
    // The notes say what changed since the last visit; a refetch on focus would clear them while read.
    refetchOnWindowFocus: false,
  });

export const setWatching = (listingId: string, watching: boolean) =>
  apiRequest<WatchToggleResponse>(`/watchlist/${encodeURIComponent(listingId)}`, {
    method: watching ? 'PUT' : 'DELETE',
  });

export const markWatchlistSeen = () => apiRequest<MessageResponse>('/watchlist/seen', { method: 'POST' });
