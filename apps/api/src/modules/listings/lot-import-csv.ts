import {
  LOT_IMPORT,
  LOT_IMPORT_COLUMNS,
  LOT_IMPORT_EXPORT_ONLY,
  LOT_IMPORT_MAX_ROWS,
  LOT_IMPORT_REQUIRED,
  type LotImportError,
} from '@canopy/shared';
import { CsvError, parse } from 'csv-parse/sync';
import { badRequest } from '../../lib/errors.ts';

// Reading an import file (decision 230): RFC 4180 CSV (quoted fields with commas, quotes and line
// breaks inside, CRLF or LF, a byte-order mark) by csv-parse, the parser the license registry
// import already uses. A row's line is its record number with the header as 1, which is the row
// number a spreadsheet shows even when a cell holds line breaks.

export type ImportColumn = keyof typeof LOT_IMPORT_COLUMNS | (typeof LOT_IMPORT_EXPORT_ONLY)[number];

const KNOWN_COLUMNS = new Set<string>([...Object.keys(LOT_IMPORT_COLUMNS), ...LOT_IMPORT_EXPORT_ONLY]);

export interface ImportRow {
  line: number;
  /** The row's cells by column, for the columns the header names. */
  cells: Map<ImportColumn, string>;
}

export interface ImportFile {
  columns: Set<ImportColumn>;
  rows: ImportRow[];
  /** Problems of the file itself (header, malformed lines, cell counts), by line. */
  errors: LotImportError[];
}

/** "Product Type" and "product-type" name the column product_type. */
const columnName = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * The export defuses a cell a spreadsheet would run as a formula by putting an apostrophe before it
 * (lib/csv.ts); reading it back takes that apostrophe off again, and only that one, so a title
 * like "'90s Kush" typed by hand stays as it is.
 */
const undefused = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** The file as text; anything but UTF-8 is refused rather than read as mojibake. */
export function decodeImportFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(LOT_IMPORT.notText);
  }
}

const CSV_OPTIONS = { bom: true, relax_column_count: true, skip_empty_lines: false } as const;

/**
 * The file's records (empty lines stay records, skipped later, so lines count as a spreadsheet's
 * rows do). A record the parser cannot read (a quote never closed, a stray one) makes the rest of
 * the file unreadable, so it is the one error reported and no row is checked.
 */
function parseRecords(text: string): { records: string[][]; error: LotImportError | null } {
  try {
    return { records: parse(text, CSV_OPTIONS) as string[][], error: null };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = Number((error as CsvError & { records?: number }).records ?? 0) + 1;
    return { records: [], error: { line, column: null, message: LOT_IMPORT.notCsv } };
  }
}

/** Reads the header and the rows; refuses a file of more than LOT_IMPORT_MAX_ROWS lots outright. */
export function readImportCsv(text: string): ImportFile {
  const { records, error } = parseRecords(text);
  if (error) return { columns: new Set(), rows: [], errors: [error] };
  const errors: LotImportError[] = [];
  const [header = [], ...body] = records;
  const columns: (ImportColumn | null)[] = [];
  const seen = new Set<string>();
  for (const cell of header) {
    const name = columnName(cell);
    if (name === '') {
      columns.push(null);
      continue;
    }
    if (!KNOWN_COLUMNS.has(name))
      errors.push({ line: 1, column: cell.trim(), message: LOT_IMPORT.unknownColumn(cell.trim()) });
    else if (seen.has(name)) errors.push({ line: 1, column: name, message: LOT_IMPORT.repeatedColumn(name) });
    seen.add(name);
    columns.push(KNOWN_COLUMNS.has(name) ? (name as ImportColumn) : null);
  }
  for (const required of LOT_IMPORT_REQUIRED) {
    if (!seen.has(required))
      errors.push({ line: 1, column: required, message: LOT_IMPORT.missingColumn(required) });
  }

  const rows: ImportRow[] = [];
  for (const [index, record] of body.entries()) {
    if (record.every((cell) => cell.trim() === '')) continue;
    const line = index + 2;
    if (record.length !== header.length) {
      errors.push({ line, column: null, message: LOT_IMPORT.cellCount(record.length, header.length) });
    }
    const cells = new Map<ImportColumn, string>();
    for (const [position, column] of columns.entries()) {
      if (column && !cells.has(column)) cells.set(column, undefused(record[position] ?? ''));
    }
    rows.push({ line, cells });
  }
  if (rows.length > LOT_IMPORT_MAX_ROWS) throw badRequest(LOT_IMPORT.tooManyRows);
  if (rows.length === 0 && errors.length === 0) throw badRequest(LOT_IMPORT.noRows);
  return { columns: new Set(columns.filter((column) => column !== null)), rows, errors };
}
