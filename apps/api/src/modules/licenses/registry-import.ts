import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { licenses } from '../../db/schema/licenses.ts';
import { normaliseLicenseNumber } from './license-format.ts';

// Loads a Department of Cannabis Control license export. Exports differ in column order and
// naming between downloads, so columns are recognised by a normalised name from a list of
// synonyms. Each bad row is reported and skipped; good rows are upserted, so importing the same
// file twice changes nothing the second time.

type Field =
  | 'licenseNumber'
  | 'status'
  | 'licenseType'
  | 'legalName'
  | 'dbaName'
  | 'county'
  | 'issuedOn'
  | 'expiresOn';

const COLUMN_SYNONYMS: Record<Field, string[]> = {
  licenseNumber: ['licensenumber', 'licenseno', 'licensenum', 'license', 'licenseid'],
  status: ['licensestatus', 'status'],
  licenseType: ['licensetype', 'type', 'licensedesignation', 'designation'],
  legalName: [
    'businesslegalname',
    'legalbusinessname',
    'legalname',
    'businessname',
    'licenseename',
    'ownername',
  ],
  dbaName: ['businessdbaname', 'dbaname', 'dba', 'doingbusinessas', 'tradename'],
  county: ['premisecounty', 'premisescounty', 'county'],
  issuedOn: ['issueddate', 'issuedate', 'issued', 'dateissued', 'originalissuedate'],
  expiresOn: ['expirationdate', 'expirydate', 'expiration', 'expires', 'expiredate'],
};

const normaliseHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

export interface ImportReport {
  read: number;
  added: number;
  updated: number;
  unchanged: number;
  rejected: { line: number; reason: string }[];
}

/** Finds each known field's column; the license number column is the one that must exist. */
export function mapColumns(header: string[]): Partial<Record<Field, number>> {
  const normalised = header.map(normaliseHeader);
  const map: Partial<Record<Field, number>> = {};
  for (const [field, synonyms] of Object.entries(COLUMN_SYNONYMS) as [Field, string[]][]) {
    const index = synonyms.map((s) => normalised.indexOf(s)).find((i) => i >= 0);
    if (index !== undefined) map[field] = index;
  }
  return map;
}

/** Accepts 2025-01-31, 01/31/2025, 1/31/25; anything else is an error; blank is no date. */
export function parseRegistryDate(value: string): string | null | 'invalid' {
  const text = value.trim();
  if (!text) return null;
  let year: number;
  let month: number;
  let day: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [month, day, year] = [Number(us[1]), Number(us[2]), Number(us[3])];
  else return 'invalid';
  if (year < 100) year += 2000;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return 'invalid';
  return date.toISOString().slice(0, 10);
}

type LicenseValues = typeof licenses.$inferInsert;

function rowToLicense(row: string[], columns: Partial<Record<Field, number>>): LicenseValues | string {
  const cell = (field: Field) => {
    const index = columns[field];
    return index === undefined ? '' : (row[index] ?? '').trim();
  };
  const licenseNumber = normaliseLicenseNumber(cell('licenseNumber'));
  if (!licenseNumber) return 'missing license number';
  if (licenseNumber.length > 40) return 'license number is too long';
  const issuedOn = parseRegistryDate(cell('issuedOn'));
  if (issuedOn === 'invalid') return `unreadable issue date "${cell('issuedOn')}"`;
  const expiresOn = parseRegistryDate(cell('expiresOn'));
  if (expiresOn === 'invalid') return `unreadable expiration date "${cell('expiresOn')}"`;
  return {
    licenseNumber,
    status: cell('status'),
    licenseType: cell('licenseType'),
    legalName: cell('legalName'),
    dbaName: cell('dbaName'),
    county: cell('county'),
    issuedOn,
    expiresOn,
  };
}

export async function importRegistryCsv(db: Db, csvText: string): Promise<ImportReport> {
  // info: each record carries the file line it ended on, so rejections point at the right line.
  const parsed = parse(csvText, {
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    info: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  const records = parsed.map((entry) => entry.record);
  const report: ImportReport = { read: 0, added: 0, updated: 0, unchanged: 0, rejected: [] };
  const headerIndex = records.findIndex((row) => mapColumns(row).licenseNumber !== undefined);
  if (headerIndex < 0)
    throw new Error('No license number column found (expected a header such as "License Number")');
  const columns = mapColumns(records[headerIndex] ?? []);

  await db.transaction(async (tx) => {
    for (const { record: row, info } of parsed.slice(headerIndex + 1)) {
      if (row.every((cell) => cell.trim() === '')) continue;
      report.read += 1;
      const values = rowToLicense(row, columns);
      if (typeof values === 'string') {
        report.rejected.push({ line: info.lines, reason: values });
        continue;
      }
      // Updates only when something differs; xmax = 0 tells a fresh insert from an update.
      const written = await tx
        .insert(licenses)
        .values(values)
        .onConflictDoUpdate({
          target: licenses.licenseNumber,
          set: {
            status: values.status,
            licenseType: values.licenseType,
            legalName: values.legalName,
            dbaName: values.dbaName,
            county: values.county,
            issuedOn: values.issuedOn,
            expiresOn: values.expiresOn,
            importedAt: new Date(),
          },
          setWhere: sql`(${licenses.status}, ${licenses.licenseType}, ${licenses.legalName}, ${licenses.dbaName}, ${licenses.county}, ${licenses.issuedOn}, ${licenses.expiresOn}) IS DISTINCT FROM (excluded.status, excluded.license_type, excluded.legal_name, excluded.dba_name, excluded.county, excluded.issued_on, excluded.expires_on)`,
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      if (written.length === 0) report.unchanged += 1;
      else if (written[0]?.inserted) report.added += 1;
      else report.updated += 1;
    }
  });
  return report;
}
