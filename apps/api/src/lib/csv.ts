// CSV files people open in a spreadsheet (the audit export, a company's lots): one way to write a
// cell, so every export is safe from formula injection in the same way.

/**
 * A CSV cell. Quoted always; a leading = + - @ (or tab/CR) is defused with an apostrophe so a
 * spreadsheet shows the text instead of running it as a formula (free text reaches every export).
 */
export function csvCell(value: unknown): string {
  const raw =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  const safe = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A whole file: the header, then one line per row, CRLF as RFC 4180 writes it. */
export function csvDocument(columns: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = rows.map((row) => row.map(csvCell).join(','));
  return `${[columns.join(','), ...lines].join('\r\n')}\r\n`;
}
