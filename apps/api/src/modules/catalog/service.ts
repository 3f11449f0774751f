import { createHash } from 'node:crypto';
import { PRODUCT_CATEGORIES, type ProductCategory, type ProductListQuery } from '@canopy/shared';
import { and, eq, inArray, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  catalogCounts,
  type ListingMediaRow,
  listings,
  PUBLIC_LISTING,
  productTypes,
  REACHABLE_LISTING,
  users,
} from '../../db/schema/index.ts';
import { type ListingFields, listingFields, mediaByListing } from '../listings/index.ts';
import { facetConditions } from './facets.ts';
import { searchTerms, tsQuery } from './search.ts';
import { type ListTotal, ordering, type PageIds, type PublicCounts, searchPage } from './text-search.ts';

// The public catalog: active, not sold-out listings of verified sellers. Every list query here is
// shaped for the partial indexes of decision 011, which hold exactly the public rows (PUBLIC_LISTING,
// the indexes' own predicate, so the planner can use them). A product page also answers for a
// sold-out listing (REACHABLE_LISTING, decision 124).

/** What a public product says of its seller (presentProduct): the watchlist's cards select it too. */
export const productSellerFields = {
  businessName: users.businessName,
  licenseType: users.licenseType,
  licenseNumber: users.licenseNumber,
  status: users.status,
};

const productSelection = {
  listing: listingFields,
  productTypeName: productTypes.name,
  seller: productSellerFields,
};

export interface ProductRow {
  listing: ListingFields;
  productTypeName: string;
  seller: { businessName: string; licenseType: string; licenseNumber: string; status: string };
  media: ListingMediaRow[];
}

/**
 * Browsing without a text query: the page's ids come from a partial index alone (an index-only
 * scan skips the offset cheaply), and the total from the per-category counters the triggers keep.
 */
async function browsePage(db: Db, filters: SQL[], q: ProductListQuery): Promise<PageIds> {
  const [rows, total] = await Promise.all([
    db
      .select({ id: listings.id })
      .from(listings)
      .where(and(...filters))
      .orderBy(...ordering(q.sort))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    publicCounts(db, q.category),
  ]);
  return { ids: rows.map((row) => row.id), total: total.visible, estimated: false };
}

/** Public listings under the category filter and in the whole catalog, from the counters the triggers keep. */
async function publicCounts(db: Db, category: ProductListQuery['category']): Promise<PublicCounts> {
  const all = sum(catalogCounts.visibleListings);
  const [counted] = await db
    .select({
      visible: (category ? sql`${all} FILTER (WHERE ${eq(catalogCounts.category, category)})` : all).mapWith(
        Number,
      ),
      catalog: all.mapWith(Number),
    })
    .from(catalogCounts);
  return { visible: counted?.visible ?? 0, catalog: counted?.catalog ?? 0 };
}

/** Public listings per category, every category listed (0 where none), from the kept counters. */
export async function categoryCounts(db: Db): Promise<{ category: ProductCategory; count: number }[]> {
  const rows = await db
    .select({ category: catalogCounts.category, count: catalogCounts.visibleListings })
    .from(catalogCounts);
  const counted = new Map(rows.map((row) => [row.category, Number(row.count)]));
  return PRODUCT_CATEGORIES.map((category) => ({ category, count: counted.get(category) ?? 0 }));
}

/**
 * Whether a list is counted by a search (words or facets), not read from the counters: such a
 * total is worth sharing between the list's pages and sorts.
 */
export const countedBySearch = (q: ProductListQuery): boolean =>
  (q.query ? searchTerms(q.query) : null) !== null || facetConditions(q).length > 0;

/** One page of public products; `known`, the list's total when another page of it found it. */
export async function listProducts(
  db: Db,
  q: ProductListQuery,
  known: ListTotal | null = null,
): Promise<{ rows: ProductRow[] } & ListTotal> {
  const terms = q.query ? searchTerms(q.query) : null;
  const facets = facetConditions(q);
  const filters: SQL[] = [PUBLIC_LISTING];
  if (q.category) filters.push(eq(listings.category, q.category));
  // The counters know categories only: a page with words or facets counts (or estimates) its
  // matches the way a text search does (decision 140).
  const { ids, total, estimated } =
    terms || facets.length > 0
      ? await searchPage(
          db,
          filters,
          terms ? tsQuery(terms) : null,
          facets,
          q,
          await publicCounts(db, q.category),
          known,
        )
      : await browsePage(db, filters, q);
  if (ids.length === 0) return { rows: [], total, estimated };

  const [rows, media] = await Promise.all([
    db
      .select(productSelection)
      .from(listings)
      .innerJoin(productTypes, eq(productTypes.id, listings.productTypeId))
      .innerJoin(users, eq(users.id, listings.sellerId))
      .where(inArray(listings.id, ids)),
    mediaByListing(db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.listing.id, row]));
  return {
    rows: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ ...row, media: media.get(id) ?? [] }] : [];
    }),
    total,
    estimated,
  };
}

/**
 * One product page: null when the listing is missing, archived or its seller is not verified. A
 * sold-out listing still answers (decision 124). `reach` is everyone's by default; a lot private
 * to a buyer group answers only for a company given in `reachableBy` (decision 240).
 */
export async function findProduct(
  db: Db,
  id: string,
  reach: SQL = REACHABLE_LISTING,
): Promise<ProductRow | null> {
  const [row] = await db
    .select(productSelection)
    .from(listings)
    .innerJoin(productTypes, eq(productTypes.id, listings.productTypeId))
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(and(eq(listings.id, id), reach))
    .limit(1);
  if (!row) return null;
  const media = await mediaByListing(db, [id]);
  return { ...row, media: media.get(id) ?? [] };
}

/**
 * Who is looking: the user when signed in, else the address, hashed so it is never stored raw.
 * The User-Agent is left out on purpose: anyone can send a new one with every request, and each
 * would have counted as a new viewer (decision 068).
 */
export function viewerKey(userId: string | null, ip: string): string {
  if (userId) return `user:${userId}`;
  return `anon:${createHash('sha256').update(viewerAddress(ip)).digest('hex').slice(0, 32)}`;
}

/**
 * An IPv4 address as it is; an IPv6 address by its /64 network, which one subscriber holds whole
 * and can pick addresses from at will. An IPv4-mapped IPv6 address is its IPv4 address.
 */
export function viewerAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
