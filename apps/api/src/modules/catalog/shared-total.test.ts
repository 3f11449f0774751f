import { productListQuery } from '@canopy/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageCache } from './page-cache.ts';
import { withSharedTotal } from './shared-total.ts';

// A list's total shared by its pages and sorts (decision 183).

const q = productListQuery.parse({ query: 'kush', minPrice: '100' });
const where = { key: 'total', kind: 'facets' as const };
const page = (ids: string[], total: number) => ({ ids, total, estimated: false });

describe('withSharedTotal', () => {
  let cache: PageCache;
  const unhandled: unknown[] = [];
  const note = (reason: unknown) => unhandled.push(reason);

  beforeEach(() => {
    cache = new PageCache(10);
    cache.setListening(true);
    unhandled.length = 0;
    process.on('unhandledRejection', note);
  });
  afterEach(() => {
    process.off('unhandledRejection', note);
  });

  it('gives the total the first load counted to the next page of the list', async () => {
    const first = vi.fn(async () => page(['a'], 40));
    expect(await withSharedTotal(cache, q, where, first)).toEqual(page(['a'], 40));
    expect(first).toHaveBeenCalledWith(null);
    const second = vi.fn(async () => page(['b'], 40));
    await withSharedTotal(cache, q, where, second);
    expect(second).toHaveBeenCalledWith({ total: 40, estimated: false });
  });

  it('counts again after a load that failed', async () => {
    await expect(
      withSharedTotal(cache, q, where, async () => Promise.reject(new Error('no database'))),
    ).rejects.toThrow('no database');
    const next = vi.fn(async () => page(['a'], 40));
    await withSharedTotal(cache, q, where, next);
    expect(next).toHaveBeenCalledWith(null);
  });

  it('leaves nothing unhandled when a load fails while another load of the list keeps the total', async () => {
    // The bench's server died of this: a pool timeout under load failed the second load, whose
    // total nobody was waiting for.
    let finish!: (value: ReturnType<typeof page>) => void;
    const keeping = withSharedTotal(
      cache,
      q,
      where,
      () => new Promise<ReturnType<typeof page>>((resolve) => (finish = resolve)),
    );
    await expect(
      withSharedTotal(cache, q, where, async () => Promise.reject(new Error('timeout exceeded'))),
    ).rejects.toThrow('timeout exceeded');
    finish(page(['a'], 40));
    await keeping;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(unhandled).toEqual([]);
  });
});
