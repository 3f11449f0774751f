import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ListingEdit, listingEdits, MAX_AGE_MS, PageCache } from './page-cache.ts';

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
    for (const id of ['a', 'b', 'c']) await small.get(`product ${id}`, async () => id, { kind: 'product' });
    expect(await small.get('page', async () => 'loaded again')).toBe('catalog page');
    expect(await small.get('product a', async () => 'loaded again', { kind: 'product' })).toBe(
      'loaded again',
    );
  });
});

describe('PageCache.forget: an edit drops only the answers it can alter (decision 181)', () => {
  const edit = (id: string, change: Partial<ListingEdit> = {}): ListingEdit => ({
    id,
    category: 'flower',
    sellerId: 's1',
    price: [1000, 1000],
    quantity: [10, 10],
    ...change,
  });
  const list = (ids: string[]) => ({ data: ids.map((_id) => ({ _id })) });
  const listScope = (reaches: (edit: ListingEdit) => boolean = () => false) => ({
    shows: (answer: { data: { _id: string }[] }) => answer.data.map((item) => item._id),
    reaches,
  });
  let cache: PageCache;
  beforeEach(() => {
    cache = new PageCache(10);
    cache.setListening(true);
  });
  const reloaded = (key: string) => cache.get(key, async () => 'loaded again');

  it('drops the answers that show the edited listing and keeps the others', async () => {
    await cache.get('shows a', async () => list(['a', 'b']), { scope: listScope() });
    await cache.get('shows c', async () => list(['c']), { scope: listScope() });
    cache.forget([edit('a')]);
    expect(await reloaded('shows a')).toBe('loaded again');
    expect(await cache.get('shows c', async () => list([]), { scope: listScope() })).toEqual(list(['c']));
  });

  it('drops an answer an edit reaches without showing the listing (a list sorted by price)', async () => {
    const priceMoved = (change: ListingEdit) => change.price[0] !== change.price[1];
    await cache.get('by price', async () => list(['c']), { scope: listScope(priceMoved) });
    cache.forget([edit('a')]);
    expect(await cache.get('by price', async () => list([]))).toEqual(list(['c']));
    cache.forget([edit('a', { price: [1000, 1200] })]);
    expect(await reloaded('by price')).toBe('loaded again');
  });

  it('drops answers kept without a scope', async () => {
    await cache.get('unscoped', async () => list(['c']));
    cache.forget([edit('a')]);
    expect(await reloaded('unscoped')).toBe('loaded again');
  });

  it('judges a load under way once its answer is in: it may have read before the edit', async () => {
    const showing = deferred<{ data: { _id: string }[] }>();
    const other = deferred<{ data: { _id: string }[] }>();
    const loads = [
      cache.get('will show a', () => showing.promise, { scope: listScope() }),
      cache.get('will show c', () => other.promise, { scope: listScope() }),
    ];
    cache.forget([edit('a')]);
    showing.resolve(list(['a']));
    other.resolve(list(['c']));
    // Whoever waited gets the answer read; only the one the edit alters is not kept.
    expect(await Promise.all(loads)).toEqual([list(['a']), list(['c'])]);
    expect(await reloaded('will show a')).toBe('loaded again');
    expect(await cache.get('will show c', async () => list([]))).toEqual(list(['c']));
  });

  it('does not keep a refresh that an edit heard meanwhile alters', async () => {
    vi.useFakeTimers();
    await cache.get('page', async () => list(['c']), { scope: listScope() });
    vi.advanceTimersByTime(MAX_AGE_MS + 1);
    const fresh = deferred<{ data: { _id: string }[] }>();
    expect(await cache.get('page', () => fresh.promise, { scope: listScope() })).toEqual(list(['c']));
    cache.forget([edit('a')]);
    fresh.resolve(list(['a', 'c']));
    await fresh.promise;
    vi.useRealTimers();
    expect(await reloaded('page')).toBe('loaded again');
  });

  it('reads what a notification names, and anything else as a change to everything', () => {
    const named = { edits: [edit('a', { price: [null, 1200.5] })] };
    expect(listingEdits(JSON.stringify(named))).toEqual(named.edits);
    const partial = JSON.stringify({ edits: [{ ...edit('a'), quantity: [null, 2] }] });
    for (const payload of [undefined, '', '{', '{"edits":[]}', '{"edits":[{"id":"a"}]}', '[1]', partial]) {
      expect(listingEdits(payload)).toBeNull();
    }
  });
});
