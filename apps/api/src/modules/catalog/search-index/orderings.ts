import type { ProductSort } from '@canopy/shared';
import { CELLS } from './cells.ts';
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

/** A step's counts (none: zero) and the positions [from, to) between its end and a span's end, each counted `edge` times. */
interface NearestStep {
  base: Uint32Array | undefined;
  from: number;
  to: number;
  edge: 1 | -1;
}

export class Ordering {
  order = new Uint32Array(0);
  rank = new Uint32Array(0);
  length = 0;
  /** Slots with a key that the descending sort reads first (all but unpriced, for price). */
  leading = 0;
  /**
   * The live cell of the slot at each position, so a walk along the order tests a position's cell
   * filters in sequence and reads the slot only when they pass (decision 265). Kept by `refresh`
   * as the slots' cells change.
   */
  cellsAt = new Uint16Array(0);
  /**
   * With `values` given (the range orders): one of the slot's values at each position, so a span of
   * the order is read in sequence (a price or THC range's listings, decision 259).
   */
  valuesAt: Float64Array | null = null;
  /**
   * With `values`: for each whole step of `step` positions, how many positions before its end hold
   * each live cell (decision 263). A span's per-cell counts are then two of these, corrected by at
   * most half a step read at each end, however long the span. Kept by insert, remove and refresh.
   */
  private steps: Uint32Array[] = [];

  constructor(
    private readonly compare: Compare,
    private readonly leads: (slot: number) => boolean = () => true,
    private readonly live: () => Uint16Array,
    private readonly values: (() => Float64Array) | null = null,
    private readonly step = 16_384,
  ) {
    if (values) this.valuesAt = new Float64Array(0);
  }

  private reserve(capacity: number): void {
    if (capacity <= this.order.length) return;
    const next = Math.max(capacity, Math.ceil(this.order.length * 1.25), 1024);
    this.order = widened(this.order, next);
    this.rank = widened(this.rank, next);
    this.cellsAt = widened(this.cellsAt, next);
    if (this.valuesAt) this.valuesAt = widened(this.valuesAt, next);
  }

  /** Copies the slot's live cell and carried value to its position (after they changed). */
  refresh(slot: number): void {
    const position = this.rank[slot] as number;
    const before = this.cellsAt[position] as number;
    this.carryAt(position, slot);
    const after = this.cellsAt[position] as number;
    if (before === after) return;
    for (let k = Math.floor(position / this.step); k < this.steps.length; k++) {
      const counts = this.steps[k] as Uint32Array;
      counts[before] = (counts[before] as number) - 1;
      counts[after] = (counts[after] as number) + 1;
    }
  }

  /**
   * Sets `into[cell]` to how many positions in [from, to) hold each of `cells` (a plan's counted
   * cells: the other entries are left meaningless).
   */
  spanCounts(from: number, to: number, into: Int32Array, cells: Uint16Array): void {
    const high = this.nearestStep(to);
    const low = this.nearestStep(from);
    into.fill(0);
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i] as number;
      into[cell] = ((high.base?.[cell] ?? 0) as number) - ((low.base?.[cell] ?? 0) as number);
    }
    this.correct(high, into, 1);
    this.correct(low, into, -1);
  }

  /** The step whose end is nearest `end` (none before the first), and the positions between them. */
  private nearestStep(end: number): NearestStep {
    const below = Math.floor(end / this.step);
    const aboveEnd = (below + 1) * this.step;
    const useAbove = below < this.steps.length && aboveEnd - end < end - below * this.step;
    if (useAbove) return { base: this.steps[below], from: end, to: aboveEnd, edge: -1 };
    return { base: below > 0 ? this.steps[below - 1] : undefined, from: below * this.step, to: end, edge: 1 };
  }

  /** Corrects a step's counts to an end by the positions between them, `sign` times. */
  private correct(near: NearestStep, into: Int32Array, sign: 1 | -1): void {
    const { cellsAt } = this;
    const by = near.edge * sign;
    for (let position = near.from; position < near.to; position++) {
      const cell = cellsAt[position] as number;
      into[cell] = (into[cell] as number) + by;
    }
  }

  /** Bytes held by the steps' counts. */
  stepBytes(): number {
    return this.steps.reduce((sum, counts) => sum + counts.byteLength, 0);
  }

  /** Adds the steps the order is now long enough for. */
  private extendSteps(): void {
    const cellsAt = this.cellsAt;
    if (!this.values) return;
    while ((this.steps.length + 1) * this.step <= this.length) {
      const k = this.steps.length;
      const counts = k > 0 ? (this.steps[k - 1] as Uint32Array).slice() : new Uint32Array(CELLS + 1);
      for (let position = k * this.step; position < (k + 1) * this.step; position++) {
        const cell = cellsAt[position] as number;
        counts[cell] = (counts[cell] as number) + 1;
      }
      this.steps.push(counts);
    }
  }

  private carryAt(position: number, slot: number): void {
    this.cellsAt[position] = this.live()[slot] as number;
    if (this.valuesAt && this.values) this.valuesAt[position] = this.values()[slot] as number;
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
    this.steps = [];
    this.extendSteps();
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
    if (this.steps.length > 0) {
      // Each step ending past `lo` gains the new slot and loses the one pushed over its end.
      const cell = this.live()[slot] as number;
      for (let k = Math.floor(lo / this.step); k < this.steps.length; k++) {
        const counts = this.steps[k] as Uint32Array;
        const leaving = this.cellsAt[(k + 1) * this.step - 1] as number;
        counts[cell] = (counts[cell] as number) + 1;
        counts[leaving] = (counts[leaving] as number) - 1;
      }
    }
    this.order.copyWithin(lo + 1, lo, this.length);
    this.order[lo] = slot;
    this.cellsAt.copyWithin(lo + 1, lo, this.length);
    this.valuesAt?.copyWithin(lo + 1, lo, this.length);
    this.carryAt(lo, slot);
    this.length++;
    if (this.leads(slot)) this.leading++;
    this.renumber(lo);
    this.extendSteps();
  }

  remove(slot: number): void {
    const at = this.rank[slot] as number;
    if (this.steps.length > 0) {
      // Each step ending past `at` loses the slot and gains the one pulled in over its end.
      const cell = this.cellsAt[at] as number;
      for (let k = Math.floor(at / this.step); k < this.steps.length; k++) {
        const counts = this.steps[k] as Uint32Array;
        const end = (k + 1) * this.step;
        counts[cell] = (counts[cell] as number) - 1;
        if (end < this.length) {
          const entering = this.cellsAt[end] as number;
          counts[entering] = (counts[entering] as number) + 1;
        }
      }
    }
    this.order.copyWithin(at, at + 1, this.length);
    this.cellsAt.copyWithin(at, at + 1, this.length);
    this.valuesAt?.copyWithin(at, at + 1, this.length);
    this.length--;
    if (this.leads(slot)) this.leading--;
    this.renumber(at);
    while (this.steps.length * this.step > this.length) this.steps.pop();
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

  /** `step`: the positions per step of the range orders' per-cell counts (tests use small ones). */
  constructor(docs: Docs, step?: number) {
    const byId: Compare = (a, b) => {
      const x = docs.ids[a] as string;
      const y = docs.ids[b] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    };
    const live = () => docs.live;
    this.time = new Ordering(
      (a, b) => (docs.created[a] as number) - (docs.created[b] as number) || byId(a, b),
      () => true,
      live,
    );
    this.name = new Ordering(
      (a, b) => compareCodePoints(docs.names[a] as string, docs.names[b] as string) || byId(a, b),
      () => true,
      live,
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
    // Each range's order carries the other's values: a list with both ranges reads one in sequence.
    this.price = new Ordering(
      byValue(() => docs.price),
      valued(() => docs.price),
      live,
      () => docs.thc,
      step,
    );
    this.thc = new Ordering(
      byValue(() => docs.thc),
      valued(() => docs.thc),
      live,
      () => docs.price,
      step,
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
