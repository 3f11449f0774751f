import type { ProductDto } from '@canopy/shared';
import type { Changes } from './search-index/source.ts';

// The public products the catalog's lists showed lately, presented, so that a list reads from the
// database only the listings no recent list showed (decision 264): at 1M listings, reading a page's
// twenty rows and their pictures by id took a fifth of each list's time. They are kept as exact as
// the search index: before a list is made, the index reads every change committed since it last
// looked (catalog-search.ts) and hands it here, and what changed is dropped, so a list shows each
// product as it was when the list began, or later.

/** The heap the kept products may take, as `heapBytes` reckons it; the least recently shown go. */
export const KEPT_BYTES = 80 * 1024 * 1024;

/**
 * A product's heap, reckoned from what varies most: a base for the fields every product has, its
 * description, and its pictures (measured, with room to spare: 1.4 kB for a bench product with a
 * short description and no picture, 12.7 kB for one with 2,000 characters and 8 pictures).
 */
export const heapBytes = (product: ProductDto): number =>
  1_000 + 2 * product.description.length + 1_300 * product.media.length;

/** What changed while a read was under way: its answer for those may predate the change. */
interface Reading {
  ids: Set<string>;
  sellers: Set<string>;
  everything: boolean;
}

export class ShownProducts {
  /** By listing id, least recently shown first. */
  private readonly kept = new Map<string, ProductDto>();
  /** The kept products' heap, as `heapBytes` reckons it. */
  private bytes = 0;
  private readonly readings = new Set<Reading>();
  /** The Pacific date the kept products were presented on: a COA's status moves with it. */
  private today = '';

  constructor(
    /** The public products of these listings, from the database (one no longer public is left out). */
    private readonly read: (ids: string[]) => Promise<ProductDto[]>,
    private readonly capacity = KEPT_BYTES,
  ) {}

  get size(): number {
    return this.kept.size;
  }

  /** The products of `ids` in their order, reading only those not kept. */
  async products(ids: readonly string[]): Promise<ProductDto[]> {
    const known = new Map<string, ProductDto>();
    const missing: string[] = [];
    for (const id of ids) {
      const product = this.kept.get(id);
      if (product) known.set(id, product);
      else missing.push(id);
    }
    const fresh = new Map<string, ProductDto>();
    if (missing.length > 0) {
      const reading: Reading = { ids: new Set(), sellers: new Set(), everything: false };
      this.readings.add(reading);
      try {
        for (const product of await this.read(missing)) {
          fresh.set(product._id, product);
          const changed =
            reading.everything ||
            reading.ids.has(product._id) ||
            reading.sellers.has(product.seller.sellerId);
          if (!changed) this.keep(product);
        }
      } finally {
        this.readings.delete(reading);
      }
    }
    const shown: ProductDto[] = [];
    for (const id of ids) {
      const product = fresh.get(id) ?? known.get(id);
      if (!product) continue;
      shown.push(product);
      // Shown again: moved to the end, unless a change dropped it meanwhile.
      if (!fresh.has(id) && this.kept.get(id) === product) this.keep(product);
    }
    return shown;
  }

  /** Drops what `changes` may have altered; called with every change the search index reads. */
  forget(changes: Changes): void {
    const ids = [
      ...changes.listings.map((listing) => listing.id),
      ...changes.removed,
      ...changes.shown.listings,
    ];
    const sellers = new Set(changes.shown.sellers);
    const everything = changes.emptied || changes.shown.everything || changes.today !== this.today;
    this.today = changes.today;
    for (const reading of this.readings) {
      reading.everything ||= everything;
      for (const id of ids) reading.ids.add(id);
      for (const seller of sellers) reading.sellers.add(seller);
    }
    if (everything) {
      this.kept.clear();
      this.bytes = 0;
      return;
    }
    for (const id of ids) this.drop(id);
    if (sellers.size === 0) return;
    for (const [id, product] of this.kept) {
      if (sellers.has(product.seller.sellerId)) this.drop(id);
    }
  }

  private keep(product: ProductDto): void {
    this.drop(product._id);
    this.kept.set(product._id, product);
    this.bytes += heapBytes(product);
    while (this.bytes > this.capacity && this.kept.size > 1) {
      this.drop(this.kept.keys().next().value as string);
    }
  }

  private drop(id: string): void {
    const product = this.kept.get(id);
    if (!product) return;
    this.kept.delete(id);
    this.bytes -= heapBytes(product);
  }
}
