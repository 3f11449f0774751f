import type { ProductSort } from '@canopy/shared';
import { compareCodePoints, widened } from './columns.ts';
import type { Docs } from './docs.ts';

// The six sorts from three orders of every slot, each the order the SQL catalog used (and the
// property test's reference still uses): time (created_at, id), name (lower(title) in byte order,
// id) and price (listed_price ascending, no price last, id). Each descending sort is its ascending
// order read backwards, and that is exactly SQL's: `name DESC, id DESC` reverses `name, id`; for
// `price DESC NULLS LAST, id DESC` the priced part is read backwards and then the unpriced part
// backwards. Each order also knows every slot's position in it (`rank`), so a small set of matches
// is put in order by sorting numbers. A fourth order, by THC, serves THC ranges only. A listing that
// leaves the catalog keeps its place (the search skips it); one whose sort key changes is moved.

type Compare = (a: number, b: number) => number;

export class Ordering {
  order = new Uint32Array(0);
  rank = new Uint32Array(0);
  length = 0;
  /** Slots with a key that the descending sort reads first (all but unpriced, for price). */
  leading = 0;
  /**
   * With `carry` given: the live cell of the slot at each position, and one of its values, so a
   * span of the order is read in sequence (a price or THC range's listings, decision 259). Kept by
   * `refresh` as the slots' cells and values change.
   */
  cellsAt: Uint16Array | null = null;
  valuesAt: Float64Array | null = null;

  constructor(
    private readonly compare: Compare,
    private readonly leads: (slot: number) => boolean = () => true,
    private readonly carry: { live: () => Uint16Array; values: () => Float64Array } | null = null,
  ) {
    if (carry) {
      this.cellsAt = new Uint16Array(0);
      this.valuesAt = new Float64Array(0);
    }
  }

  private reserve(capacity: number): void {
    if (capacity <= this.order.length) return;
    const next = Math.max(capacity, Math.ceil(this.order.length * 1.25), 1024);
    this.order = widened(this.order, next);
    this.rank = widened(this.rank, next);
    if (this.cellsAt) this.cellsAt = widened(this.cellsAt, next);
    if (this.valuesAt) this.valuesAt = widened(this.valuesAt, next);
  }

  /** Copies the slot's live cell and carried value to its position (after they changed). */
  refresh(slot: number): void {
    this.carryAt(this.rank[slot] as number, slot);
  }

  private carryAt(position: number, slot: number): void {
    if (!this.carry || !this.cellsAt || !this.valuesAt) return;
    this.cellsAt[position] = this.carry.live()[slot] as number;
    this.valuesAt[position] = this.carry.values()[slot] as number;
  }

  /** Orders slots 0..size-1 from scratch. */
  rebuild(size: number): void {
    this.reserve(size);
    const all = new Uint32Array(size);
    for (let i = 0; i < size; i++) all[i] = i;
    all.sort(this.compare);
    this.order.set(all);
    this.length = size;
    this.leading = 0;
    for (let i = 0; i < size; i++) {
      this.rank[all[i] as number] = i;
      if (this.leads(i)) this.leading++;
    }
    for (let i = 0; i < size; i++) this.carryAt(i, all[i] as number);
  }

  insert(slot: number): void {
    this.reserve(this.length + 1);
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.order[mid] as number, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    this.order.copyWithin(lo + 1, lo, this.length);
    this.order[lo] = slot;
    this.cellsAt?.copyWithin(lo + 1, lo, this.length);
    this.valuesAt?.copyWithin(lo + 1, lo, this.length);
    this.carryAt(lo, slot);
    this.length++;
    if (this.leads(slot)) this.leading++;
    this.renumber(lo);
  }

  remove(slot: number): void {
    const at = this.rank[slot] as number;
    this.order.copyWithin(at, at + 1, this.length);
    this.cellsAt?.copyWithin(at, at + 1, this.length);
    this.valuesAt?.copyWithin(at, at + 1, this.length);
    this.length--;
    if (this.leads(slot)) this.leading--;
    this.renumber(at);
  }

  private renumber(from: number): void {
    for (let i = from; i < this.length; i++) this.rank[this.order[i] as number] = i;
  }
}

/** The orders, and how each of the six sorts reads them. */
export class Orderings {
  readonly time: Ordering;
  readonly name: Ordering;
  readonly price: Ordering;
  /** No sort reads it: a THC range's listings are read from it (decision 259). */
  readonly thc: Ordering;

  constructor(docs: Docs) {
    const byId: Compare = (a, b) => {
      const x = docs.ids[a] as string;
      const y = docs.ids[b] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    };
    this.time = new Ordering(
      (a, b) => (docs.created[a] as number) - (docs.created[b] as number) || byId(a, b),
    );
    this.name = new Ordering(
      (a, b) => compareCodePoints(docs.names[a] as string, docs.names[b] as string) || byId(a, b),
    );
    // Ascending, no value last, then by id: the price order is also the price sorts'.
    const byValue =
      (column: () => Float64Array): Compare =>
      (a, b) => {
        const x = column()[a] as number;
        const y = column()[b] as number;
        const xNone = Number.isNaN(x);
        const yNone = Number.isNaN(y);
        if (xNone !== yNone) return xNone ? 1 : -1;
        return (xNone ? 0 : x - y) || byId(a, b);
      };
    const valued = (column: () => Float64Array) => (slot: number) => !Number.isNaN(column()[slot] as number);
    const live = () => docs.live;
    // Each range's order carries the other's values: a list with both ranges reads one in sequence.
    this.price = new Ordering(
      byValue(() => docs.price),
      valued(() => docs.price),
      {
        live,
        values: () => docs.thc,
      },
    );
    this.thc = new Ordering(
      byValue(() => docs.thc),
      valued(() => docs.thc),
      {
        live,
        values: () => docs.price,
      },
    );
  }

  all(): Ordering[] {
    return [this.time, this.name, this.price, this.thc];
  }

  /** The orders by the sort key each follows. */
  named(): ['time' | 'name' | 'price' | 'thc', Ordering][] {
    return [
      ['time', this.time],
      ['name', this.name],
      ['price', this.price],
      ['thc', this.thc],
    ];
  }

  /** The order a sort reads, and its reading: position in the sort ⇄ position in the order. */
  reading(sort: ProductSort): SortReading {
    const { time, name, price } = this;
    const forward = (ordering: Ordering): SortReading => ({
      ordering,
      toSort: (rank) => rank,
      fromSort: (position) => position,
    });
    const backward = (ordering: Ordering): SortReading => ({
      ordering,
      toSort: (rank) => ordering.length - 1 - rank,
      fromSort: (position) => ordering.length - 1 - position,
    });
    if (sort === 'oldest') return forward(time);
    if (sort === 'name_asc') return forward(name);
    if (sort === 'name_desc') return backward(name);
    if (sort === 'price_asc') return forward(price);
    if (sort === 'price_desc') {
      const priced = price.leading;
      const last = price.length - 1;
      return {
        ordering: price,
        toSort: (rank) => (rank < priced ? priced - 1 - rank : priced + last - rank),
        fromSort: (position) => (position < priced ? priced - 1 - position : last - (position - priced)),
      };
    }
    return backward(time);
  }
}

export interface SortReading {
  ordering: Ordering;
  toSort(rank: number): number;
  fromSort(position: number): number;
}
