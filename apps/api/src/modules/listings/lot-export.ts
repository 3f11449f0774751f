import { LISTING_EXPORT_COLUMNS, type ListingExportRow } from '@canopy/shared';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings, productTypes } from '../../db/schema/index.ts';
import { csvDocument } from '../../lib/csv.ts';

// The company's lots for another system (issue 24 item 4, decision 225): every lot it keeps
// (drafts, inactive and hidden ones too, each with its status), oldest first by id, as CSV in one
// file or as JSON a page at a time. Both carry the same columns (LISTING_EXPORT_COLUMNS).

/** The whole CSV file holds at most this many lots; more is what the JSON pages are for. */
export const CSV_EXPORT_LIMIT = 10_000;

/** The lot's columns the export reads; the import reads them too, to compare a row with its lot. */
export const exportColumns = {
  id: listings.id,
  externalSku: listings.externalSku,
  title: listings.title,
  description: listings.description,
  productType: productTypes.name,
  zipCode: listings.zipCode,
  quantityLbs: listings.quantityLbs,
  makeOffer: listings.makeOffer,
  askingPrice: listings.askingPrice,
  negotiable: listings.negotiable,
  tested: listings.tested,
  testLink: listings.testLink,
  batchNumber: listings.batchNumber,
  packageUids: listings.packageUids,
  isActive: listings.isActive,
  isDraft: listings.isDraft,
  moderation: listings.moderation,
  updatedAt: listings.updatedAt,
};

const selectLots = (db: Db, sellerId: string, after: string | undefined, limit: number) =>
  db
    .select(exportColumns)
    .from(listings)
    .innerJoin(productTypes, eq(productTypes.id, listings.productTypeId))
    .where(and(eq(listings.sellerId, sellerId), after ? gt(listings.id, after) : undefined))
    .orderBy(asc(listings.id))
    .limit(limit);

type ExportedListing = Awaited<ReturnType<typeof selectLots>>[number];

function statusOf(row: ExportedListing): ListingExportRow['status'] {
  if (row.moderation === 'hidden') return 'hidden';
  if (row.isDraft) return 'draft';
  return row.isActive ? 'active' : 'inactive';
}

function present(row: ExportedListing): ListingExportRow {
  return {
    id: row.id,
    external_sku: row.externalSku,
    title: row.title,
    description: row.description,
    product_type: row.productType,
    zip_code: row.zipCode,
    quantity_lbs: row.quantityLbs,
    make_offer: row.makeOffer,
    asking_price: row.makeOffer ? null : row.askingPrice,
    negotiable: row.negotiable,
    tested: row.tested,
    test_link: row.testLink,
    batch_number: row.batchNumber,
    package_uids: row.packageUids,
    status: statusOf(row),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function exportedLots(db: Db, sellerId: string, after: string | undefined, limit: number) {
  return (await selectLots(db, sellerId, after, limit)).map(present);
}

/** One page of the JSON export and the cursor of the next, null after the last. */
export async function lotExportPage(
  db: Db,
  sellerId: string,
  query: { cursor?: string | undefined; limit: number },
) {
  const rows = await exportedLots(db, sellerId, query.cursor, query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { data: page, nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
}

/** A cell of the CSV file: package UIDs space-separated, as the import reads them (decision 230). */
const csvValue = (row: ListingExportRow, column: (typeof LISTING_EXPORT_COLUMNS)[number]) =>
  column === 'package_uids' ? row.package_uids.join(' ') : row[column];

/** The CSV file: a header of LISTING_EXPORT_COLUMNS, then one line per lot; it imports back unchanged. */
export async function lotExportCsv(db: Db, sellerId: string): Promise<string> {
  const rows = await exportedLots(db, sellerId, undefined, CSV_EXPORT_LIMIT);
  return csvDocument(
    LISTING_EXPORT_COLUMNS,
    rows.map((row) => LISTING_EXPORT_COLUMNS.map((column) => csvValue(row, column))),
  );
}
