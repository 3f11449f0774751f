import { readFile } from 'node:fs/promises';
import { ADMIN } from '@canopy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenses } from '../src/db/schema/index.ts';
import { classifyLicenseNumber } from '../src/modules/licenses/license-format.ts';
import { nameMatchLevel, nameSimilarity } from '../src/modules/licenses/name-match.ts';
import { importRegistryCsv, parseRegistryDate } from '../src/modules/licenses/registry-import.ts';
import { licenseVerdict, UNKNOWN_FORMAT_WARNING } from '../src/modules/licenses/verdict.ts';
import { SAMPLE_REGISTRY_CSV } from '../src/seed/demo.ts';
import { insertUser } from '../src/seed/factories.ts';
import { bearer, createTestApp, json, type TestApp, userWithToken } from './support/test-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('license number formats', () => {
  it.each([
    ['C11-0000123-LIC', 'Distributor (C11)'],
    ['c10-0000456-lic', 'Retailer (C10)'],
    ['C8-0000042-LIC', 'Testing laboratory (C8)'],
    ['CCL21-0001234', 'Cultivation (CCL)'],
    ['CDPH-10004321', 'Manufacturing (CDPH)'],
    ['DCC-10004321', 'Manufacturing (DCC)'],
  ])('recognises %s', (number, kind) => {
    expect(classifyLicenseNumber(number)).toMatchObject({ recognised: true, kind });
  });

  it.each(['C15-0000123-LIC', 'C11-123-LIC', 'ABC', 'CCL21-12345', ''])('flags %s as unknown', (number) => {
    expect(classifyLicenseNumber(number)).toMatchObject({ recognised: false, kind: null });
  });
});

describe('business name matching', () => {
  it.each([
    ['Emerald Ridge Farms', 'Emerald Ridge Farms LLC', 'exact'],
    ['Bay Bridge Logistics', 'Bay Bridge Logistics, Inc.', 'exact'],
    ['Golden Coast Dispensary', 'Golden Coast Retail Inc.', 'partial'],
    ['Pacific Extracts & Co', 'Pacific Extracts Corporation', 'exact'],
    ['North Star Botanicals Group', 'North Star Botanicals', 'close'],
    ['Totally Different', 'Emerald Ridge Farms LLC', 'none'],
  ])('"%s" against "%s" is %s', (a, b, level) => {
    expect(nameMatchLevel(nameSimilarity(a, b))).toBe(level);
  });
});

describe('registry dates', () => {
  it.each([
    ['2025-01-31', '2025-01-31'],
    ['01/31/2025', '2025-01-31'],
    ['1/5/25', '2025-01-05'],
    ['', null],
    ['2025-02-30', 'invalid'],
    ['next tuesday', 'invalid'],
  ])('reads %s as %s', (text, expected) => {
    expect(parseRegistryDate(text)).toBe(expected);
  });
});

describe('importing a registry export', () => {
  it('loads the sample, and a second import changes nothing', async () => {
    const csv = await readFile(SAMPLE_REGISTRY_CSV, 'utf8');
    const first = await importRegistryCsv(test.db, csv);
    expect(first).toEqual({ read: 10, added: 10, updated: 0, unchanged: 0, rejected: [] });
    const second = await importRegistryCsv(test.db, csv);
    expect(second).toEqual({ read: 10, added: 0, updated: 0, unchanged: 10, rejected: [] });
  });

  it('copes with reordered and renamed columns, blank lines, quoted commas, duplicates and bad rows', async () => {
    const messy = [
      '\uFEFFExpiration Date,Premises County,DBA,License No.,Status,Legal Name,Type,Issue Date',
      '',
      '12/31/2027,Kern,"Sun, Soil & Sky",c11-0005000-lic,Active,"Sun, Soil and Sky, LLC",Distributor,01/01/2022',
      ',,,,,,,',
      '12/31/2027,Kern,"Sun, Soil & Sky",C11-0005000-LIC,Active,"Sun, Soil and Sky, LLC",Distributor,01/01/2022',
      '2027-13-01,Yolo,,C10-0005001-LIC,Active,Bad Date Retail,Retail,2022-01-01',
      '2028-01-01,Yolo,,,Active,No Number Inc,Retail,2022-01-01',
      '2028-06-30,Kern,"Sun, Soil & Sky",C11-0005000-LIC,Surrendered,"Sun, Soil and Sky, LLC",Distributor,2022-01-01',
    ].join('\r\n');
    const report = await importRegistryCsv(test.db, messy);
    expect(report).toEqual({
      read: 5,
      added: 1,
      unchanged: 1,
      updated: 1,
      rejected: [
        { line: 6, reason: 'unreadable expiration date "2027-13-01"' },
        { line: 7, reason: 'missing license number' },
      ],
    });
    const rows = await test.db.select().from(licenses);
    const sun = rows.find((row) => row.licenseNumber === 'C11-0005000-LIC');
    expect(sun).toMatchObject({
      legalName: 'Sun, Soil and Sky, LLC',
      dbaName: 'Sun, Soil & Sky',
      county: 'Kern',
      status: 'Surrendered',
      issuedOn: '2022-01-01',
      expiresOn: '2028-06-30',
    });
    expect(rows.some((row) => row.licenseNumber === 'C10-0005001-LIC')).toBe(false);
  });

  it('refuses a file without a license number column and writes nothing', async () => {
    const before = (await test.db.select().from(licenses)).length;
    await expect(importRegistryCsv(test.db, 'name,city\nA,B\n')).rejects.toThrow('No license number column');
    expect((await test.db.select().from(licenses)).length).toBe(before);
  });
});

describe('license verdicts', () => {
  it('reports found, status, expiry and the name match', async () => {
    await importRegistryCsv(test.db, await readFile(SAMPLE_REGISTRY_CSV, 'utf8'));
    const verdict = await licenseVerdict(
      test.db,
      { licenseNumber: ' ccl21-0001234 ', businessName: 'Emerald Ridge Farms' },
      '2026-11-21',
    );
    expect(verdict).toEqual({
      licenseNumber: 'CCL21-0001234',
      format: { recognised: true, kind: 'Cultivation (CCL)', warning: null },
      registry: {
        found: true,
        status: 'Active',
        active: true,
        licenseType: 'Adult-Use - Medium Outdoor',
        legalName: 'Emerald Ridge Farms LLC',
        dbaName: 'Emerald Ridge',
        county: 'Humboldt',
        issuedOn: '2021-03-15',
        expiresOn: '2027-03-14',
        expired: false,
        nameMatch: { score: 1, level: 'exact', matchedOn: 'legal' },
      },
      duplicates: [],
    });
    const expired = await licenseVerdict(
      test.db,
      { licenseNumber: 'C11-0000777-LIC', businessName: 'Bay Bridge Distro' },
      '2026-11-21',
    );
    expect(expired.registry).toMatchObject({
      found: true,
      active: false,
      expired: true,
      nameMatch: { level: 'exact', matchedOn: 'dba' },
    });
  });

  it('warns about an unknown format and reports a number missing from the registry', async () => {
    const verdict = await licenseVerdict(test.db, { licenseNumber: 'LIC-42', businessName: 'Anything' });
    expect(verdict).toEqual({
      licenseNumber: 'LIC-42',
      format: { recognised: false, kind: null, warning: UNKNOWN_FORMAT_WARNING },
      registry: { found: false },
      duplicates: [],
    });
  });

  it('is part of the admin user details', async () => {
    await importRegistryCsv(test.db, await readFile(SAMPLE_REGISTRY_CSV, 'utf8'));
    const seller = await insertUser(test.db, {
      role: 'seller',
      status: 'pending',
      licenseNumber: 'CCL23-0009876',
      businessName: 'Sierra Sun Growers',
    });
    const { token } = await userWithToken(test, { role: 'admin' });
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/admin/users/${seller.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const body = json<{
      data: { user: { _id: string }; license: { registry: { found: boolean; status: string } } };
    }>(response);
    expect(body.data.user._id).toBe(seller.id);
    expect(body.data.license.registry).toMatchObject({ found: true, status: 'Active' });

    const missing = await test.app.inject({
      method: 'GET',
      url: '/api/admin/users/00000000-0000-7000-8000-000000000000',
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
    expect(json(missing).error).toBe(ADMIN.userNotFound);
    const { token: sellerToken } = await userWithToken(test, { role: 'seller' });
    expect(
      (
        await test.app.inject({
          method: 'GET',
          url: `/api/admin/users/${seller.id}`,
          headers: bearer(sellerToken),
        })
      ).statusCode,
    ).toBe(403);
  });
});
