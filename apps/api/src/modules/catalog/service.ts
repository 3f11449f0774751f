import { createHash } from 'node:crypto';
import { PRODUCT_CATEGORIES, type ProductCategory } from '@canopy/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import {
  catalogCounts,
  type ListingMediaRow,
  listings,
  productTypes,
  REACHABLE_LISTING,
  users,
} from '../../db/schema/index.ts';
import { type ListingFields, listingFields, mediaByListing } from '../listings/index.ts';

// The public catalog: active, not sold-out listings of verified sellers. Lists come from the
// catalog's search index (decision 252), their rows from the database by id (shown-products.ts
// keeps those lately shown, decision 264). A product page also answers for a sold-out listing
// (REACHABLE_LISTING, decision 124).

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

/** Public listings per category, every category listed (0 where none), from the kept counters. */
export async function categoryCounts(db: Db): Promise<{ category: ProductCategory; count: number }[]> {
  const rows = await db
    .select({ category: catalogCounts.category, count: catalogCounts.visibleListings })
    .from(catalogCounts);
  const counted = new Map(rows.map((row) => [row.category, Number(row.count)]));
  return PRODUCT_CATEGORIES.map((category) => ({ category, count: counted.get(category) ?? 0 }));
}

/** The product rows of listings by id, for every catalog page. */
const rowsStatement = preparedPerDatabase((db) =>
  db
    .select(productSelection)
    .from(listings)
    .innerJoin(productTypes, eq(productTypes.id, listings.productTypeId))
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(sql`${listings.id} = ANY(${sql.placeholder('ids')}::uuid[])`)
    .prepare('catalog_product_rows'),
);

/** The listings' product rows with their media, in the order of `ids` (one missing is left out). */
export async function productRows(db: Db, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const [rows, media] = await Promise.all([rowsStatement(db).execute({ ids }), mediaByListing(db, ids)]);
  const byId = new Map(rows.map((row) => [row.listing.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, media: media.get(id) ?? [] }] : [];
  });
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
