import type { ProductDto } from '@canopy/shared';
import { describe, expect, it } from 'vitest';
import type { Changes } from './search-index/source.ts';
import { heapBytes, ShownProducts } from './shown-products.ts';

// The shown products must never show a product older than the last change the search index read
// (decision 264): what a change names is dropped, including from a read that was under way.

const TODAY = '2026-11-29';

/** The database's products: a listing id's version moves with every write, as its row would. */
class Catalog {
  private readonly versions = new Map<string, number>();
  readonly reads: string[][] = [];
  /** Holds reads until released, to interleave a change with one. */
  gate: Promise<void> | null = null;

  constructor(private readonly sellers: Record<string, string>) {
    for (const id of Object.keys(sellers)) this.versions.set(id, 1);
  }

  write(id: string): void {
    this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
  }

  remove(id: string): void {
    this.versions.delete(id);
  }

  product(id: string): ProductDto {
    return {
      _id: id,
      name: `${id} v${this.versions.get(id)}`,
      description: '',
      media: [] as ProductDto['media'],
      seller: { sellerId: this.sellers[id] as string },
    } as ProductDto;
  }

  read = async (ids: string[]): Promise<ProductDto[]> => {
    this.reads.push(ids);
    // The read's snapshot is taken here, before it waits on the gate.
    const answer = ids.filter((id) => this.versions.has(id)).map((id) => this.product(id));
    await this.gate;
    return answer;
  };
}

const changes = (overrides: Partial<Changes> & { ids?: string[]; sellers?: string[] } = {}): Changes => ({
  listings: (overrides.ids ?? []).map((id) => ({ id }) as Changes['listings'][number]),
  removed: overrides.removed ?? [],
  emptied: overrides.emptied ?? false,
  shown: overrides.shown ?? { listings: [], sellers: overrides.sellers ?? [], everything: false },
  today: overrides.today ?? TODAY,
  next: 0,
  snapshot: null,
});

function setup(capacity?: number) {
  const catalog = new Catalog({ a: 's1', b: 's1', c: 's2', d: 's2' });
  const shown = new ShownProducts(catalog.read, capacity);
  shown.forget(changes());
  const names = async (ids: string[]) => (await shown.products(ids)).map((product) => product.name);
  return { catalog, shown, names };
}

describe('the shown products', () => {
  it('read only the listings no list showed since their last change, in the order asked', async () => {
    const { catalog, names } = setup();
    expect(await names(['b', 'a'])).toEqual(['b v1', 'a v1']);
    expect(await names(['a', 'c', 'b'])).toEqual(['a v1', 'c v1', 'b v1']);
    expect(catalog.reads).toEqual([['b', 'a'], ['c']]);
  });

  it('leave out a listing the database no longer has', async () => {
    const { catalog, names } = setup();
    catalog.remove('b');
    expect(await names(['a', 'b', 'c'])).toEqual(['a v1', 'c v1']);
  });

  it('read again each listing a change names: edited, removed, or its pictures', async () => {
    const { catalog, shown, names } = setup();
    await names(['a', 'b', 'c', 'd']);
    catalog.write('a');
    catalog.write('b');
    catalog.write('c');
    shown.forget(
      changes({ ids: ['a'], removed: ['b'], shown: { listings: ['c'], sellers: [], everything: false } }),
    );
    expect(await names(['a', 'b', 'c', 'd'])).toEqual(['a v2', 'b v2', 'c v2', 'd v1']);
    expect(catalog.reads).toEqual([
      ['a', 'b', 'c', 'd'],
      ['a', 'b', 'c'],
    ]);
  });

  it('read again every listing of a seller whose details changed, and only theirs', async () => {
    const { catalog, shown, names } = setup();
    await names(['a', 'b', 'c', 'd']);
    shown.forget(changes({ sellers: ['s2'] }));
    await names(['a', 'b', 'c', 'd']);
    expect(catalog.reads).toEqual([
      ['a', 'b', 'c', 'd'],
      ['c', 'd'],
    ]);
  });

  it.each([
    ['the listings were emptied', changes({ emptied: true })],
    ['a product type changed', changes({ shown: { listings: [], sellers: [], everything: true } })],
    ['the Pacific date moved on (a COA may have expired)', changes({ today: '2026-11-30' })],
  ])('read everything again when %s', async (_, change) => {
    const { catalog, shown, names } = setup();
    await names(['a', 'b']);
    shown.forget(change);
    await names(['a', 'b']);
    expect(catalog.reads).toEqual([
      ['a', 'b'],
      ['a', 'b'],
    ]);
  });

  it('show, but do not keep, what a read under way answered for a listing changed meanwhile', async () => {
    const { catalog, shown, names } = setup();
    let release = () => {};
    catalog.gate = new Promise((resolve) => {
      release = resolve;
    });
    const page = names(['a', 'c']);
    // The read took its snapshot; a write commits and the index hears it before the read returns.
    catalog.write('a');
    shown.forget(changes({ ids: ['a'] }));
    release();
    expect(await page).toEqual(['a v1', 'c v1']);
    catalog.gate = null;
    expect(await names(['a', 'c'])).toEqual(['a v2', 'c v1']);
    expect(catalog.reads).toEqual([['a', 'c'], ['a']]);
  });

  it('do not keep what a read under way answered when a seller or everything changed meanwhile', async () => {
    for (const change of [changes({ sellers: ['s1'] }), changes({ today: '2026-11-30' })]) {
      const { catalog, shown, names } = setup();
      let release = () => {};
      catalog.gate = new Promise((resolve) => {
        release = resolve;
      });
      const page = names(['a', 'c']);
      shown.forget(change);
      release();
      await page;
      catalog.gate = null;
      await names(['a', 'c']);
      expect(catalog.reads).toEqual([['a', 'c'], change.today === TODAY ? ['a'] : ['a', 'c']]);
    }
  });

  it('let the least recently shown go first when full', async () => {
    // Room for two products of the stand-in's size.
    const { catalog, shown, names } = setup(2 * heapBytes(new Catalog({ a: 's1' }).product('a')));
    await names(['a', 'b']);
    await names(['a']);
    await names(['c']);
    expect(shown.size).toBe(2);
    await names(['a', 'b', 'c']);
    expect(catalog.reads).toEqual([['a', 'b'], ['c'], ['b']]);
  });

  it('free the room of what a change dropped', async () => {
    const { catalog, shown, names } = setup(2 * heapBytes(new Catalog({ a: 's1' }).product('a')));
    await names(['a', 'b']);
    shown.forget(changes({ ids: ['a'] }));
    await names(['c']);
    await names(['b', 'c']);
    expect(catalog.reads).toEqual([['a', 'b'], ['c']]);
  });
});
