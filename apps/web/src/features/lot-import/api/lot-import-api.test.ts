import { describe, expect, it } from 'vitest';
import { reportCsv } from './lot-import-api.ts';

describe('the import report', () => {
  it('writes one line per row with its errors, defusing cells a spreadsheet would run', () => {
    const csv = reportCsv({
      rows: 2,
      created: 1,
      updated: 0,
      unchanged: 0,
      errors: [
        { line: 3, column: 'title', message: 'Title must be at least 3 characters' },
        { line: 3, column: null, message: 'This row has 2 cells but the header has 3 columns' },
      ],
      outcomes: [
        { line: 2, action: 'create', id: 'a1', external_sku: '=SKU', title: 'Blue "Dream"' },
        { line: 3, action: 'error', id: null, external_sku: null, title: 'ab' },
      ],
    });
    expect(csv.split('\r\n')).toEqual([
      'line,action,id,external_sku,title,errors',
      `"2","create","a1","'=SKU","Blue ""Dream""",""`,
      '"3","error","","","ab","title: Title must be at least 3 characters; This row has 2 cells but the header has 3 columns"',
      '',
    ]);
  });
});
