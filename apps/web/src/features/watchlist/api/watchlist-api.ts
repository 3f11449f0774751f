import { type WatchlistSummaryResponse, watchlistAddresses } from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';

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
      const { listingIds, changed } = await call(watchlistAddresses.summary, { signal });
      return { listingIds, changed };
    },
  });

export const watchlistOptions = () =>
  queryOptions({
    queryKey: watchlistKeys.list(),
    queryFn: ({ signal }) => call(watchlistAddresses.list, { signal }),
    // The notes say what changed since the last visit; a refetch on focus would clear them while read.
    refetchOnWindowFocus: false,
  });

export const setWatching = (listingId: string, watching: boolean) =>
  call(watching ? watchlistAddresses.watch : watchlistAddresses.unwatch, { params: { id: listingId } });

export const markWatchlistSeen = () => call(watchlistAddresses.seen);
