import { LISTING_RULES, LOT_IMPORT } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';

// Issue 24 item 3: a seller imports a CSV of 50 lots from the Seller Dashboard. The check finds two
// bad rows and names their lines and columns; the fixed file is checked again and applied, and the
// 50 lots are then listed on the dashboard.

const journey = useJourney();

const HEADER = 'external_sku,title,description,product_type,zip_code,quantity_lbs,make_offer,asking_price';

/** 50 lots; `broken` leaves line 12's title too short and line 30's ZIP four digits long. */
function lotsCsv(broken: boolean): string {
  const rows = Array.from({ length: 50 }, (_, index) => {
    const n = String(index + 1).padStart(2, '0');
    const line = index + 2;
    const title = broken && line === 12 ? 'ab' : `Imported lot ${n}`;
    const zip = broken && line === 30 ? '9550' : '95501';
    return `"IMP-${n}","${title}","Sun-grown flower, ""lot ${n}"", cured four weeks.","Flower - Indoor","${zip}","${index + 1}","false","${900 + index}"`;
  });
  return `${[HEADER, ...rows].join('\r\n')}\r\n`;
}

const chooseFile = (page: Page, text: string) =>
  page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'lots.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

describe('bulk import of lots', () => {
  test('a seller checks a file with two bad rows, fixes it, applies it and sees the lots listed', async () => {
    const page = await journey.newPage();
    await login(page, DEMO.seller.email);
    await page.goto('/seller');
    await page.getByRole('link', { name: 'Import lots', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/import');
    await page.getByText(LOT_IMPORT.templateNote, { exact: true }).waitFor();

    await chooseFile(page, lotsCsv(true));
    await page.getByRole('button', { name: 'Check file', exact: true }).click();
    await page.getByText('50 rows: 48 to create, 0 to update, 0 unchanged', { exact: true }).waitFor();
    const errors = page.getByRole('table', { name: 'Errors by line and column' });
    await errors.getByRole('row').nth(2).waitFor();
    const cells = await errors
      .getByRole('row')
      .evaluateAll((rows) =>
        rows
          .slice(1)
          .map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent?.trim())),
      );
    expect(cells).toEqual([
      ['12', 'title', LISTING_RULES.titleTooShort],
      ['30', 'zip_code', LISTING_RULES.zipInvalid],
    ]);
    expect(await page.getByRole('button', { name: 'Apply', exact: true }).isDisabled()).toBe(true);

    await chooseFile(page, lotsCsv(false));
    await page.getByRole('button', { name: 'Check file', exact: true }).click();
    await page.getByText('50 rows: 50 to create, 0 to update, 0 unchanged', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByText('Import applied: 50 created, 0 updated, 0 unchanged', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Download report', exact: true }).waitFor();

    await page.getByRole('link', { name: 'Back to Seller Dashboard', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/seller');
    for (const title of ['Imported lot 01', 'Imported lot 12', 'Imported lot 30', 'Imported lot 50']) {
      await page.getByText(title, { exact: true }).first().waitFor();
    }
  });
});
