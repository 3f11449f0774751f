import { countOf, WATCHLIST, type WatchItemDto, type WatchlistResponse } from '@canopy/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ProductCard } from '@/components/product-card.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { failureText } from '@/lib/api-client.ts';
import { markWatchlistSeen, watchlistKeys, watchlistOptions } from '../api/watchlist-api.ts';
import { WatchButton } from '../components/watch-button.tsx';
import { WatchNotes } from '../components/watch-notes.tsx';

const GRID = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** A lot that can no longer be seen: its name, why, and the heart to let it go. */
function UnavailableLot({ item }: { item: WatchItemDto }) {
  return (
    <article className="flex h-full flex-col gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-4">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-base font-semibold break-words text-slate-700">{item.name}</h2>
        <WatchButton listingId={item.listingId} name={item.name} />
      </div>
      <Badge tone="neutral" className="self-start">
        {WATCHLIST.noLongerAvailable}
      </Badge>
      <p className="text-sm text-slate-600">The seller archived it or it was taken off the catalog.</p>
    </article>
  );
}

function WatchedLot({ item }: { item: WatchItemDto }) {
  return (
    <li className="flex flex-col gap-2">
      <WatchNotes notes={item.notes.filter((note) => note !== WATCHLIST.noLongerAvailable)} />
      {item.product ? (
        <ProductCard
          product={item.product}
          to={`/products/${item.listingId}`}
          action={<WatchButton listingId={item.listingId} name={item.name} />}
        />
      ) : (
        <UnavailableLot item={item} />
      )}
    </li>
  );
}

/**
 * Once the page has shown the lots, they count as seen: the next visit's notes start from here,
 * and the nav's count goes back to nothing. The notes on screen stay until the page is left.
 */
function useMarkSeen(list: WatchlistResponse | undefined) {
  const queryClient = useQueryClient();
  const marked = useRef(false);
  useEffect(() => {
    if (!list || marked.current) return;
    marked.current = true;
    if (list.changed === 0 && list.data.every((item) => item.available)) return;
    void markWatchlistSeen()
      .then(() => queryClient.invalidateQueries({ queryKey: watchlistKeys.summary() }))
      .catch(() => {
        // Not marking is harmless: the same notes show again next time.
      });
  }, [list, queryClient]);
}

export function WatchlistPage() {
  const list = useQuery(watchlistOptions());
  useMarkSeen(list.data);

  return (
    <PageContainer>
      <PageHeader
        title={WATCHLIST.title}
        description={
          list.data && list.data.data.length > 0
            ? `${countOf(list.data.data.length, 'lot')} watched${list.data.changed > 0 ? `, ${list.data.changed} changed since you last looked` : ''}`
            : 'Lots you follow, and what changed since you last looked.'
        }
      />
      <QueryState
        query={list}
        loading="Loading your watchlist"
        error={(error) => failureText(error, WATCHLIST.fetchFailed)}
        isEmpty={(answer) => answer.data.length === 0}
        empty={
          <EmptyState
            title={WATCHLIST.emptyTitle}
            description={WATCHLIST.emptyDescription}
            action={<ButtonLink to="/products">Browse Products</ButtonLink>}
          />
        }
      >
        {(answer) => (
          <ul className={GRID}>
            {answer.data.map((item) => (
              <WatchedLot key={item.listingId} item={item} />
            ))}
          </ul>
        )}
      </QueryState>
    </PageContainer>
  );
}
