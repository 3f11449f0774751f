import { californiaToday, type ListingDto, STATE_RECORD } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { smallPdf } from './support/files.ts';
import { createListingThroughApi, newListing, sellerToken, twoImages } from './support/listings.ts';

// Issue 23 item 1 (decisions 211–213): the seller fills the lot's state record on the listing
// form (a bad package UID is refused beside its field), and the product page shows the COA facts
// and the seller's license number, as the storefront does.

const journey = useJourney();

const DEMO_SELLER_LICENSE = 'CCL21-0001234';
const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function listingTitled(title: string): Promise<ListingDto | undefined> {
  const baseUrl = journey.server.baseUrl;
  const response = await fetch(`${baseUrl}/api/listings/my/listings`, {
    headers: { Authorization: `Bearer ${await sellerToken(baseUrl)}` },
  });
  const body = (await response.json()) as { data: { listings: ListingDto[] } };
  return body.data.listings.find((listing) => listing.title === title);
}

describe('a lot with its state record', () => {
  test('the seller lists a lot with batch, package UIDs and a COA; buyers see the COA and the license number', async () => {
    const listing = newListing();
    const uids = ['1A4060300002EE1000077001', '1A4060300002EE1000077002'];
    const testedAt = californiaToday();
    const page = await journey.newPage();
    await login(page, DEMO.seller.email);
    await page.waitForURL((url) => url.pathname === '/seller');
    await page.goto('/seller/listings/new');

    await textbox(page, 'Title').fill(listing.title);
    await textbox(page, 'Description').fill(listing.description);
    await page.getByRole('combobox', { name: 'Product type', exact: true }).selectOption(listing.productType);
    await textbox(page, 'ZIP code').fill(listing.zipCode);
    await page.getByRole('spinbutton', { name: 'Quantity (lbs)', exact: true }).fill(listing.quantityLbs);
    await page
      .getByRole('spinbutton', { name: 'Asking price ($ per lb)', exact: true })
      .fill(listing.askingPrice);
    await page.getByLabel('Images', { exact: true }).setInputFiles(await twoImages());

    await page.getByRole('group', { name: STATE_RECORD.sectionTitle }).waitFor();
    await textbox(page, STATE_RECORD.batchLabel).fill('ER-2026-031');
    // A tag typed short is refused beside its own field, and nothing is sent.
    await textbox(page, STATE_RECORD.packageUidLabel(1)).fill('1A40603');
    await page.getByRole('button', { name: 'Create Listing', exact: true }).click();
    const uidField = textbox(page, STATE_RECORD.packageUidLabel(1));
    await page.getByText(STATE_RECORD.packageUidInvalid('1A40603'), { exact: true }).waitFor();
    expect(await uidField.getAttribute('aria-invalid')).toBe('true');
    expect(await listingTitled(listing.title)).toBeUndefined();

    await uidField.fill(uids[0] ?? '');
    await page.getByRole('button', { name: STATE_RECORD.addPackageUid, exact: true }).click();
    // Typed in lower case: saved as Metrc prints it.
    await textbox(page, STATE_RECORD.packageUidLabel(2)).fill((uids[1] ?? '').toLowerCase());
    await textbox(page, STATE_RECORD.coaLabNameLabel).fill('SC Labs');
    await textbox(page, STATE_RECORD.coaLabLicenseLabel).fill('C8-0000013-LIC');
    await page.getByLabel(STATE_RECORD.coaTestedAtLabel, { exact: true }).fill(testedAt);
    await page.getByRole('combobox', { name: STATE_RECORD.coaResultLabel, exact: true }).selectOption('pass');
    await page
      .getByLabel('Test results file', { exact: true })
      .setInputFiles({ name: 'coa.pdf', mimeType: 'application/pdf', buffer: smallPdf('COA ER-2026-031') });
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Create Listing', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/seller');

    const saved = await listingTitled(listing.title);
    expect(saved).toMatchObject({
      batch_number: 'ER-2026-031',
      package_uids: uids,
      coa: {
        labName: 'SC Labs',
        labLicenseNumber: 'C8-0000013-LIC',
        testedAt,
        result: 'pass',
        status: 'current',
      },
      tested: true,
      is_active: true,
    });
    expect(saved?.test_upload?.name).toBe('coa.pdf');

    const buyer = await journey.newPage();
    await buyer.goto(`/products/${saved?._id}`);
    await buyer.getByRole('heading', { name: listing.title }).waitFor();
    const record = buyer.getByRole('heading', { name: STATE_RECORD.sectionTitle }).locator('xpath=..');
    for (const text of ['ER-2026-031', ...uids, 'SC Labs', 'C8-0000013-LIC', testedAt, 'Pass']) {
      await record.getByText(text, { exact: true }).waitFor();
    }
    await record.getByText(STATE_RECORD.statusLabels.current, { exact: true }).waitFor();
    const sellerCard = buyer.getByRole('heading', { name: 'Seller information' }).locator('xpath=..');
    await sellerCard.getByText('Lab Tested', { exact: true }).waitFor();
    await sellerCard.getByText(DEMO_SELLER_LICENSE, { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(buyer);

    await buyer.getByRole('link', { name: 'View seller storefront' }).click();
    await buyer.getByRole('heading', { name: 'Emerald Ridge Farms', level: 1 }).waitFor();
    await buyer.getByText(DEMO_SELLER_LICENSE, { exact: true }).waitFor();
  });

  test('the dashboard says why a lot with a failed COA is out of the catalog', async () => {
    const listing = newListing();
    await createListingThroughApi(journey.server.baseUrl, listing, {
      coa_lab_name: 'SC Labs',
      coa_lab_license: 'C8-0000013-LIC',
      coa_tested_at: californiaToday(),
      coa_result: 'fail',
    });
    const page = await journey.newPage();
    await login(page, DEMO.seller.email);
    await page.waitForURL((url) => url.pathname === '/seller');
    const archived = page.getByRole('table', { name: 'Archived listings' });
    const row = archived.getByRole('row').filter({ hasText: listing.title });
    await row.getByText(STATE_RECORD.withheldFailed, { exact: true }).waitFor();
    await row.getByText(STATE_RECORD.statusLabels.failed, { exact: true }).waitFor();
  });
});
