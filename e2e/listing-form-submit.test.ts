import { LISTING_RULES, LISTING_TOOLS, LISTINGS, type ListingDto } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { type NewListing, newListing, sellerToken, throttleUploads, twoImages } from './support/listings.ts';

// Issue 27 items 12 and 15 (decision 193): a listing form saves once however often it is pressed,
// an upload can be cancelled without leaving anything behind, and a refused submit puts the
// cursor on the first field to fix.

const journey = useJourney();

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** The seller's listings with this title, read from the API (drafts included). */
async function listingsTitled(title: string): Promise<ListingDto[]> {
  const baseUrl = journey.server.baseUrl;
  const response = await fetch(`${baseUrl}/api/listings/my/listings`, {
    headers: { Authorization: `Bearer ${await sellerToken(baseUrl)}` },
  });
  const body = (await response.json()) as { data: { listings: ListingDto[] } };
  return body.data.listings.filter((listing) => listing.title === title);
}

async function sellerOnNewListingForm(): Promise<Page> {
  const page = await journey.newPage();
  await login(page, DEMO.seller.email);
  await waitForPath(page, '/seller');
  await page.goto('/seller/listings/new');
  await page.getByRole('textbox', { name: 'Title', exact: true }).waitFor();
  return page;
}

async function fillListing(page: Page, listing: NewListing) {
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(listing.title);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill(listing.description);
  await page.getByRole('combobox', { name: 'Product type', exact: true }).selectOption(listing.productType);
  await page.getByRole('textbox', { name: 'ZIP code', exact: true }).fill(listing.zipCode);
  await page.getByRole('spinbutton', { name: 'Quantity (lbs)', exact: true }).fill(listing.quantityLbs);
  await page
    .getByRole('spinbutton', { name: 'Asking price ($ per lb)', exact: true })
    .fill(listing.askingPrice);
  await page.getByLabel('Images', { exact: true }).setInputFiles(await twoImages());
}

describe('listing form submissions', () => {
  test('a second press during a slow draft save does nothing: one private draft, no live copy', async () => {
    const listing = newListing();
    const page = await sellerOnNewListingForm();
    await fillListing(page, listing);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/listings') {
        posts.push(request.headers()['idempotency-key'] ?? '');
      }
    });

    const restoreUploads = await throttleUploads(page);
    await button(page, LISTING_TOOLS.saveDraft).click();
    await button(page, LISTING_TOOLS.savingDraft).waitFor();
    // Every way to submit the form again is shut while the draft is saving.
    expect(await button(page, 'Create Listing').isDisabled()).toBe(true);
    expect(await button(page, LISTING_TOOLS.savingDraft).isDisabled()).toBe(true);
    await button(page, 'Create Listing').click({ force: true });
    await page.getByRole('form', { name: 'Create New Listing' }).evaluate((form) => {
      (form as HTMLFormElement).requestSubmit();
    });
    await restoreUploads();

    await waitForPath(page, '/seller');
    await toast(page, LISTING_TOOLS.draftSaved);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatch(/^[0-9a-f]{32}$/);
    const saved = await listingsTitled(listing.title);
    expect(saved.map((row) => ({ is_draft: row.is_draft, is_active: row.is_active }))).toEqual([
      { is_draft: true, is_active: false },
    ]);
  });

  test('Cancel upload aborts the save, creates nothing, and the form can be sent again', async () => {
    const listing = newListing();
    const page = await sellerOnNewListingForm();
    await fillListing(page, listing);

    const restoreUploads = await throttleUploads(page);
    await button(page, 'Create Listing').click();
    await page.getByRole('progressbar', { name: 'Uploading listing' }).waitFor();
    await button(page, LISTING_TOOLS.cancelUpload).click();
    await page.getByText(LISTING_TOOLS.uploadCancelled, { exact: true }).waitFor();
    await restoreUploads();
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(await button(page, 'Create Listing').isDisabled()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/seller/listings/new');
    expect(await listingsTitled(listing.title)).toEqual([]);

    // The same form goes through on the next press, once.
    await button(page, 'Create Listing').click();
    await waitForPath(page, '/seller');
    await toast(page, LISTINGS.created);
    expect((await listingsTitled(listing.title)).length).toBe(1);
  });

  test('a refused submit puts the cursor on the first field to fix', async () => {
    const listing = newListing();
    const page = await sellerOnNewListingForm();
    // The top fields are right; the first wrong one is the ZIP code, further down.
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(listing.title);
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill(listing.description);
    await page.getByRole('combobox', { name: 'Product type', exact: true }).selectOption(listing.productType);
    await page.getByRole('textbox', { name: 'ZIP code', exact: true }).fill('9550');
    await button(page, 'Create Listing').click();
    await toast(page, LISTINGS.fixErrorsAbove);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('zip_code');
    await page.getByText(LISTING_RULES.zipInvalid, { exact: true }).waitFor();
  });
});
