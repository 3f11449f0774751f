import { CALIFORNIA_COUNTIES, PRICE_FACET_BANDS, PRODUCT_CATEGORIES, THC_FACET_BANDS } from '@canopy/shared';
import { bandOf, CELLS, cellOf, HIDDEN } from './cells.ts';
import { resized, U32List } from './columns.ts';

// The listings the index knows, one slot each: a listing keeps its slot while its text, seller and
// category stay the same (leaving the catalog hides it, coming back shows it again); any other
// change gives it a new slot and retires the old one (never visible again), so posting lists and
// the per-seller and per-category lists only grow at their end. Each slot has its cell (cells.ts:
// category, county, tested, price and THC bands), its live cell (HIDDEN while out of the catalog),
// and typed arrays of the values tested per listing or sorted on; a missing number (no price, no
// THC) is NaN, which fails every bound. The visible listings per cell are counted as they change.

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
const categoryOf = (doc: ListingDoc) => Math.max(0, PRODUCT_CATEGORIES.indexOf(doc.category as never));

export class Docs {
  /** Slots in use (every listing seen, visible or not). */
  size = 0;
  ids: string[] = [];
  names: string[] = [];
  /** The seller's number: a float like the other filtered columns, so one test reads them all. */
  seller = new Float64Array(0);
  price = new Float64Array(0);
  thc = new Float64Array(0);
  cbd = new Float64Array(0);
  quantity = new Float64Array(0);
  created = new Float64Array(0);
  /** A hash of the slot's lexemes: a changed hash is a changed text. */
  text = new Float64Array(0);
  cells = new Uint16Array(0);
  /** The cell of a visible slot, HIDDEN for one out of the catalog: what a search reads. */
  live = new Uint16Array(0);
  /** Visible listings per cell. */
  readonly cube = new Uint32Array(CELLS);
  /** Each seller's slots, ascending (a slot is never given to another seller: see place). */
  private readonly sellerSlots: U32List[] = [];
  /** Each category's slots, ascending (kept whole as the sellers' are). */
  private readonly categorySlots = PRODUCT_CATEGORIES.map(() => new U32List(1024));
  private readonly slots = new Map<string, number>();
  private readonly sellers = new Map<string, number>();
  /** Visible listings. */
  visibleCount = 0;

  slotOf(id: string): number | undefined {
    return this.slots.get(id);
  }

  /** A seller's number in the seller column; one no listing names gets a number matching none. */
  sellerNumber(id: string): number {
    return this.sellers.get(id) ?? 0xffffffff;
  }

  /** The slots of a seller's listings, ascending (a view, valid until the index next changes). */
  slotsOfSeller(number: number): Uint32Array {
    return this.sellerSlots[number]?.view() ?? new Uint32Array(0);
  }

  /** The slots of a category's listings (its index in PRODUCT_CATEGORIES), ascending (a view). */
  slotsOfCategory(category: number): Uint32Array {
    return this.categorySlots[category]?.view() ?? new Uint32Array(0);
  }

  private numberSeller(id: string): number {
    let seller = this.sellers.get(id);
    if (seller === undefined) {
      seller = this.sellers.size;
      this.sellers.set(id, seller);
      this.sellerSlots.push(new U32List(4));
    }
    return seller;
  }

  private reserve(capacity: number): void {
    if (capacity <= this.live.length) return;
    // A quarter more at a time: at a million listings, doubling would leave up to 50 MB unused.
    const next = Math.max(capacity, Math.ceil(this.live.length * 1.25), 1024);
    this.resize(next);
  }

  /** Gives back the room beyond the slots in use (after the first read). */
  trim(): void {
    this.resize(this.size);
  }

  private resize(next: number): void {
    this.seller = resized(this.seller, next);
    this.price = resized(this.price, next);
    this.thc = resized(this.thc, next);
    this.cbd = resized(this.cbd, next);
    this.quantity = resized(this.quantity, next);
    this.created = resized(this.created, next);
    this.text = resized(this.text, next);
    this.cells = resized(this.cells, next);
    this.live = resized(this.live, next);
  }

  /**
   * The listing's slot, or a new one (`isNew`) for a listing not seen before or whose text is not
   * its slot's any more (the old slot is retired: hidden, and no longer the listing's).
   */
  place(doc: ListingDoc): { slot: number; isNew: boolean } {
    // The seller and category are hashed with the text: a listing given to another seller or put
    // in another category gets a new slot, so each seller's and category's list of slots is whole.
    const hash = textHash([doc.sellerId, doc.category, ...doc.lexemes]);
    const known = this.slots.get(doc.id);
    if (known !== undefined && this.text[known] === hash) return { slot: known, isNew: false };
    if (known !== undefined) this.setVisible(known, false);
    const slot = this.size++;
    this.reserve(this.size);
    this.slots.set(doc.id, slot);
    this.ids[slot] = doc.id;
    this.names[slot] = '';
    this.text[slot] = hash;
    this.live[slot] = HIDDEN;
    (this.sellerSlots[this.numberSeller(doc.sellerId)] as U32List).push(slot);
    (this.categorySlots[categoryOf(doc)] as U32List).push(slot);
    return { slot, isNew: true };
  }

  /** Writes the listing's values into its slot, and moves its count to its new cell. */
  write(slot: number, doc: ListingDoc): void {
    const visible = this.isVisible(slot);
    if (visible) this.count(slot, -1);
    this.seller[slot] = this.numberSeller(doc.sellerId);
    this.price[slot] = nanOr(doc.price);
    this.thc[slot] = nanOr(doc.thc);
    this.cbd[slot] = nanOr(doc.cbd);
    this.quantity[slot] = doc.quantity;
    this.created[slot] = doc.createdUs;
    this.names[slot] = doc.nameKey;
    this.cells[slot] = cellOf({
      category: categoryOf(doc),
      county: CALIFORNIA_COUNTIES.indexOf(doc.county as never) + 1,
      tested: doc.tested ? 1 : 0,
      price: bandOf(nanOr(doc.price), PRICE_FACET_BANDS),
      thc: bandOf(nanOr(doc.thc), THC_FACET_BANDS),
    });
    if (visible) {
      this.count(slot, 1);
      this.live[slot] = this.cells[slot] as number;
    }
    this.setVisible(slot, doc.visible);
  }

  /** In the public catalog: a slot out of it has no live cell. */
  isVisible(slot: number): boolean {
    return this.live[slot] !== HIDDEN;
  }

  setVisible(slot: number, visible: boolean): void {
    if (this.isVisible(slot) === visible) return;
    this.visibleCount += visible ? 1 : -1;
    this.count(slot, visible ? 1 : -1);
    this.live[slot] = visible ? (this.cells[slot] as number) : HIDDEN;
  }

  private count(slot: number, by: 1 | -1): void {
    const cell = this.cells[slot] as number;
    this.cube[cell] = (this.cube[cell] as number) + by;
  }

  /** Which of the slot's sort keys differ from the listing's: its place in those orders moves. */
  movedKeys(slot: number, doc: ListingDoc): { time: boolean; name: boolean; price: boolean; thc: boolean } {
    return {
      time: this.created[slot] !== doc.createdUs,
      name: this.names[slot] !== doc.nameKey,
      price: !Object.is(this.price[slot], nanOr(doc.price)),
      thc: !Object.is(this.thc[slot], nanOr(doc.thc)),
    };
  }
}

/** Two 32-bit FNV-1a hashes of the lexemes in one number (53 bits): a collision is 1 in 2^53. */
function textHash(lexemes: readonly string[]): number {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (const lexeme of lexemes) {
    for (let i = 0; i < lexeme.length; i++) {
      const unit = lexeme.charCodeAt(i);
      a = Math.imul(a ^ unit, 0x01000193);
      b = Math.imul(b ^ unit, 0x5bd1e995);
    }
    a = Math.imul(a ^ 0x20, 0x01000193);
    b = Math.imul(b ^ 0x20, 0x5bd1e995);
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}
