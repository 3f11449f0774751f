import { LOT_IMPORT } from '@canopy/shared';

// The import page's own wording (decision 232); the refusals of rows and files come from
// @canopy/shared (listings/lot-import.ts), as the server sends them.

export const LOT_IMPORT_PAGE = {
  title: 'Import lots',
  description:
    'Create and update many lots at once from a CSV file: check it first, fix what it reports, then apply it.',
  template: 'Download template',
  templateFailed: 'Failed to download the template',
  imagesNote: LOT_IMPORT.templateNote,
  columnsTitle: 'Columns',
  columnsHint:
    'A row with the id of one of your lots (as the export writes it) or the external SKU of one of your live lots updates that lot; any other row creates one. A column you leave out keeps its value on the lots a file updates.',
  fileLabel: 'CSV file',
  check: 'Check file',
  checking: 'Checking...',
  apply: 'Apply',
  applying: 'Applying...',
  uploading: 'Uploading',
  failed: 'The import failed',
  summary: (rows: number, created: number, updated: number, unchanged: number) =>
    `${rows} rows: ${created} to create, ${updated} to update, ${unchanged} unchanged`,
  appliedSummary: (created: number, updated: number, unchanged: number) =>
    `Import applied: ${created} created, ${updated} updated, ${unchanged} unchanged`,
  errorsTitle: 'Rows to fix',
  errorsHint: 'Nothing was written. Fix these rows in your file, then choose it again and check it.',
  errorsCaption: 'Errors by line and column',
  line: 'Line',
  column: 'Column',
  problem: 'Problem',
  wholeLine: 'Whole line',
  report: 'Download report',
  backToDashboard: 'Back to Seller Dashboard',
} as const;
