import { type LotImportReport, listingAddresses } from '@canopy/shared';
import { call, callForFile } from '@/lib/api-call.ts';
import { saveBlob } from '@/lib/save-blob.ts';

// The import's calls (decision 230): a dry run or an apply of one file, sent with XMLHttpRequest so
// the page can show the upload's progress, and the template file.

export async function importLots(file: File, dryRun: boolean, onProgress: (fraction: number) => void) {
  const body = new FormData();
  body.append('file', file);
  return call(listingAddresses.importLots, {
    query: { dryRun },
    body,
    onProgress,
  });
}

export async function downloadTemplate(): Promise<void> {
  saveBlob(await callForFile(listingAddresses.importTemplate), 'lots-template.csv');
}

/** A report cell: quoted, and defused like the server's exports, since it echoes what a file said. */
function cell(value: string | number | null): string {
  const raw = String(value ?? '');
  const safe = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * The report of an import, one line per row of the file: what became of it and, for a row with
 * errors, what they were. Built here from the answer, so it needs no call of its own.
 */
export function reportCsv(report: LotImportReport): string {
  const header = ['line', 'action', 'id', 'external_sku', 'title', 'errors'];
  const lines = report.outcomes.map((row) => {
    const errors = report.errors
      .filter((error) => error.line === row.line)
      .map((error) => (error.column ? `${error.column}: ${error.message}` : error.message))
      .join('; ');
    return [row.line, row.action, row.id, row.external_sku, row.title, errors].map(cell).join(',');
  });
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

export function downloadReport(report: LotImportReport): void {
  saveBlob(new Blob([reportCsv(report)], { type: 'text/csv' }), 'lots-import-report.csv');
}
