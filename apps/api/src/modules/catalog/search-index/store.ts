import type { ProductSort } from '@canopy/shared';
import { CELLS, splitByBands } from './cells.ts';
import { lowerBound } from './columns.ts';
import { Docs, type ListingDoc } from './docs.ts';
import type { ListQuery, RawCounts } from './facets.ts';
import { KeptBytes } from './kept-bytes.ts';
import { type Ordering, Orderings } from './orderings.ts';
import { intersect, Postings, union } from './postings.ts';
import {
  countCells,
  countsOf,
  FLAT_SIZE,
  narrowed,
  type Plan,
  planOf,
  type Range,
  type Scanned,
  scan,
  scanInOrder,
  withinRanges,
} from './scan.ts';
import type { WordTree } from './words.ts';

// The in-process catalog index (decisions 252, 259, 263 and 265): every listing the catalog has
// shown since the instance started, its lexemes, filter values, cell and sort keys, and the three
// sort orders. A search is synchronous and reads memory only: a list filtered by choices and whole
// bands alone is counted from the per-cell totals; one with price or THC ranges from the range
// orders' steps and the parts of ranges that cut a band; any other is one pass over its candidates
// (the words' or the seller's slots, or every slot). The page is read from the sort's order by a
// bounded walk, else selected among the matches' positions. Totals and counts are exact. Changes
// come from the database (source.ts) and are applied in place.

/** One page of a list, the list's total and its facet counts. */
export interface Found {
  ids: string[];
  total: number;
  counts: RawCounts;
}

/** A list's matches, kept for its other pages and sorts (a list the cells answered is not kept). */
interface Kept {
  generation: number;
  /** Listed by slot. */
  list: Uint32Array;
  total: number;
  counts: RawCounts;
  /**
   * Per sort, the ids of the list's first pages once one of them was asked for: a common word's
   * pages are asked for again and again, and finding one walks or selects among all its matches.
   */
  leading?: Map<ProductSort, string[]>;
}

export interface IndexQuery extends ListQuery {
  /** The words' tree (null: no words); an 'unsupported' tree comes with its slots from the database. */
  words: WordTree | null;
  /** The slots the database found for an 'unsupported' tree. */
  wordSlots?: Uint32Array;
}

/** Above this many changed listings in one batch, the orders are sorted afresh. */
const REBUILD_ABOVE = 2_000;
/** Matches kept between calls (pages and sorts of one list share them), in bytes of slots. */
const KEPT_BYTES = 32 * 1024 * 1024;
/** The words' slots kept between calls (slotsOfWords), in bytes. */
const WORD_BYTES = 16 * 1024 * 1024;
/** How many of a kept list's first ids are found for a sort at once: the catalog's first 20 pages of 12. */
const LEADING_IDS = 240;

/**
 * Where a price or THC range's listings sit in that range's order (fromSpan, fromSpans), and the
 * other range, if the list has both, tested on the values the order carries.
 */
interface Span {
  range: Range;
  ordering: Ordering;
  from: number;
  to: number;
  other: Range | null;
}

/** A range split by its bands (fromSpans): the bands kept whole, and the cut parts' positions. */
interface CutParts {
  whole: Uint8Array | null;
  parts: [from: number, to: number][];
  positions: number;
}

export class SearchIndex {
  readonly docs = new Docs();
  readonly postings = new Postings();
  readonly orderings: Orderings;
  /** Goes up with every change that can alter an answer. */
  generation = 0;
  private readonly kept: KeptBytes<Kept>;
  /** The words' slots, and the slots given when they were found (slotsOfWords). */
  private readonly wordLists = new KeptBytes<{ slots: Uint32Array; size: number }>(WORD_BYTES);
  /** Scratch, reused by every search (a search runs to its end before the next). */
  private readonly hist = new Uint32Array(CELLS);
  private out = new Uint32Array(0);
  private bits = new Uint32Array(0);
  private readonly spanCells = new Int32Array(CELLS + 1);
  /** Per cell and side of a range (scanInOrder), all zero between searches. */
  private readonly pairs = new Uint32Array(2 * (CELLS + 1));

  /**
   * `keptBytes`: how much of the match lists to keep between searches; `spanStep`: positions per
   * step of the range orders' per-cell counts (orderings.ts; tests use small ones).
   */
  constructor({ keptBytes = KEPT_BYTES, spanStep }: { keptBytes?: number; spanStep?: number } = {}) {
    this.kept = new KeptBytes(keptBytes);
    this.orderings = new Orderings(this.docs, spanStep);
  }

  /**
   * Loads or updates listings. While `loading` (the first read of the catalog), the orders are left
   * alone and sorted once by `loaded()`.
   */
  apply(listings: readonly ListingDoc[], loading = false): void {
    const orders = this.orderings.named();
    const places = listings.map((doc) => {
      const known = this.docs.slotOf(doc.id);
      const { slot, isNew } = this.docs.place(doc);
      // Only the orders whose key changed move it (a price edit moves it in the price order alone).
      // A listing given a new slot leaves its old one where it is in the orders, hidden.
      const keys = isNew ? null : this.docs.movedKeys(slot, doc);
      const moved = orders.filter(([name]) => keys?.[name]).map(([, ordering]) => ordering);
      return { doc, slot, isNew, moved, retired: known };
    });
    const moving = places.filter((place) => place.isNew || place.moved.length > 0).length;
    const rebuild = !loading && moving > REBUILD_ABOVE;
    // Taken out of the orders while their old keys still say where they are.
    if (!loading && !rebuild) {
      for (const place of places) for (const ordering of place.moved) ordering.remove(place.slot);
    }
    let changed = false;
    for (const { doc, slot, isNew, moved, retired } of places) {
      // Read twice in one batch with another text: the later read's slot is the listing's.
      if (this.docs.slotOf(doc.id) !== slot) continue;
      const wasVisible = this.docs.isVisible(slot);
      const before = isNew ? '' : this.valuesOf(slot);
      if (isNew) this.postings.add(slot, doc.lexemes);
      this.docs.write(slot, doc);
      if (isNew || moved.length > 0 || wasVisible !== doc.visible || before !== this.valuesOf(slot))
        changed = true;
      if (isNew && retired !== undefined) changed = true;
    }
    if (loading) return;
    if (rebuild) {
      for (const ordering of this.orderings.all()) ordering.rebuild(this.docs.size);
    } else {
      for (const place of places) {
        for (const ordering of place.isNew ? this.orderings.all() : place.moved) ordering.insert(place.slot);
      }
      // Cells that changed in place: the written slots, and those their listings left.
      for (const { slot, retired } of places) this.refreshCarried(slot, retired);
    }
    if (changed) this.changed();
  }

  /** Ends the first read: sorts the orders. */
  loaded(): void {
    this.postings.trim();
    this.docs.trim();
    for (const ordering of this.orderings.all()) ordering.rebuild(this.docs.size);
    this.changed();
  }

  /** Takes listings out of the catalog (deleted rows). */
  remove(ids: readonly string[]): void {
    let changed = false;
    for (const id of ids) {
      const slot = this.docs.slotOf(id);
      if (slot === undefined || !this.docs.isVisible(slot)) continue;
      this.docs.setVisible(slot, false);
      this.refreshCarried(slot);
      changed = true;
    }
    if (changed) this.changed();
  }

  /** The orders carry each slot's cell (and the range orders a value): copied again after a change. */
  private refreshCarried(slot: number, retired?: number): void {
    for (const ordering of this.orderings.all()) {
      ordering.refresh(slot);
      if (retired !== undefined) ordering.refresh(retired);
    }
  }

  private changed(): void {
    this.generation++;
    this.kept.clear();
  }

  /** The filter values of a slot as one string: an edit that leaves them as they were changes nothing. */
  private valuesOf(slot: number): string {
    const d = this.docs;
    return `${d.cells[slot]} ${d.seller[slot]} ${d.price[slot]} ${d.thc[slot]} ${d.cbd[slot]} ${d.quantity[slot]}`;
  }

  /**
   * One page of the matches of the words and filters in the sort's order, their exact total and the
   * facet counts (decision 259). The candidates are the words' slots or the seller's when asked
   * for (neither is counted, so no count needs a listing outside them); else the cells answer
   * alone when nothing is tested per listing; else price and THC ranges that cut a band are counted
   * from their orders (fromSpan, fromSpans); else every slot is read.
   */
  find(q: IndexQuery, key: string, sort: ProductSort, offset: number, limit: number): Found {
    const docs = this.docs;
    this.reserveScratch();
    const plan = planOf(q, docs);
    const hit = this.kept.get(key);
    if (hit && hit.generation === this.generation) {
      const { total, counts } = hit;
      return { ids: this.pageOfKept(key, hit, plan, sort, offset, limit), total, counts };
    }
    const words = this.candidates(q);
    let list: Uint32Array | null = null;
    let span: Span | null = null;
    let found: Scanned;
    if (words || plan.seller !== null) {
      let candidates = words ?? docs.slotsOfSeller(plan.seller as number);
      if (words && plan.seller !== null) candidates = intersect(candidates, docs.slotsOfSeller(plan.seller));
      found = scan(docs, plan, candidates, 0, candidates.length, this.out, this.hist);
      list = this.out.subarray(0, found.total);
    } else if (plan.ranges.length === 0) {
      found = countCells(docs.cube, plan);
    } else if (plan.ranges.every((range) => range.column === docs.price || range.column === docs.thc)) {
      ({ found, span } =
        plan.ranges.length === 1 ? this.fromSpan(plan, plan.ranges[0] as Range) : this.fromSpans(plan, sort));
    } else {
      found = scan(docs, plan, null, 0, docs.size, this.out, this.hist);
      list = this.out.subarray(0, found.total);
    }
    const { total } = found;
    const counts = countsOf(found.flat);
    const ids = this.page(list, plan, total, sort, offset, limit, span);
    if (list)
      this.kept.set(key, { generation: this.generation, list: list.slice(), total, counts }, list.byteLength);
    return { ids, total, counts };
  }

  /** A page of a kept list, from its leading ids when the page lies among them. */
  private pageOfKept(
    key: string,
    hit: Kept,
    plan: Plan,
    sort: ProductSort,
    offset: number,
    limit: number,
  ): string[] {
    const { list, total } = hit;
    const end = Math.min(offset + limit, total);
    let leading = hit.leading?.get(sort);
    if (!leading && end <= LEADING_IDS) {
      leading = this.page(list, plan, total, sort, 0, LEADING_IDS);
      hit.leading ??= new Map();
      hit.leading.set(sort, leading);
      // Counted with the lists (8 bytes a reference), so the kept bytes stay bounded.
      this.kept.grow(key, leading.length * 8);
    }
    if (leading && end <= leading.length) return leading.slice(offset, end);
    return this.page(list, plan, total, sort, offset, limit);
  }

  /** Scratch arrays as large as the slots: the matches, and a bit per slot. */
  private reserveScratch(): void {
    const size = this.docs.size;
    if (this.out.length < size) this.out = new Uint32Array(Math.ceil(size * 1.25));
    if (this.bits.length * 32 < size) this.bits = new Uint32Array(Math.ceil((size * 1.25) / 32) + 1);
  }

  /**
   * A list whose only per-listing test is one price or THC range (no words, no seller): counted
   * without reading its listings. The range's listings are a span of its order, and the order's
   * steps give the span's listings per cell, so the total and the counts are the cells' sums
   * (decision 263). The range's own dimension is counted over the whole catalog: what another band
   * would show. The page is walked from the order or the sort's order (page()).
   */
  private fromSpan(plan: Plan, range: Range): { found: Scanned; span: Span } {
    const span = this.spanOf(range, null);
    const cellsOnly = { ...plan, ranges: [] };
    const dim = range.verdict - 1;
    span.ordering.spanCounts(span.from, span.to, this.spanCells, cellsOnly.counted);
    const found = countCells(this.spanCells, cellsOnly, undefined, { skip: 1 << dim });
    countCells(this.docs.cube, cellsOnly, found.flat, { only: dim });
    return { found, span };
  }

  /**
   * A list with both a price and a THC range (no words, no seller), counted without a list of its
   * matches (decision 265). One range is split by its bands: the listings of the bands it keeps
   * whole are decided by their cells, so they are counted as a list with the other range alone is
   * (fromSpan: the other span's steps); only the parts of it within the bands it cuts are read, in
   * sequence from its order, which carries each position's cell and the other range's value. The
   * split range's own dimension is counted from the other span's steps, what another band of it
   * would show. The range split is the one whose cut parts hold fewer listings.
   */
  private fromSpans(plan: Plan, sort: ProductSort): { found: Scanned; span: Span } {
    const [first, second] = plan.ranges as [Range, Range];
    const spans = [this.spanOf(first, second), this.spanOf(second, first)] as const;
    const [one, two] = spans.map((span) => this.cutParts(span)) as [CutParts, CutParts];
    const at = one.positions <= two.positions ? 0 : 1;
    const { whole, parts } = at === 0 ? one : two;
    const split = spans[at] as Span;
    const kept = spans[1 - at] as Span;
    const splitDim = split.range.verdict - 1;
    const keptDim = kept.range.verdict - 1;
    const cellsOnly = { ...plan, ranges: [] };
    const flat = new Uint32Array(FLAT_SIZE);
    kept.ordering.spanCounts(kept.from, kept.to, this.spanCells, cellsOnly.counted);
    let total = 0;
    if (whole) {
      // The whole bands: a list with the kept range alone, its cells narrowed to those bands.
      const narrow = narrowed(cellsOnly, splitDim, whole);
      total += countCells(this.spanCells, narrow, flat, { skip: (1 << splitDim) | (1 << keptDim) }).total;
      countCells(this.docs.cube, narrow, flat, { only: keptDim });
    }
    for (const [from, to] of parts) {
      total += scanInOrder(cellsOnly, split.ordering, from, to, kept.range, flat, this.pairs, 1 << splitDim);
    }
    countCells(this.spanCells, cellsOnly, flat, { only: splitDim });
    // The page is walked from the price span in the price sorts, else read from the shorter span.
    const byPrice = sort === 'price_asc' || sort === 'price_desc';
    const shorter = split.to - split.from <= kept.to - kept.from ? split : kept;
    const span = byPrice ? (spans.find((each) => each.ordering === this.orderings.price) as Span) : shorter;
    return { found: { flat, total }, span };
  }

  /** The bands a span's range keeps whole, and where in its order the parts within bands it cuts lie. */
  private cutParts(span: Span): CutParts {
    const { column, lo, hi, bands } = span.range;
    const { whole, cut } = splitByBands(lo, hi, bands ?? []);
    const parts = cut.map(([from, to]) => positionsWithin(span.ordering, column, from, to));
    return { whole, parts, positions: parts.reduce((sum, [from, to]) => sum + to - from, 0) };
  }

  /** The span of a price or THC range in that range's order, with the list's other range. */
  private spanOf(range: Range, other: Range | null): Span {
    const ordering = range.column === this.docs.price ? this.orderings.price : this.orderings.thc;
    const [from, to] = positionsWithin(ordering, range.column, range.lo, range.hi);
    return { range, ordering, from, to, other };
  }

  private candidates(q: IndexQuery): Uint32Array | null {
    if (!q.words) return null;
    if (q.words.kind === 'unsupported') return q.wordSlots ?? new Uint32Array(0);
    return this.slotsOfWords(q.words);
  }

  /**
   * The slots of the words' tree. A common word's slots are asked for with every filter, and a
   * prefix unites many lexemes' lists, so they are kept between searches: slots are only ever added
   * to a lexeme's list, each larger than any before (postings.ts), so a kept list stays right for
   * the slots it covers and is extended by the slots given since.
   */
  private slotsOfWords(tree: WordTree): Uint32Array {
    const key = JSON.stringify(tree);
    const size = this.docs.size;
    const known = this.wordLists.get(key);
    if (known?.size === size) {
      // Set again: the least recently asked for go first.
      this.wordLists.set(key, known, known.slots.byteLength);
      return known.slots;
    }
    const added = this.evaluate(tree, known?.size ?? 0);
    // A view of a lexeme's list stays right: its part of the list is never written again.
    let slots = added;
    if (known) {
      slots = new Uint32Array(known.slots.length + added.length);
      slots.set(known.slots);
      slots.set(added, known.slots.length);
    }
    this.wordLists.set(key, { slots, size }, slots.byteLength);
    return slots;
  }

  /** The slots from `from` on that the tree matches. */
  private evaluate(tree: WordTree, from: number): Uint32Array {
    const after = (list: Uint32Array) => list.subarray(lowerBound(list, list.length, from));
    switch (tree.kind) {
      case 'term':
        return tree.prefix
          ? union(this.postings.prefixed(tree.lexeme).map(after), this.bits)
          : after(this.postings.exact(tree.lexeme));
      case 'and': {
        const lists = tree.parts.map((part) => this.evaluate(part, from)).sort((a, b) => a.length - b.length);
        return lists.reduce((found, list) => intersect(found, list));
      }
      case 'or':
        return union(
          tree.parts.map((part) => this.evaluate(part, from)),
          this.bits,
        );
      default:
        return new Uint32Array(0);
    }
  }

  /**
   * The ids of one page of the matches in the sort's order. When the matches are dense enough in
   * the order for a short walk to find the page, the order is walked, each position tested by the
   * cell the order carries, then its slot (against the ranges, by binary search in a list by slot,
   * or by a bit per match). Matches may cluster in an order (a strain's titles sit together in the
   * name order, a price range in the price order), so the walk gives up after a few times the steps
   * an even spread would need. Otherwise every match's position in the sort is read and the page
   * selected among them. A list counted from a span (fromSpan, fromSpans) has no list of matches:
   * sorted by the span's own order, the span itself is walked.
   */
  private page(
    list: Uint32Array | null,
    plan: Plan,
    total: number,
    sort: ProductSort,
    offset: number,
    limit: number,
    span: Span | null = null,
  ): string[] {
    const end = Math.min(offset + limit, total);
    if (offset >= end) return [];
    const docs = this.docs;
    const { ordering, toSort, fromSort } = this.orderings.reading(sort);
    if (span?.ordering === ordering) return this.pageOfSpan(plan, span, sort === 'price_desc', offset, end);
    const budget = (4 * end * ordering.length) / total + 1024;
    const matches = list;
    const bits = this.bits;
    // A walked position is tested first by the cell its order carries, read in sequence; only a
    // position whose cell passes reads its slot: against the per-listing ranges; by binary search in
    // a list by slot; or by a bit per match, set for the walk and cleared after it (about two cheap
    // writes per match).
    const bySearch = matches !== null && budget * Math.log2(total + 1) < total;
    const byBits = matches !== null && !bySearch && budget < total * 4;
    const test = !matches
      ? (slot: number) => withinRanges(plan, slot)
      : bySearch
        ? (slot: number) => {
            const at = lowerBound(matches, total, slot);
            return at < total && matches[at] === slot;
          }
        : byBits
          ? (slot: number) => ((bits[slot >>> 5] as number) & (1 << (slot & 31))) !== 0
          : null;
    if (test && budget < docs.size) {
      if (byBits && matches) {
        for (const slot of matches) bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
      }
      const { fail } = plan;
      const { cellsAt, order } = ordering;
      const slots: number[] = [];
      let seen = 0;
      const stop = Math.min(ordering.length, budget);
      for (let position = 0; position < stop && seen < end; position++) {
        const at = fromSort(position);
        if (fail[cellsAt[at] as number] !== 0) continue;
        const slot = order[at] as number;
        if (!test(slot)) continue;
        if (seen++ >= offset) slots.push(slot);
      }
      if (byBits && matches) for (const slot of matches) bits[slot >>> 5] = 0;
      if (seen === end) return slots.map((slot) => docs.ids[slot] as string);
    }
    if (span) list = this.matchesInSpan(plan, span);
    else if (!list) {
      // The matches are within the category asked for, if any: only its slots are read.
      const within = plan.category === null ? null : docs.slotsOfCategory(plan.category);
      scan(docs, plan, within, 0, within ? within.length : docs.size, this.out, this.hist);
      list = this.out.subarray(0, total);
    }
    const { rank } = ordering;
    const positions = smallest(list, (slot) => toSort(rank[slot] as number), end);
    return Array.from(positions.subarray(offset, end), (position) => {
      const slot = ordering.order[fromSort(position)] as number;
      return docs.ids[slot] as string;
    });
  }

  /**
   * Matches `offset` to `end` of a span in its order's sort (its price order is price_asc, read
   * backwards price_desc: the span holds priced listings only). Every position in it is within the
   * range, so only its cell and the other range, on the carried value, are tested, and the walk
   * ends at the page's end.
   */
  private pageOfSpan(plan: Plan, span: Span, backwards: boolean, offset: number, end: number): string[] {
    const { order } = span.ordering;
    const ids: string[] = [];
    let seen = 0;
    const step = backwards ? -1 : 1;
    for (
      let p = backwards ? span.to - 1 : span.from;
      seen < end && p >= span.from && p < span.to;
      p += step
    ) {
      if (!inSpan(plan, span, p)) continue;
      if (seen++ >= offset) ids.push(this.docs.ids[order[p] as number] as string);
    }
    return ids;
  }

  /** The slots of a span's matches, in the span's order, in the scratch array. */
  private matchesInSpan(plan: Plan, span: Span): Uint32Array {
    const { order } = span.ordering;
    let n = 0;
    for (let p = span.from; p < span.to; p++) if (inSpan(plan, span, p)) this.out[n++] = order[p] as number;
    return this.out.subarray(0, n);
  }

  /** Bytes the index holds in typed arrays (the ids, names and maps come on top; see decision 253). */
  typedBytes(): number {
    const d = this.docs;
    const columns = [d.cells, d.live, d.seller, d.price, d.thc, d.cbd, d.quantity, d.created];
    const orders = this.orderings
      .all()
      .flatMap((o) => [o.order, o.rank, o.cellsAt, o.valuesAt ?? new Uint8Array(0)]);
    return (
      this.postings.bytes() +
      columns.reduce((sum, array) => sum + array.byteLength, 0) +
      orders.reduce((sum, array) => sum + array.byteLength, 0) +
      this.orderings.all().reduce((sum, ordering) => sum + ordering.stepBytes(), 0)
    );
  }
}

/** Whether position p of a span is a match: its cell passes, and its carried value the other range. */
function inSpan(plan: Plan, span: Span, p: number): boolean {
  if (plan.fail[span.ordering.cellsAt[p] as number] !== 0) return false;
  if (!span.other) return true;
  const value = (span.ordering.valuesAt as Float64Array)[p] as number;
  return value >= span.other.lo && value <= span.other.hi;
}

/** The `k` smallest keys of the slots, ascending: a bounded max-heap, or a sort when k is most of them. */
function smallest(slots: Uint32Array, key: (slot: number) => number, k: number): Uint32Array {
  if (k * 4 >= slots.length) {
    const all = new Uint32Array(slots.length);
    for (let i = 0; i < slots.length; i++) all[i] = key(slots[i] as number);
    return all.sort().subarray(0, k);
  }
  const heap = new Uint32Array(k);
  let n = 0;
  for (let i = 0; i < slots.length; i++) {
    const value = key(slots[i] as number);
    if (n < k) {
      let at = n++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if ((heap[parent] as number) >= value) break;
        heap[at] = heap[parent] as number;
        at = parent;
      }
      heap[at] = value;
    } else if (value < (heap[0] as number)) {
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= k) break;
        const right = left + 1;
        const child = right < k && (heap[right] as number) > (heap[left] as number) ? right : left;
        if ((heap[child] as number) <= value) break;
        heap[at] = heap[child] as number;
        at = child;
      }
      heap[at] = value;
    }
  }
  return heap.sort();
}

/** Positions [from, to) of a value order (no value last) whose value is within [lo, hi]. */
function positionsWithin(ordering: Ordering, column: Float64Array, lo: number, hi: number): [number, number] {
  const { order, leading } = ordering;
  const firstAbove = (bound: number, inclusive: boolean) => {
    let low = 0;
    let high = leading;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const value = column[order[mid] as number] as number;
      if (value < bound || (inclusive && value === bound)) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  const from = firstAbove(lo, false);
  // An empty range (lo above hi) is an empty span.
  return [from, Math.max(from, firstAbove(hi, true))];
}
