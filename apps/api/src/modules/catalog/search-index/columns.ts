// Growable typed arrays: the index's per-listing columns and posting lists grow as listings join
// the catalog, without a JavaScript array's per-element cost (8 bytes a number, more per object).

type Typed = Uint8Array | Uint16Array | Uint32Array | Float64Array;

/** A copy of `array` with room for `capacity` elements (at least its own). */
export function widened<T extends Typed>(array: T, capacity: number): T {
  if (capacity <= array.length) return array;
  const next = new (array.constructor as new (length: number) => T)(capacity);
  next.set(array);
  return next;
}

/** A copy of `array` cut or grown to exactly `capacity` elements. */
export function resized<T extends Typed>(array: T, capacity: number): T {
  if (capacity === array.length) return array;
  const next = new (array.constructor as new (length: number) => T)(capacity);
  next.set(array.subarray(0, Math.min(capacity, array.length)));
  return next;
}

/** A sorted list of unsigned 32-bit numbers that grows by doubling. */
export class U32List {
  data: Uint32Array;
  length = 0;

  constructor(capacity = 4) {
    this.data = new Uint32Array(capacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) this.data = widened(this.data, this.data.length * 2);
    this.data[this.length++] = value;
  }

  /** The elements, as a view: valid until the list next changes. */
  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }

  /** Drops the unused capacity. */
  trim(): void {
    if (this.data.length > this.length) this.data = this.data.slice(0, Math.max(this.length, 1));
  }
}

/** The first position in the sorted `data[0, length)` whose value is not below `value`. */
export function lowerBound(data: Uint32Array, length: number, value: number, from = 0): number {
  let lo = from;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((data[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Compares two strings as PostgreSQL's "C" collation does (UTF-8 bytes, which is code point order).
 * JavaScript's `<` compares UTF-16 units, which puts U+E000–U+FFFF after the surrogate pairs of
 * characters above U+FFFF; the units are shifted so both orders agree.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

const codePointRank = (unit: number) =>
  unit >= 0xd800 && unit <= 0xdfff ? unit + 0x2000 : unit >= 0xe000 ? unit - 0x800 : unit;
