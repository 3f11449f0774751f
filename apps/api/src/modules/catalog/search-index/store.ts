import type { ProductSort } from '@canopy/shared';
import { Docs, type ListingDoc } from './docs.ts';
import { emptyCounts, INDEX_FACETS, type ListQuery, type RawCounts } from './facets.ts';
import { Orderings } from './orderings.ts';
import { intersect, Postings, union } from './postings.ts';
import type { WordTree } from './words.ts';

// The in-process catalog index (decision 252): every listing the catalog has shown since the
// instance started, its lexemes, filter values and sort keys, and the three sort orders. A search
// is synchronous and reads memory only: the words' posting lists are combined, one pass over those
// slots applies the filters and counts each facet's values, and the page is read from the sort's
// order (a walk when the matches are many, a sort of their positions when few). Totals and counts
// are exact. Changes come from the database (feed.ts) and are applied in place.

/** A list's matches, as one search pass found them. */
export interface Matches {
  /** Matching slots, ascending. */
  slots: Uint32Array;
  counts: RawCounts;
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

export class SearchIndex {
  readonly docs = new Docs();
  readonly postings = new Postings();
  readonly orderings = new Orderings(this.docs);
  /** Goes up with every change that can alter an answer. */
  generation = 0;
  private readonly kept = new Map<string, { generation: number; matches: Matches }>();
  private keptBytes = 0;

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
      const wasVisible = this.docs.visible[slot] === 1;
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
      if (slot === undefined || this.docs.visible[slot] !== 1) continue;
      this.docs.setVisible(slot, false);
      changed = true;
    }
    if (changed) this.changed();
  }

  private changed(): void {
    this.generation++;
    this.kept.clear();
    this.keptBytes = 0;
  }

  /** The filter values of a slot as one string: an edit that leaves them as they were changes nothing. */
  private valuesOf(slot: number): string {
    const d = this.docs;
    return `${d.category[slot]} ${d.county[slot]} ${d.tested[slot]} ${d.seller[slot]} ${d.price[slot]} ${d.thc[slot]} ${d.cbd[slot]} ${d.quantity[slot]}`;
  }

  /** Every match of the words and filters, and the facet counts, for any page or sort of the list. */
  matches(q: IndexQuery, key: string): Matches {
    const hit = this.kept.get(key);
    if (hit && hit.generation === this.generation) return hit.matches;
    const found = this.search(q);
    const bytes = found.slots.byteLength;
    if (bytes <= KEPT_BYTES / 4) {
      while (this.keptBytes + bytes > KEPT_BYTES && this.kept.size > 0) {
        const [oldest, entry] = this.kept.entries().next().value as [string, { matches: Matches }];
        this.kept.delete(oldest);
        this.keptBytes -= entry.matches.slots.byteLength;
      }
      this.kept.set(key, { generation: this.generation, matches: found });
      this.keptBytes += bytes;
    }
    return found;
  }

  private candidates(q: IndexQuery): Uint32Array | null {
    if (!q.words) return null;
    if (q.words.kind === 'unsupported') return q.wordSlots ?? new Uint32Array(0);
    return this.evaluate(q.words);
  }

  private evaluate(tree: WordTree): Uint32Array {
    switch (tree.kind) {
      case 'term':
        return tree.prefix
          ? union(this.postings.prefixed(tree.lexeme), this.docs.size)
          : this.postings.exact(tree.lexeme);
      case 'and': {
        const lists = tree.parts.map((part) => this.evaluate(part)).sort((a, b) => a.length - b.length);
        return lists.reduce((found, list) => intersect(found, list));
      }
      case 'or':
        return union(
          tree.parts.map((part) => this.evaluate(part)),
          this.docs.size,
        );
      default:
        return new Uint32Array(0);
    }
  }

  /**
   * One pass over the candidates: a visible slot that meets every filter is a match and counts
   * under each counted facet; one that fails a single filter counts under that facet only (its
   * count is what choosing another value of it would show).
   */
  private search(q: IndexQuery): Matches {
    const docs = this.docs;
    const candidates = this.candidates(q);
    const active = INDEX_FACETS.flatMap((facet, i) => {
      const test = facet.filter(q, docs);
      return test ? [{ i, test }] : [];
    });
    const counts = emptyCounts();
    const counted = INDEX_FACETS.map((facet) =>
      facet.counting ? { of: counts.get(facet.name) as Uint32Array, valueOf: facet.counting.valueOf } : null,
    );
    const countedFacets = counted.flatMap((facet) => (facet ? [facet] : []));
    const size = candidates ? candidates.length : docs.size;
    const slots = new Uint32Array(Math.min(size, docs.visibleCount));
    let n = 0;
    for (let k = 0; k < size; k++) {
      const slot = candidates ? (candidates[k] as number) : k;
      if (docs.visible[slot] !== 1) continue;
      let failed = -1;
      let failures = 0;
      for (const { i, test } of active) {
        if (!test(slot)) {
          failed = i;
          if (++failures > 1) break;
        }
      }
      if (failures === 0) {
        slots[n++] = slot;
        for (const facet of countedFacets) {
          const value = facet.valueOf(docs, slot);
          if (value >= 0) facet.of[value] = (facet.of[value] as number) + 1;
        }
      } else if (failures === 1) {
        const facet = counted[failed];
        if (facet) {
          const value = facet.valueOf(docs, slot);
          if (value >= 0) facet.of[value] = (facet.of[value] as number) + 1;
        }
      }
    }
    return { slots: slots.slice(0, n), counts };
  }

  /** The ids of one page of the matches in the sort's order. */
  page(matches: Uint32Array, sort: ProductSort, offset: number, limit: number): string[] {
    const m = matches.length;
    const end = Math.min(offset + limit, m);
    if (offset >= end) return [];
    const { ordering, toSort, fromSort } = this.orderings.reading(sort);
    const slots: number[] = [];
    // A walk of the order reads about end × (all / matches) slots; sorting the matches' positions
    // costs about m log m. Walk when that is cheaper.
    const walkSteps = (end * ordering.length) / m;
    if (walkSteps <= m * 4) {
      const bits = new Uint32Array((this.docs.size + 31) >>> 5);
      for (const slot of matches) bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
      let seen = 0;
      for (let position = 0; position < ordering.length && seen < end; position++) {
        const slot = ordering.order[fromSort(position)] as number;
        if (((bits[slot >>> 5] as number) & (1 << (slot & 31))) === 0) continue;
        if (seen++ >= offset) slots.push(slot);
      }
    } else {
      const positions = new Uint32Array(m);
      for (let i = 0; i < m; i++) positions[i] = toSort(ordering.rank[matches[i] as number] as number);
      positions.sort();
      for (let i = offset; i < end; i++)
        slots.push(ordering.order[fromSort(positions[i] as number)] as number);
    }
    return slots.map((slot) => this.docs.ids[slot] as string);
  }

  /** Bytes the index holds in typed arrays (the ids, names and maps come on top; see decision 253). */
  typedBytes(): number {
    const d = this.docs;
    const columns = [
      d.visible,
      d.category,
      d.county,
      d.tested,
      d.seller,
      d.price,
      d.thc,
      d.cbd,
      d.quantity,
      d.created,
    ];
    const orders = this.orderings.all().flatMap((o) => [o.order, o.rank]);
    return (
      this.postings.bytes() +
      columns.reduce((sum, array) => sum + array.byteLength, 0) +
      orders.reduce((sum, array) => sum + array.byteLength, 0)
    );
  }
}
