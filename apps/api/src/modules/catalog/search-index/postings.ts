import { lowerBound, U32List } from './columns.ts';

// The term dictionary: each lexeme of the search vectors, the slots whose vector holds it (a sorted
// list: a listing's slot is the largest yet when its lexemes are added, so they are appended), and
// the lexemes in sorted order, so the slots of every lexeme starting with a prefix are a range of
// lists. A listing whose text changes gets a new slot (store.ts), so a list never loses an entry:
// the old slot stays, never visible again, until the instance restarts.

export class Postings {
  private readonly numbers = new Map<string, number>();
  private readonly lists: U32List[] = [];
  /**
   * Every lexeme, sorted by UTF-16 unit: the lexemes sharing a prefix are contiguous. Sorted once
   * when first asked for (after the initial load), then kept sorted as lexemes are added.
   */
  private sorted: string[] | null = null;

  /** Postings in all, for the start log. */
  entries = 0;

  get terms(): number {
    return this.lists.length;
  }

  private termNumber(lexeme: string): number {
    let number = this.numbers.get(lexeme);
    if (number === undefined) {
      number = this.lists.length;
      this.numbers.set(lexeme, number);
      this.lists.push(new U32List(1));
      if (this.sorted) this.sorted.splice(this.sortedPlace(lexeme), 0, lexeme);
    }
    return number;
  }

  /** Adds a new slot, the largest yet, to the lists of its lexemes (distinct, as a tsvector's are). */
  add(slot: number, lexemes: readonly string[]): void {
    for (const lexeme of lexemes) (this.lists[this.termNumber(lexeme)] as U32List).push(slot);
    this.entries += lexemes.length;
  }

  /** Gives back what the lists' doubling left unused (after the first read). */
  trim(): void {
    for (const list of this.lists) list.trim();
  }

  /** The slots holding exactly this lexeme (a view, valid until the index next changes). */
  exact(lexeme: string): Uint32Array {
    const number = this.numbers.get(lexeme);
    return number === undefined ? new Uint32Array(0) : (this.lists[number] as U32List).view();
  }

  /** The lists of every lexeme that starts with `prefix`. */
  prefixed(prefix: string): Uint32Array[] {
    this.sorted ??= [...this.numbers.keys()].sort();
    const sorted = this.sorted;
    const found: Uint32Array[] = [];
    for (
      let i = this.sortedPlace(prefix);
      i < sorted.length && (sorted[i] as string).startsWith(prefix);
      i++
    ) {
      const number = this.numbers.get(sorted[i] as string) as number;
      found.push((this.lists[number] as U32List).view());
    }
    return found;
  }

  /** Where `text` is, or would go, in the sorted lexemes. */
  private sortedPlace(text: string): number {
    const sorted = this.sorted ?? [];
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((sorted[mid] as string) < text) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Bytes held by the lists and the per-slot terms (capacity, not only what is used). */
  bytes(): number {
    let total = 0;
    for (const list of this.lists) total += list.data.byteLength;
    return total;
  }
}

/** The slots in both sorted lists. */
export function intersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  if (a.length > b.length) return intersect(b, a);
  const out = new Uint32Array(a.length);
  let n = 0;
  // Much shorter: each of its slots is looked for in the other by binary search.
  if (a.length * 16 < b.length) {
    let from = 0;
    for (const slot of a) {
      from = lowerBound(b, b.length, slot, from);
      if (from < b.length && b[from] === slot) out[n++] = slot;
    }
    return out.subarray(0, n);
  }
  let j = 0;
  for (let i = 0; i < a.length && j < b.length; ) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.subarray(0, n);
}

/**
 * The slots in any of the sorted lists, sorted, through `bits`: a bitmap of every slot, all zero,
 * which is left all zero again.
 */
export function union(lists: readonly Uint32Array[], bits: Uint32Array): Uint32Array {
  if (lists.length === 0) return new Uint32Array(0);
  if (lists.length === 1) return lists[0] as Uint32Array;
  let total = 0;
  let top = 0;
  for (const list of lists) {
    total += list.length;
    for (const slot of list) bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
    top = Math.max(top, (list[list.length - 1] ?? 0) >>> 5);
  }
  const out = new Uint32Array(total);
  let n = 0;
  for (let word = 0; word <= top; word++) {
    let w = bits[word] as number;
    if (w === 0) continue;
    bits[word] = 0;
    while (w !== 0) {
      const low = w & -w;
      out[n++] = (word << 5) + 31 - Math.clz32(low);
      w ^= low;
    }
  }
  return out.subarray(0, n);
}
