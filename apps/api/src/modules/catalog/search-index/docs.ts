import { CALIFORNIA_COUNTIES, PRODUCT_CATEGORIES } from '@canopy/shared';
import { widened } from './columns.ts';

// The listings the index knows, one slot each: a listing keeps its slot for the life of the
// instance (leaving the catalog clears its `visible` flag, coming back sets it again), so posting
// lists and sort orders never renumber. Each filterable or sortable value is a typed array indexed
// by slot; a missing number (no price, no THC) is NaN, which fails every bound.

/** A listing as the database gives it to the index (source.ts). */
export interface ListingDoc {
  id: string;
  /** In the public catalog (PUBLIC_LISTING). */
  visible: boolean;
  category: string;
  sellerId: string;
  county: string;
  tested: boolean;
  price: number | null;
  thc: number | null;
  cbd: number | null;
  quantity: number;
  /** created_at in microseconds since the epoch: PostgreSQL's own precision, for its tie order. */
  createdUs: number;
  /** lower(title), the name sort's key. */
  nameKey: string;
  /** The search vector's lexemes. */
  lexemes: string[];
}

const nanOr = (value: number | null) => (value === null ? Number.NaN : value);

export class Docs {
  /** Slots in use (every listing seen, visible or not). */
  size = 0;
  ids: string[] = [];
  names: string[] = [];
  visible = new Uint8Array(0);
  category = new Uint8Array(0);
  county = new Uint8Array(0);
  tested = new Uint8Array(0);
  seller = new Uint32Array(0);
  price = new Float64Array(0);
  thc = new Float64Array(0);
  cbd = new Float64Array(0);
  quantity = new Float64Array(0);
  created = new Float64Array(0);
  private readonly slots = new Map<string, number>();
  private readonly sellers = new Map<string, number>();
  /** Visible listings, in all and per category (the index of PRODUCT_CATEGORIES). */
  visibleCount = 0;

  slotOf(id: string): number | undefined {
    return this.slots.get(id);
  }

  /** A seller's number in the seller column; one no listing names gets a number matching none. */
  sellerNumber(id: string): number {
    return this.sellers.get(id) ?? 0xffffffff;
  }

  private reserve(capacity: number): void {
    if (capacity <= this.visible.length) return;
    const next = Math.max(capacity, this.visible.length * 2, 1024);
    this.visible = widened(this.visible, next);
    this.category = widened(this.category, next);
    this.county = widened(this.county, next);
    this.tested = widened(this.tested, next);
    this.seller = widened(this.seller, next);
    this.price = widened(this.price, next);
    this.thc = widened(this.thc, next);
    this.cbd = widened(this.cbd, next);
    this.quantity = widened(this.quantity, next);
    this.created = widened(this.created, next);
  }

  /** The listing's slot, a new one for a listing not seen before (`isNew`). */
  place(id: string): { slot: number; isNew: boolean } {
    const known = this.slots.get(id);
    if (known !== undefined) return { slot: known, isNew: false };
    const slot = this.size++;
    this.reserve(this.size);
    this.slots.set(id, slot);
    this.ids[slot] = id;
    this.names[slot] = '';
    return { slot, isNew: true };
  }

  /** Writes the listing's values into its slot. */
  write(slot: number, doc: ListingDoc): void {
    this.setVisible(slot, doc.visible);
    this.category[slot] = Math.max(0, PRODUCT_CATEGORIES.indexOf(doc.category as never));
    this.county[slot] = CALIFORNIA_COUNTIES.indexOf(doc.county as never) + 1;
    this.tested[slot] = doc.tested ? 1 : 0;
    let seller = this.sellers.get(doc.sellerId);
    if (seller === undefined) {
      seller = this.sellers.size;
      this.sellers.set(doc.sellerId, seller);
    }
    this.seller[slot] = seller;
    this.price[slot] = nanOr(doc.price);
    this.thc[slot] = nanOr(doc.thc);
    this.cbd[slot] = nanOr(doc.cbd);
    this.quantity[slot] = doc.quantity;
    this.created[slot] = doc.createdUs;
    this.names[slot] = doc.nameKey;
  }

  setVisible(slot: number, visible: boolean): void {
    const was = this.visible[slot] === 1;
    if (was === visible) return;
    this.visible[slot] = visible ? 1 : 0;
    this.visibleCount += visible ? 1 : -1;
  }

  /** Whether the sort keys of the slot differ from the listing's (its place in an order moves). */
  sortKeysDiffer(slot: number, doc: ListingDoc): boolean {
    return (
      !Object.is(this.price[slot], nanOr(doc.price)) ||
      this.created[slot] !== doc.createdUs ||
      this.names[slot] !== doc.nameKey
    );
  }
}
