import { type FacetBand, PRODUCT_CATEGORIES } from '@canopy/shared';
import { bandsWithin, CELL_VALUES, CELLS, DIM_SIZES, DIMS, type Dim, HIDDEN } from './cells.ts';
import type { Docs } from './docs.ts';
import { INDEX_FACETS, type ListQuery, type RawCounts } from './facets.ts';
import type { Ordering } from './orderings.ts';

// How a query's filters are tested (decision 259). Choices, and ranges that keep whole bands, are
// decided per cell once per query (`fail`): a listing's cell then says whether it passes them, or
// which single one it fails. Ranges that cut a band, and the uncounted filters (CBD, quantity,
// seller), are tested per listing. A listing that passes everything is a match and counts under
// every dimension; one that fails a single counted filter counts under that filter's dimension only
// (what choosing another value of it would show); any other is not counted.

/** A per-cell or per-listing verdict: fails more than one filter, or one that is not counted. */
export const SKIP = 255;

export interface Range {
  column: Float64Array;
  lo: number;
  hi: number;
  /** The dimension a listing failing only this range counts under, plus one; SKIP if none. */
  verdict: number;
  /** The bands it is counted in, if any. */
  bands: readonly FacetBand[] | null;
}

export interface Plan {
  /** Per dimension, the values its filter keeps (1), or null when the query does not filter on it. */
  masks: readonly (Uint8Array | null)[];
  /**
   * Per cell: 0 passes every cell filter, d + 1 fails only dimension d's, SKIP fails more; one
   * more entry, for hidden slots (HIDDEN), is always SKIP.
   */
  fail: Uint8Array;
  /** The cells whose verdict is 0, and those whose verdict is not SKIP: all a count reads. */
  passing: Uint16Array;
  counted: Uint16Array;
  /** The filters tested per listing. */
  ranges: Range[];
  /** The seller asked for (its number), if any: its slots are the candidates. */
  seller: number | null;
  /** The category asked for (its index), if any: a list of the matches can start from its slots. */
  category: number | null;
}

const DIM_OF = new Map(DIMS.map((dim, d) => [dim, d]));

/** The query's plan. */
export function planOf(q: ListQuery, docs: Docs): Plan {
  const masks: (Uint8Array | null)[] = DIMS.map(() => null);
  const ranges: Range[] = [];
  let seller: number | null = null;
  for (const facet of INDEX_FACETS) {
    if (facet.kind === 'choice') {
      const wanted = facet.wanted(q);
      if (wanted === undefined) continue;
      const mask = new Uint8Array(DIM_SIZES[facet.dim]);
      if (wanted >= 0) mask[wanted] = 1;
      masks[DIM_OF.get(facet.dim) as number] = mask;
      continue;
    }
    const bounds = facet.bounds(q, docs);
    if (!bounds) continue;
    const [lo, hi] = bounds;
    if (facet.column === 'seller') seller = lo;
    const whole = facet.banded ? bandsWithin(lo, hi, facet.banded.bands) : null;
    if (facet.banded && whole) {
      masks[DIM_OF.get(facet.banded.dim) as number] = whole;
      continue;
    }
    ranges.push({
      column: docs[facet.column],
      lo,
      hi,
      verdict: facet.banded ? (DIM_OF.get(facet.banded.dim) as number) + 1 : SKIP,
      bands: facet.banded?.bands ?? null,
    });
  }
  const category = q.category ? PRODUCT_CATEGORIES.indexOf(q.category) : null;
  return { masks, ...verdictsFor(masks), ranges, seller, category };
}

/**
 * The plan with dimension d's cells filtered by `mask` (the whole bands of a range split by them,
 * decision 265).
 */
export function narrowed(plan: Plan, d: number, mask: Uint8Array): Plan {
  const masks = plan.masks.map((own, at) => (at === d ? mask : own));
  return { ...plan, masks, ...verdictsFor(masks) };
}

/** Cells per value of dimension d: the product of the sizes of the dimensions after it. */
const CELLS_WITHIN = DIMS.map((_, d) => DIMS.slice(d + 1).reduce((cells, dim) => cells * DIM_SIZES[dim], 1));

/** A verdict table, and the cells a count reads (see Plan). */
type Verdicts = Pick<Plan, 'fail' | 'passing' | 'counted'>;

/** Verdict tables by their masks: they depend on nothing else, so they are kept (128, of 34–170 kB each). */
const verdictTables = new Map<string, Verdicts>();
const TABLES_KEPT = 128;

/** Where a table's lists are gathered before they are copied out at their length. */
const passingScratch = new Uint16Array(CELLS);
const countedScratch = new Uint16Array(CELLS);

/** Each cell's verdict under the dimensions' masks (null: no filter on that dimension). */
function verdictsFor(masks: readonly (Uint8Array | null)[]): Verdicts {
  const key = masks.map((mask) => (mask ? mask.join('') : '-')).join('|');
  const known = verdictTables.get(key);
  if (known) {
    // Least recently used dropped first: a few tables (no county, say) serve most lists.
    verdictTables.delete(key);
    verdictTables.set(key, known);
    return known;
  }
  const fail = new Uint8Array(CELLS + 1);
  let passes = 0;
  let counts = 0;
  // Cells are numbered dimension by dimension, the last innermost (cellOf), so each dimension's
  // verdict is folded in once per value of the dimensions before it, not once per cell.
  let cell = 0;
  const fold = (d: number, verdict: number): void => {
    const mask = masks[d];
    const size = DIM_SIZES[DIMS[d] as Dim];
    for (let value = 0; value < size; value++) {
      const next = !mask || mask[value] === 1 ? verdict : verdict === 0 ? d + 1 : SKIP;
      if (d === DIMS.length - 1) {
        if (next !== SKIP) countedScratch[counts++] = cell;
        if (next === 0) passingScratch[passes++] = cell;
        fail[cell++] = next;
      } else if (next === SKIP) {
        fail.fill(SKIP, cell, cell + (CELLS_WITHIN[d] as number));
        cell += CELLS_WITHIN[d] as number;
      } else fold(d + 1, next);
    }
  };
  fold(0, 0);
  fail[HIDDEN] = SKIP;
  const verdicts = {
    fail,
    passing: passingScratch.slice(0, passes),
    counted: countedScratch.slice(0, counts),
  };
  if (verdictTables.size >= TABLES_KEPT) verdictTables.delete(verdictTables.keys().next().value as string);
  verdictTables.set(key, verdicts);
  return verdicts;
}

/** Where each dimension's counts start in one flat array of all of them. */
const DIM_STARTS = DIMS.map((_, d) => DIMS.slice(0, d).reduce((sum, dim) => sum + DIM_SIZES[dim], 0));
export const FLAT_SIZE = DIMS.reduce((sum, dim) => sum + DIM_SIZES[dim], 0);
/** For dimension d and a cell, at d × CELLS + cell: where the cell's value of d is counted. */
const FLAT_AT = new Uint16Array(DIMS.length * CELLS);
for (let d = 0; d < DIMS.length; d++) {
  for (let cell = 0; cell < CELLS; cell++) {
    FLAT_AT[d * CELLS + cell] = (DIM_STARTS[d] as number) + ((CELL_VALUES[d] as Uint8Array)[cell] as number);
  }
}

/** A list's total, and the counts of every dimension's values in one flat array. */
export interface Scanned {
  flat: Uint32Array;
  total: number;
}

/** Each dimension's counts, as views of the flat array. */
export const countsOf = (flat: Uint32Array): RawCounts =>
  DIMS.map((dim, d) => flat.subarray(DIM_STARTS[d], (DIM_STARTS[d] as number) + DIM_SIZES[dim]));

/** Adds `n` listings of `cell` to dimension d's counts. */
function add(flat: Uint32Array, d: number, cell: number, n: number): void {
  const at = FLAT_AT[d * CELLS + cell] as number;
  flat[at] = (flat[at] as number) + n;
}

/**
 * Dimensions whose counts the caller finds another way, one bit each (1 << d): a range's own
 * dimension is counted over listings the range does not keep.
 */
export type Skipped = number;

/** Adds `n` listings of `cell` to every dimension's counts but the skipped ones'. */
function addToAll(flat: Uint32Array, cell: number, n: number, skip: Skipped = 0): void {
  for (let d = 0; d < DIMS.length; d++) if ((skip & (1 << d)) === 0) add(flat, d, cell, n);
}

/** Adds a listing failing only dimension d's filter to that dimension's counts, unless skipped. */
function addFailing(flat: Uint32Array, d: number, cell: number, n: number, skip: Skipped): void {
  if ((skip & (1 << d)) === 0) add(flat, d, cell, n);
}

/**
 * Spreads matches counted per cell over the dimensions, and clears the per-cell counts (matches are
 * in passing cells only).
 */
function spread(flat: Uint32Array, hist: Uint32Array, passing: Uint16Array): void {
  for (let i = 0; i < passing.length; i++) {
    const cell = passing[i] as number;
    const found = hist[cell] as number;
    if (found === 0) continue;
    hist[cell] = 0;
    addToAll(flat, cell, found);
  }
}

/**
 * The counts and total from listings counted per cell (the catalog's, `docs.cube`, or a span's),
 * for a plan that tests nothing more per listing. With `only`, just that dimension's counts, of
 * the listings that pass every cell filter; with `skip`, every dimension's but the skipped ones'.
 */
export function countCells(
  cube: Uint32Array | Int32Array,
  plan: Plan,
  flat: Uint32Array = new Uint32Array(FLAT_SIZE),
  { only = -1, skip = 0 }: { only?: number; skip?: Skipped } = {},
): Scanned {
  const { fail } = plan;
  const cells = only >= 0 ? plan.passing : plan.counted;
  let total = 0;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i] as number;
    const n = cube[cell] as number;
    if (n === 0) continue;
    const verdict = fail[cell] as number;
    if (verdict === 0) {
      total += n;
      if (only >= 0) add(flat, only, cell, n);
      else addToAll(flat, cell, n, skip);
    } else addFailing(flat, verdict - 1, cell, n, skip);
  }
  return { flat, total };
}

/**
 * One pass over candidate slots (`list[from..to)`, or the slots from..to themselves when `list` is
 * null): counts, the total, and the matches written to `out` in the candidates' order. The hot
 * loop reads a slot's live cell (hidden slots have none) and per-listing ranges only, and counts
 * into one flat array.
 */
export function scan(
  docs: Docs,
  plan: Plan,
  list: Uint32Array | null,
  from: number,
  to: number,
  out: Uint32Array,
  hist: Uint32Array,
): Scanned {
  const { live } = docs;
  const { fail, ranges } = plan;
  const r = ranges.length;
  // Many candidates: matches are counted per cell and spread over the dimensions once at the end.
  const perCell = to - from > CELLS;
  const flat = new Uint32Array(FLAT_SIZE);
  const [first, second] = ranges;
  const column0 = first?.column ?? ZERO;
  const lo0 = first?.lo ?? 0;
  const hi0 = first?.hi ?? 0;
  const verdict0 = first?.verdict ?? 0;
  const column1 = second?.column ?? ZERO;
  const lo1 = second?.lo ?? 0;
  const hi1 = second?.hi ?? 0;
  const verdict1 = second?.verdict ?? 0;
  const byList = list !== null;
  let n = 0;
  for (let k = from; k < to; k++) {
    const slot = byList ? (list[k] as number) : k;
    const cell = live[slot] as number;
    let verdict = fail[cell] as number;
    if (verdict === SKIP) continue;
    if (r > 0) {
      const value = column0[slot] as number;
      if (!(value >= lo0 && value <= hi0)) {
        if (verdict !== 0) continue;
        verdict = verdict0;
      }
      if (r > 1) {
        const value1 = column1[slot] as number;
        if (!(value1 >= lo1 && value1 <= hi1)) {
          if (verdict !== 0) continue;
          verdict = verdict1;
        }
        for (let i = 2; i < r; i++) {
          const { column, lo, hi, verdict: own } = ranges[i] as Range;
          const other = column[slot] as number;
          if (other >= lo && other <= hi) continue;
          verdict = verdict === 0 ? own : SKIP;
          if (verdict === SKIP) break;
        }
      }
    }
    if (verdict === 0) {
      out[n++] = slot;
      if (perCell) hist[cell] = (hist[cell] as number) + 1;
      else addToAll(flat, cell, 1);
    } else if (verdict !== SKIP) add(flat, verdict - 1, cell, 1);
  }
  if (perCell) spread(flat, hist, plan.passing);
  return { flat, total: n };
}

const ZERO = new Float64Array(0);

/**
 * `scan` over positions from..to of a range order (orderings.ts), which carries each position's
 * live cell and the other range's value, for a plan with nothing else tested per listing. The
 * cells and values are read in sequence and tallied per cell and per side of `other` into `pairs`
 * (2 × a cell + 1 if within it), with no branch on either, so the loop runs at the memory's pace;
 * the verdicts are then applied once per cell. Counts are added to `flat`, but for the skipped
 * dimensions; the matches are only counted. `pairs` is left all zero.
 */
export function scanInOrder(
  plan: Plan,
  ordering: Ordering,
  from: number,
  to: number,
  other: Range,
  flat: Uint32Array,
  pairs: Uint32Array,
  skip: Skipped,
): number {
  const { cellsAt } = ordering;
  const valuesAt = ordering.valuesAt as Float64Array;
  const { lo, hi } = other;
  for (let position = from; position < to; position++) {
    const value = valuesAt[position] as number;
    // Numbers from the comparisons, not a branch on them: V8 then compiles no jump (3–4× faster).
    const at = ((cellsAt[position] as number) << 1) | (+(value >= lo) & +(value <= hi));
    pairs[at] = (pairs[at] as number) + 1;
  }
  const { fail, counted } = plan;
  let n = 0;
  for (let i = 0; i < counted.length; i++) {
    const cell = counted[i] as number;
    const within = pairs[2 * cell + 1] as number;
    const outside = pairs[2 * cell] as number;
    const verdict = fail[cell] as number;
    if (verdict === 0) {
      n += within;
      if (within > 0) addToAll(flat, cell, within, skip);
      if (outside > 0 && other.verdict !== SKIP) addFailing(flat, other.verdict - 1, cell, outside, skip);
    } else if (within > 0) addFailing(flat, verdict - 1, cell, within, skip);
  }
  pairs.fill(0);
  return n;
}

/** Whether one slot meets the plan's per-listing ranges (the page walk's test once its cell passed). */
export function withinRanges(plan: Plan, slot: number): boolean {
  for (const { column, lo, hi } of plan.ranges) {
    const value = column[slot] as number;
    if (!(value >= lo && value <= hi)) return false;
  }
  return true;
}
