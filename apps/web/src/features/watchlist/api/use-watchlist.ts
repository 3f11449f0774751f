import { WATCHLIST } from '@canopy/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { notifyFailure } from '@/lib/toast.ts';
import {
  setWatching,
  type WatchlistSummary,
  watchlistKeys,
  watchlistSummaryOptions,
} from './watchlist-api.ts';

/** Only verified buyers keep a watchlist; everyone else sees no hearts' state and no count. */
export function useCanWatch(): boolean {
  const { user } = useAuth();
  return user?.role === 'buyer' && user.status === 'verified';
}

/** Which lots are watched and how many changed: one small query shared by every heart and the nav. */
export function useWatchlistSummary(): WatchlistSummary | undefined {
  const canWatch = useCanWatch();
  const query = useQuery({ ...watchlistSummaryOptions(), enabled: canWatch });
  return canWatch ? query.data : undefined;
}

/**
 * Presses the heart. The summary changes at once (optimistic) and goes back if the server says
 * no; the server's answer then refreshes the summary and the page.
 */
export function useToggleWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listingId, watching }: { listingId: string; watching: boolean }) =>
      setWatching(listingId, watching),
    onMutate: async ({ listingId, watching }) => {
      const key = watchlistKeys.summary();
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<WatchlistSummary>(key);
      if (before) {
        const others = before.listingIds.filter((id) => id !== listingId);
        queryClient.setQueryData<WatchlistSummary>(key, {
          ...before,
          listingIds: watching ? [listingId, ...others] : others,
        });
      }
      return { before };
    },
    onError: (error, { watching }, context) => {
      if (context?.before) queryClient.setQueryData(watchlistKeys.summary(), context.before);
      notifyFailure(error, watching ? WATCHLIST.addFailed : WATCHLIST.removeFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchlistKeys.summary() }),
  });
}
