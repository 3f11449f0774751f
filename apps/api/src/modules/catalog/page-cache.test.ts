import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_AGE_MS, PageCache } from './page-cache.ts';

// The age limit is a safety net behind the change notifications; when it passes, the answer in
// hand is still served while one fresh load replaces it, so the busiest pages do not all go to the
// database at the same moment once a minute (decision 175).

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('PageCache', () => {
  let cache: PageCache;

  beforeEach(() => {
    vi.useFakeTimers();
    cache = new PageCache(10);
    cache.setListening(true);
  });
  afterEach(() => vi.useRealTimers());

  it('serves an answer past its age while one fresh load replaces it', async () => {
    expect(await cache.get('page', async () => 'first')).toBe('first');
    vi.advanceTimersByTime(MAX_AGE_MS + 1);

    const fresh = deferred<string>();
    const load = vi.fn(() => fresh.promise);
    expect(await cache.get('page', load)).toBe('first');
    expect(await cache.get('page', load)).toBe('first');
    expect(load).toHaveBeenCalledTimes(1);

    fresh.resolve('second');
    await fresh.promise;
    expect(await cache.get('page', async () => 'never loaded')).toBe('second');
  });

  it('never keeps a refresh that started before a catalog change', async () => {
    await cache.get('page', async () => 'first');
    vi.advanceTimersByTime(MAX_AGE_MS + 1);
    const fresh = deferred<string>();
    expect(await cache.get('page', () => fresh.promise)).toBe('first');

    cache.clear();
    fresh.resolve('read before the change');
    await fresh.promise;
    expect(await cache.get('page', async () => 'after the change')).toBe('after the change');
  });

  it('drops an answer whose refresh fails, so the next request loads again', async () => {
    await cache.get('page', async () => 'first');
    vi.advanceTimersByTime(MAX_AGE_MS + 1);
    const failing = Promise.reject(new Error('database gone'));
    failing.catch(() => {});
    expect(await cache.get('page', () => failing)).toBe('first');
    await failing.catch(() => {});
    expect(await cache.get('page', async () => 'reloaded')).toBe('reloaded');
  });

  it('keeps catalog pages while product pages come and go: each kind has its own room', async () => {
    const small = new PageCache(2);
    small.setListening(true);
    await small.get('page', async () => 'catalog page');
    // A crawler walking product pages fills the product room, not the catalog's.
    for (const id of ['a', 'b', 'c']) await small.get(`product ${id}`, async () => id, 'product');
    expect(await small.get('page', async () => 'loaded again')).toBe('catalog page');
    expect(await small.get('product a', async () => 'loaded again', 'product')).toBe('loaded again');
  });
});
