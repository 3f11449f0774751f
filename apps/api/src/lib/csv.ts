// CSV for the spreadsheets people keep outside Canopy (the audit trail, invoices, lots): every cell
// quoted, CRLF line ends, and formula injection defused.

/**
 * A CSV cell. Quoted always; a leading = + - @ (or tab/CR) is defused with an apostrophe so a
 * spreadsheet shows the text instead of running it as a formula (names and reasons are free text).
 */
export function csvCell(value: unknown): string {
  const raw =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  const safe = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A whole document: the header row as given, then one line per row of cells. */
export function csvDocument(columns: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = rows.map((row) => row.map(csvCell).join(','));
  return `${[columns.join(','), ...lines].join('\r\n')}\r\n`;
}
