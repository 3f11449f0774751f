import {
  externalSkuField,
  LISTING_RULES,
  type ListingForm,
  LOT_IMPORT,
  LOT_IMPORT_COLUMNS,
  type LotImportError,
  type LotImportOutcome,
  type LotImportReport,
  listingFormSchema,
  MIN_QUANTITY_LBS,
  STATE_RECORD,
} from '@canopy/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { listings, type ProductTypeRow, productTypes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createListing } from './create-listing.ts';
import { listingValues } from './listing-values.ts';
import { exportColumns } from './lot-export.ts';
import { type ImportColumn, type ImportFile, type ImportRow, readImportCsv } from './lot-import-csv.ts';
import { listProductTypes } from './product-types.ts';
import { LIVE_LOT } from './state-record.ts';
import { updateListing } from './update-listing.ts';

// Bulk import of lots (issue 24 item 3, decision 230). Every row becomes the listing form it stands
// for and is checked by the form's own schema (listingFormSchema, state record included); what only
// a file can get wrong is checked here: the lot a row names (by `id`, else by `external_sku` among
// live lots), two rows naming one lot or one SKU, and package UIDs that another row or another
// live lot already carries. A row that updates a lot starts from the lot as it is, so a column the
// file leaves out keeps its value, and the lot's strain, cannabinoids, COA and volume tiers (which
// no column holds) are kept. Writing goes through createListing and updateListing, so triggers, versions,
// the catalog's cache and the package-UID lock act exactly as for a form save.

/**
 * Rows written per transaction. Each one holds the company's seller row and package-UID lock until
 * it commits, so every other save of the company waits for it: 200 rows take well under a second
 * or two, while 5,000 rows still need only 25 commits. A failure (another save taking a package
 * meanwhile) loses its batch only.
 */
export const IMPORT_BATCH_ROWS = 200;

const BOOLEAN_COLUMNS = new Set<ImportColumn>(['make_offer', 'negotiable', 'tested']);
const FORM_COLUMNS = Object.keys(LOT_IMPORT_COLUMNS).filter(
  (column) => column !== 'external_sku',
) as ImportColumn[];

const NO_UPLOADS = { images: [], videos: [], testUpload: null };

/** What a row is compared with: the export's columns and the rest of what the form holds. */
const storedColumns = {
  ...exportColumns,
  live: sql<boolean>`${LIVE_LOT}`,
  productTypeId: listings.productTypeId,
  category: listings.category,
  strain: listings.strain,
  thcContent: listings.thcContent,
  cbdContent: listings.cbdContent,
  coaLabName: listings.coaLabName,
  coaLabLicense: listings.coaLabLicense,
  coaTestedAt: listings.coaTestedAt,
  coaResult: listings.coaResult,
  priceTiers: listings.priceTiers,
};

type StoredLot = Awaited<ReturnType<typeof companyLots>>[number];

function companyLots(db: Db, sellerId: string) {
  return db
    .select(storedColumns)
    .from(listings)
    .innerJoin(productTypes, eq(productTypes.id, listings.productTypeId))
    .where(eq(listings.sellerId, sellerId));
}

/** The lot as the edit form would open it: where a row that updates it starts from. */
const formOf = (lot: StoredLot): Record<string, unknown> => ({
  title: lot.title,
  description: lot.description,
  product_type: lot.productType,
  zip_code: lot.zipCode,
  quantity_lbs: lot.quantityLbs,
  make_offer: lot.makeOffer,
  asking_price: lot.askingPrice ?? undefined,
  negotiable: lot.negotiable,
  tested: lot.tested,
  test_link: lot.testLink ?? undefined,
  strain: lot.strain ?? undefined,
  thc_content: lot.thcContent ?? undefined,
  cbd_content: lot.cbdContent ?? undefined,
  batch_number: lot.batchNumber ?? undefined,
  package_uids: lot.packageUids,
  coa_lab_name: lot.coaLabName ?? undefined,
  coa_lab_license: lot.coaLabLicense ?? undefined,
  coa_tested_at: lot.coaTestedAt ?? undefined,
  coa_result: lot.coaResult ?? undefined,
  price_tiers: lot.priceTiers,
});

/** A cell as the form field takes it: booleans as the form's "true"/"false", UID lists as lists. */
function fieldValue(column: ImportColumn, cell: string): unknown {
  const text = cell.trim();
  if (BOOLEAN_COLUMNS.has(column)) return text === '' ? undefined : text.toLowerCase();
  if (column === 'package_uids') return text.startsWith('[') ? text : text.split(/[\s,;]+/).filter(Boolean);
  return cell;
}

/** A planned row: what it will do, and with what. */
interface PlannedRow {
  line: number;
  action: LotImportOutcome['action'];
  lot: StoredLot | null;
  form: ListingForm | null;
  /** Whether the form differs from the lot (an update may change only the SKU). */
  formChanged: boolean;
  sku: string | null;
  title: string;
}

/** Whether saving the form would change any column of the lot. */
function formChanges(form: ListingForm, type: ProductTypeRow, lot: StoredLot): boolean {
  const next = listingValues(form, type);
  return Object.entries(next).some(([key, value]) => {
    const current = lot[key as keyof StoredLot];
    return JSON.stringify(value ?? null) !== JSON.stringify(current ?? null);
  });
}

/** Checks every row of a file against the form's rules and the company's lots; writes nothing. */
async function planImport(db: Db, sellerId: string, file: ImportFile) {
  const [lots, types] = await Promise.all([companyLots(db, sellerId), listProductTypes(db)]);
  const lotsById = new Map(lots.map((lot) => [lot.id, lot]));
  const liveBySku = new Map<string, StoredLot>();
  const uidHolders = new Map<string, string>();
  for (const lot of lots) {
    if (!lot.live) continue;
    if (lot.externalSku) liveBySku.set(lot.externalSku, lot);
    for (const uid of lot.packageUids) uidHolders.set(uid, lot.id);
  }
  const typeOf = (name: string) =>
    types.find((type) => type.name.toLowerCase() === name.toLowerCase() || type.id === name);

  const errors: LotImportError[] = [...file.errors];
  const brokenLines = new Set(file.errors.map((error) => error.line));
  const lineOfLot = new Map<string, number>();
  const lineOfSku = new Map<string, number>();
  const lineOfUid = new Map<string, number>();
  const planned: PlannedRow[] = [];

  for (const row of file.rows) {
    const rowErrors: LotImportError[] = [];
    const fail = (column: string | null, message: string) => {
      if (!rowErrors.some((error) => error.column === column))
        rowErrors.push({ line: row.line, column, message });
    };
    const { lot, sku } = matchLot(row, file, lotsById, liveBySku, fail);
    if (lot) {
      const earlier = lineOfLot.get(lot.id);
      if (earlier) fail(row.cells.has('id') ? 'id' : 'external_sku', LOT_IMPORT.idRepeated(earlier));
      else lineOfLot.set(lot.id, row.line);
    }
    if (sku) {
      const earlier = lineOfSku.get(sku);
      if (earlier) fail('external_sku', LOT_IMPORT.skuRepeated(earlier));
      else lineOfSku.set(sku, row.line);
    }

    const form = parseRowForm(row, lot, fail);
    if (form) {
      const type = typeOf(form.product_type);
      if (!type) fail('product_type', LISTING_RULES.productTypeUnknown);
      for (const uid of form.package_uids) {
        const earlier = lineOfUid.get(uid);
        const holder = uidHolders.get(uid);
        if (earlier) fail('package_uids', LOT_IMPORT.packageUidRepeated(uid, earlier));
        else if (holder && holder !== lot?.id) fail('package_uids', STATE_RECORD.packageUidTaken(uid));
        lineOfUid.set(uid, earlier ?? row.line);
      }
    }

    errors.push(...rowErrors);
    const title = form?.title ?? row.cells.get('title')?.trim() ?? lot?.title ?? '';
    if (rowErrors.length || !form || brokenLines.has(row.line)) {
      planned.push({ line: row.line, action: 'error', lot, form: null, formChanged: false, sku, title });
      continue;
    }
    const type = typeOf(form.product_type) as ProductTypeRow;
    const formChanged = lot ? formChanges(form, type, lot) : true;
    const action = !lot ? 'create' : formChanged || sku !== lot.externalSku ? 'update' : 'unchanged';
    planned.push({ line: row.line, action, lot, form, formChanged, sku, title });
  }
  return { errors, planned };
}

/** The lot a row names (its `id`, else its SKU among live lots) and the SKU it will carry. */
function matchLot(
  row: ImportRow,
  file: ImportFile,
  lotsById: Map<string, StoredLot>,
  liveBySku: Map<string, StoredLot>,
  fail: (column: string | null, message: string) => void,
): { lot: StoredLot | null; sku: string | null } {
  const id = row.cells.get('id')?.trim() ?? '';
  let lot = id ? (lotsById.get(id) ?? null) : null;
  if (id && !lot) fail('id', LOT_IMPORT.idUnknown);

  let sku: string | null = lot?.externalSku ?? null;
  if (file.columns.has('external_sku')) {
    const parsed = externalSkuField.safeParse(row.cells.get('external_sku') ?? '');
    if (!parsed.success) {
      fail('external_sku', parsed.error.issues[0]?.message ?? LOT_IMPORT.skuTooLong);
      return { lot, sku: null };
    }
    sku = parsed.data;
  }
  if (!id && sku) lot = liveBySku.get(sku) ?? null;
  const holder = sku ? liveBySku.get(sku) : undefined;
  if (lot && holder && holder.id !== lot.id) fail('external_sku', LOT_IMPORT.skuTaken);
  return { lot, sku };
}

/**
 * The row as the listing form, parsed by the form's schema; each column's first problem is reported
 * under that column. Two things a form cannot say: a make-offer row with a blank price keeps the
 * lot's stored (unshown) price, as the form that hides the field does; and 0 pounds marks an
 * existing lot sold out, as the quantity sync may (decision 225), while a new lot needs some.
 */
function parseRowForm(
  row: ImportRow,
  lot: StoredLot | null,
  fail: (column: string | null, message: string) => void,
): ListingForm | null {
  const input: Record<string, unknown> = lot ? formOf(lot) : {};
  for (const column of FORM_COLUMNS) {
    const cell = row.cells.get(column);
    if (cell === undefined) continue;
    if (column === 'asking_price' && cell.trim() === '' && lot && input.asking_price !== undefined) {
      const makeOffer = row.cells.get('make_offer')?.trim().toLowerCase() ?? String(lot.makeOffer);
      if (makeOffer === 'true') continue;
    }
    input[column] = fieldValue(column, cell);
  }
  const soldOut = lot !== null && typeof input.quantity_lbs === 'string' && isZero(input.quantity_lbs);
  if (soldOut) input.quantity_lbs = MIN_QUANTITY_LBS;
  const parsed = listingFormSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      fail(field in LOT_IMPORT_COLUMNS ? field : null, issue.message);
    }
    return null;
  }
  return soldOut ? { ...parsed.data, quantity_lbs: 0 } : parsed.data;
}

const isZero = (text: string) => /^\s*0*(\.0*)?\s*$/.test(text) && /0/.test(text);

const outcomeOf = (row: PlannedRow, id: string | null = row.lot?.id ?? null): LotImportOutcome => ({
  line: row.line,
  action: row.action,
  id,
  external_sku: row.sku,
  title: row.title,
});

function reportOf(
  planned: PlannedRow[],
  errors: LotImportError[],
  ids?: Map<number, string>,
): LotImportReport {
  const count = (action: LotImportOutcome['action']) => planned.filter((row) => row.action === action).length;
  return {
    rows: planned.length,
    created: count('create'),
    updated: count('update'),
    unchanged: count('unchanged'),
    errors: errors.sort((a, b) => a.line - b.line),
    outcomes: planned.map((row) => outcomeOf(row, ids?.get(row.line) ?? row.lot?.id ?? null)),
  };
}

/**
 * Checks a file and, when `apply` is set and no row has an error, writes it: all or nothing per
 * file as far as the rows go (one error refuses the whole file), in transactions of
 * IMPORT_BATCH_ROWS rows. Returns the report; an apply with errors is refused with the report.
 */
export async function importLots(
  ctx: AppContext,
  sellerId: string,
  text: string,
  options: { apply: boolean },
): Promise<LotImportReport> {
  const { db } = ctx.database;
  const file = readImportCsv(text);
  const { errors, planned } = await planImport(db, sellerId, file);
  if (!options.apply) return reportOf(planned, errors);
  if (errors.length) {
    const rowsWithErrors = new Set(errors.map((error) => error.line)).size;
    throw new AppError('UNPROCESSABLE', LOT_IMPORT.hasErrors(rowsWithErrors), {
      code: 'lot_import_has_errors',
      data: reportOf(planned, errors),
    });
  }
  const writes = planned.filter((row) => row.action === 'create' || row.action === 'update');
  const ids = new Map<number, string>();
  for (let start = 0; start < writes.length; start += IMPORT_BATCH_ROWS) {
    const batch = writes.slice(start, start + IMPORT_BATCH_ROWS);
    await db.transaction(async (tx) => {
      // The listing services run on this transaction: each row is a savepoint inside it.
      const inBatch: AppContext = { ...ctx, database: { ...ctx.database, db: tx } };
      for (const row of batch) ids.set(row.line, await writeRow(inBatch, tx, sellerId, row));
    });
  }
  return reportOf(planned, errors, ids);
}

/** Saves one checked row as the form would, then its SKU (which the form does not hold). */
async function writeRow(ctx: AppContext, tx: Db, sellerId: string, row: PlannedRow): Promise<string> {
  const form = row.form as ListingForm;
  let id = row.lot?.id;
  if (!id) id = (await createListing(ctx, sellerId, form, NO_UPLOADS)).listing.id;
  else if (row.formChanged) await updateListing(ctx, sellerId, id, form, [], NO_UPLOADS);
  if (row.sku !== (row.lot?.externalSku ?? null)) {
    await tx.update(listings).set({ externalSku: row.sku }).where(eq(listings.id, id));
  }
  return id;
}
