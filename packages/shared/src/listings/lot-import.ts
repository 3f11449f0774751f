import { z } from 'zod';
import { singleLine } from '../common/fields.ts';
import { succeeded } from '../common/responses.ts';
import { groupDigits } from '../common/units.ts';
import { countOf } from '../plural.ts';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, MIN_QUANTITY_LBS, TITLE_MAX, TITLE_MIN } from './limits.ts';

// Bulk import of lots from a CSV file (issue 24 item 3, decision 230): the columns a file may
// carry, the words its refusals use, and the report a dry run and an apply answer. Every row is
// checked by the listing form's own schema (schemas.ts); only what a file adds (the external SKU,
// rows that collide with each other or with other lots) has rules of its own here.

/** The most lots one file may hold. */
export const LOT_IMPORT_MAX_ROWS = 5000;
/** The most a file may weigh: 5,000 rows with full descriptions and package lists fit. */
export const LOT_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const EXTERNAL_SKU_MAX = 100;

/**
 * The columns an import reads, in the template's order, each with what it holds. The names are the
 * listing export's (exchange.ts), so an exported file imports as it is.
 */
export const LOT_IMPORT_COLUMNS = {
  external_sku: `Your own code for the lot (up to ${EXTERNAL_SKU_MAX} characters); a row with the code of one of your live lots updates it`,
  title: `Title, ${TITLE_MIN} to ${TITLE_MAX} characters`,
  description: `Description, ${DESCRIPTION_MIN} to ${groupDigits(DESCRIPTION_MAX)} characters`,
  product_type: 'One of the product types of the listing form, by name',
  zip_code: 'ZIP code, 5 digits',
  quantity_lbs: `Pounds available, at least ${MIN_QUANTITY_LBS} (0 marks an existing lot sold out)`,
  make_offer: 'true to take offers instead of an asking price',
  asking_price: 'Price per pound; required unless make_offer is true',
  negotiable: 'true or false (true whenever make_offer is true)',
  tested: 'true or false',
  test_link: 'Link to the lab results (http or https), kept only for tested lots',
  batch_number: 'Batch number (optional)',
  package_uids: 'Metrc package UIDs, separated by spaces, commas or semicolons (optional)',
} as const;
export type LotImportColumn = keyof typeof LOT_IMPORT_COLUMNS;

/** Columns of the export an import accepts as well: `id` finds the lot; the other two are read-only. */
export const LOT_IMPORT_EXPORT_ONLY = ['id', 'status', 'updated_at'] as const;

/** Without these a file cannot describe a lot. */
export const LOT_IMPORT_REQUIRED = [
  'title',
  'description',
  'product_type',
  'zip_code',
  'quantity_lbs',
] as const;

export const LOT_IMPORT = {
  fileRequired: 'Choose a CSV file to import',
  fileTooLarge: `The file must be ${LOT_IMPORT_MAX_BYTES / 1024 / 1024} MB or smaller`,
  tooManyRows: `A file may hold at most ${countOf(LOT_IMPORT_MAX_ROWS, 'lot')}`,
  noRows: 'The file has a header but no lots',
  notCsv: 'This line is not valid CSV (look for a quote that is not closed)',
  notText: 'The file is not UTF-8 text',
  unknownColumn: (name: string) => `Unknown column "${name}"`,
  missingColumn: (name: string) => `The column "${name}" is missing`,
  repeatedColumn: (name: string) => `The column "${name}" appears twice`,
  cellCount: (cells: number, columns: number) =>
    `This row has ${countOf(cells, 'cell')} but the header has ${countOf(columns, 'column')}`,
  skuTooLong: `The external SKU must be ${EXTERNAL_SKU_MAX} characters or fewer`,
  skuRepeated: (line: number) => `Line ${line} has the same external SKU`,
  skuTaken: 'Another of your live lots has this external SKU',
  idRepeated: (line: number) => `Line ${line} names the same lot`,
  idUnknown: 'None of your lots has this id',
  packageUidRepeated: (uid: string, line: number) => `Package UID ${uid} is also on line ${line}`,
  hasErrors: (rows: number) => `Nothing was imported: ${countOf(rows, 'row')} with errors`,
  checked: 'Checked: nothing was written',
  applied: 'Import applied',
  templateNote: 'Images are not imported: add them to each lot from its edit form.',
} as const;

/** The SKU cell: blank is none; one line, trimmed. */
export const externalSkuField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  singleLine(z.string().trim().max(EXTERNAL_SKU_MAX, LOT_IMPORT.skuTooLong))
    .optional()
    .transform((value) => value ?? null),
);

/** `?dryRun=false` applies; anything else (and no query) only checks. */
export const lotImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .catch(undefined)
    .transform((value) => value !== 'false'),
});

/** A problem of one row (line as a spreadsheet numbers it, the header being 1) and one column. */
export const lotImportError = z.object({
  line: z.number().int(),
  /** The column's name; null when the whole line is at fault. */
  column: z.string().nullable(),
  message: z.string(),
});
export type LotImportError = z.infer<typeof lotImportError>;

export const LOT_IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;

/** What became (or would become) of one row: the report a seller downloads. */
export const lotImportOutcome = z.object({
  line: z.number().int(),
  action: z.enum(LOT_IMPORT_ACTIONS),
  /** The lot it updates, or (once applied) the one it created. */
  id: z.string().nullable(),
  external_sku: z.string().nullable(),
  title: z.string(),
});
export type LotImportOutcome = z.infer<typeof lotImportOutcome>;

export const lotImportReport = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows that match a lot and would change nothing: not written, not counted as updated. */
  unchanged: z.number().int(),
  errors: z.array(lotImportError),
  outcomes: z.array(lotImportOutcome),
});
export type LotImportReport = z.infer<typeof lotImportReport>;

export const lotImportResponse = z.object({
  success: succeeded,
  /** Whether anything was written: false for a dry run. */
  applied: z.boolean(),
  message: z.string(),
  data: lotImportReport,
});
export type LotImportResponse = z.infer<typeof lotImportResponse>;

/** The multipart form of an import: the file and no other field. */
export const lotImportFields = z.strictObject({});
