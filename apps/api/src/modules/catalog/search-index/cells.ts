import {
  CALIFORNIA_COUNTIES,
  type FacetBand,
  PRICE_FACET_BANDS,
  PRODUCT_CATEGORIES,
  THC_FACET_BANDS,
} from '@canopy/shared';

// Every listing falls in one cell: its category, county, tested flag, price band and THC band
// (decision 259). The index keeps how many visible listings each cell holds, so a list filtered
// only by these (a category, a county, "lab tested", a whole price or THC band) has its exact total
// and every facet count from the cells alone: 34k additions, whatever the catalog's size. Prices
// and contents have two decimals, and the bands cover every two-decimal value from 0 up, so each
// value is in exactly one band; a listing without the value is in band 0.

export const DIMS = ['category', 'county', 'tested', 'price', 'thc'] as const;
export type Dim = (typeof DIMS)[number];

/** Values per dimension; a band dimension's 0 is "none", band i is value i + 1. */
export const DIM_SIZES: Record<Dim, number> = {
  category: PRODUCT_CATEGORIES.length,
  county: CALIFORNIA_COUNTIES.length + 1,
  tested: 2,
  price: PRICE_FACET_BANDS.length + 1,
  thc: THC_FACET_BANDS.length + 1,
};

export const CELLS = DIMS.reduce((cells, dim) => cells * DIM_SIZES[dim], 1);
/** The live cell of a slot out of the catalog: past every real cell, and never a match. */
export const HIDDEN = CELLS;

/** A cell's value on each dimension, by the dimension's position in DIMS. */
export const CELL_VALUES: readonly Uint8Array[] = DIMS.map(() => new Uint8Array(CELLS));
for (let cell = 0; cell < CELLS; cell++) {
  let rest = cell;
  for (let d = DIMS.length - 1; d >= 0; d--) {
    const size = DIM_SIZES[DIMS[d] as Dim];
    (CELL_VALUES[d] as Uint8Array)[cell] = rest % size;
    rest = Math.floor(rest / size);
  }
}

export function cellOf(values: Record<Dim, number>): number {
  let cell = 0;
  for (const dim of DIMS) cell = cell * DIM_SIZES[dim] + values[dim];
  return cell;
}

/** The band a value falls in (1-based), or 0 for none (NaN). */
export function bandOf(value: number, bands: readonly FacetBand[]): number {
  for (let i = 0; i < bands.length; i++) {
    const [min, max] = bands[i] as FacetBand;
    if (value >= min && (max === null || value <= max)) return i + 1;
  }
  return 0;
}

/**
 * Which band values a range keeps, when it keeps every two-decimal value of some bands and none of
 * the others (a form's band choice); null when a band is cut, so the range is tested per listing.
 */
export function bandsWithin(lo: number, hi: number, bands: readonly FacetBand[]): Uint8Array | null {
  const { whole, cut } = splitByBands(lo, hi, bands);
  if (cut.length > 0) return null;
  return whole ?? new Uint8Array(bands.length + 1);
}

/**
 * A range read as the bands it keeps whole (`whole`, by band value; null if none) and the parts
 * of it within bands it cuts (`cut`, at most two: one at each end, or one inside a single band).
 * Listings of a whole band are decided by their cell; only those in the cut parts need their value.
 */
export function splitByBands(
  lo: number,
  hi: number,
  bands: readonly FacetBand[],
): { whole: Uint8Array | null; cut: [lo: number, hi: number][] } {
  const kept = new Uint8Array(bands.length + 1);
  let anyWhole = false;
  const cut: [number, number][] = [];
  for (let i = 0; i < bands.length; i++) {
    const [min, max] = bands[i] as FacetBand;
    const top = max ?? Number.POSITIVE_INFINITY;
    if (top < lo || min > hi) continue;
    if (lo <= min && top <= hi) {
      kept[i + 1] = 1;
      anyWhole = true;
    } else cut.push([Math.max(lo, min), Math.min(hi, top)]);
  }
  return { whole: anyWhole ? kept : null, cut };
}
