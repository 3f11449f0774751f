import type { ProductListQuery } from '@canopy/shared';
import { editReaches } from './edit-reach.ts';
import type { CacheKind, PageCache } from './page-cache.ts';
import type { ListTotal } from './text-search.ts';

/**
 * Loads a page of a list with words or facets, sharing the list's total with its other pages and
 * sorts (decision 183). Such a total is the same on every page and in every sort, and counting it
 * is most of what the page costs. The first load of a list keeps its total in the page cache under
 * `key` (no page, limit or sort in it); a later page or sort is given it and looks only for its
 * rows. The total's scope is the list's membership: a change to everything drops it, and so does an
 * edit that moves a listing into or out of a price band or over a quantity floor.
 */
export async function withSharedTotal<T extends ListTotal>(
  cache: PageCache,
  q: ProductListQuery,
  { key, kind }: { key: string; kind: CacheKind },
  load: (known: ListTotal | null) => Promise<T>,
): Promise<T> {
  const known = cache.known<ListTotal>(key, kind);
  if (known) return load(known);
  // Kept from the start of the load, so that an edit heard meanwhile is judged against it. When
  // another load of the list is already keeping one, this load is not asked for (and nothing of it
  // is left without a handler should it fail: a failed load is answered to its own request).
  let started = null as Promise<T> | null;
  void cache
    .get(
      key,
      () => {
        started = load(null);
        return started.then(({ total, estimated }): ListTotal => ({ total, estimated }));
      },
      { kind, scope: { shows: () => [], reaches: (edit) => editReaches(q, edit, null) } },
    )
    .catch(() => {});
  return started ?? load(null);
}
