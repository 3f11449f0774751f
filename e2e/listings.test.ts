import { LISTING_RULES, LISTINGS, PRODUCTS } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DEMO, login, pathOf } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { createListingThroughApi, newListing, throttleUploads, twoImages } from './support/listings.ts';

const journey = useJourney();

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** The seller, signed in, on the Seller Dashboard (where sign-in sends a seller). */
async function sellerOnDashboard(): Promise<Page> {
  const page = await journey.newPage();
  await login(page, DEMO.seller.email);
  await waitForPath(page, '/seller');
  await page.getByRole('heading', { name: 'Seller Dashboard', exact: true }).waitFor();
  return page;
}

const activeRow = (page: Page, title: string) =>
  page
    .getByRole('region', { name: 'Active Listings', exact: true })
    .getByRole('row')
    .filter({ hasText: title });
const archivedRow = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Archived', exact: true }).getByRole('row').filter({ hasText: title });

/** Searches the catalog for `text` and waits for the count the search box's answer shows. */
async function searchCatalog(page: Page, text: string, expectedCount: string) {
  await page.goto('/products');
  await page.getByRole('searchbox', { name: 'Search products' }).fill(text);
  await page.getByText(expectedCount, { exact: true }).waitFor();
}

describe('listings', () => {
  test('a seller creates a listing with two images through the form, watching the upload progress', async () => {
    const listing = newListing();
    const page = await sellerOnDashboard();
    await page.getByText(`Welcome back, ${DEMO.seller.businessName}`, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Create New Listing', exact: true }).click();
    await waitForPath(page, '/seller/listings/new');
    await page.getByRole('heading', { name: 'Create New Listing', exact: true }).waitFor();

    // An empty form is refused in the browser with the shared schema's texts.
    await page.getByRole('button', { name: 'Create Listing', exact: true }).click();
    await toast(page, LISTINGS.fixErrorsAbove);
    await page.getByText(LISTING_RULES.titleRequired, { exact: true }).waitFor();
    await page.getByText(LISTING_RULES.zipRequired, { exact: true }).waitFor();
    expect(pathOf(page)).toBe('/seller/listings/new');

    // AI Enhance needs text first: with both fields empty, both buttons are disabled.
    expect(await page.getByRole('button', { name: 'AI Enhance title' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'AI Enhance description' }).isDisabled()).toBe(true);

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(listing.title);
    await page.getByText(`${listing.title.length}/100`, { exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill(listing.description);
    await page.getByRole('combobox', { name: 'Product type', exact: true }).selectOption(listing.productType);
    await page.getByRole('textbox', { name: 'Strain', exact: true }).fill(listing.strain);
    await page.getByRole('spinbutton', { name: 'THC %', exact: true }).fill('22.5');
    await page.getByRole('spinbutton', { name: 'CBD %', exact: true }).fill('0.4');
    await page.getByRole('textbox', { name: 'ZIP code', exact: true }).fill(listing.zipCode);
    await page.getByRole('spinbutton', { name: 'Quantity (lbs)', exact: true }).fill(listing.quantityLbs);

    // "Make me an offer" hides the price and locks negotiable on; unticking brings the price back.
    const price = page.getByRole('spinbutton', { name: 'Asking price ($ per lb)', exact: true });
    const negotiable = page.getByRole('checkbox', { name: 'Price is negotiable', exact: true });
    await page.getByRole('checkbox', { name: 'Make me an offer', exact: true }).check();
    await price.waitFor({ state: 'detached' });
    expect(await negotiable.isChecked()).toBe(true);
    expect(await negotiable.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Make me an offer', exact: true }).uncheck();
    await price.fill(listing.askingPrice);
    await negotiable.check();

    await page.getByRole('checkbox', { name: 'Lab tested', exact: true }).check();
    await page
      .getByRole('textbox', { name: 'Test results link', exact: true })
      .fill('https://labs.example.com/coa/1');
    await page.getByLabel('Images', { exact: true }).setInputFiles(await twoImages());
    await page.getByRole('img', { name: 'Image 1', exact: true }).waitFor();
    await page.getByRole('img', { name: 'Image 2', exact: true }).waitFor();
    await page
      .getByText('All listings must comply with California cannabis regulations.', { exact: false })
      .waitFor();

    // A slowed upload keeps the progress bar and the busy buttons on screen long enough to see.
    const restoreUploads = await throttleUploads(page);
    await page.getByRole('button', { name: 'Create Listing', exact: true }).click();
    const progress = page.getByRole('progressbar', { name: 'Uploading listing' });
    await progress.waitFor();
    await page.getByRole('button', { name: 'Creating...', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel', exact: true }).isDisabled()).toBe(true);
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await restoreUploads();

    // Success closes the form and the list reloads with the new listing.
    await waitForPath(page, '/seller');
    await toast(page, LISTINGS.created);
    const row = activeRow(page, listing.title);
    await row.waitFor();
    const rowText = await row.innerText();
    for (const expected of [
      'Tested',
      listing.productType,
      '12.5 lbs',
      listing.zipCode,
      '$1,400.00 (negotiable)',
    ]) {
      expect(rowText).toContain(expected);
    }
    // The thumbnail carries the version query that keeps an edited listing from showing a cached picture.
    expect(await row.locator('img').first().getAttribute('src')).toMatch(/\?v=\d+$/);

    // Buyers find it in the catalog, by search and by category.
    const tag = listing.title.split(' ')[2] ?? listing.title;
    await searchCatalog(page, tag, '1 product found');
    expect(new URL(page.url()).searchParams.get('query')).toBe(tag);
    await page.getByRole('link', { name: listing.title, exact: true }).waitFor();

    await page.getByRole('button', { name: 'Clear Filters', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/products' && url.search === '');
    await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption('flower');
    await page.waitForURL((url) => url.searchParams.get('category') === 'flower');
    // Newest first, so the listing just made leads the flower category.
    await page.getByRole('link', { name: listing.title, exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption('edible');
    await page.waitForURL((url) => url.searchParams.get('category') === 'edible');
    await page.getByRole('link', { name: listing.title, exact: true }).waitFor({ state: 'detached' });

    // The filters live in the address: a reload and Back restore them.
    await page.reload();
    expect(await page.getByRole('combobox', { name: 'Category', exact: true }).inputValue()).toBe('edible');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('category') === 'flower');
    expect(await page.getByRole('combobox', { name: 'Category', exact: true }).inputValue()).toBe('flower');
    await page.getByRole('link', { name: listing.title, exact: true }).waitFor();
  });

  test('a seller edits a listing, archives it out of the catalog and relists it', async () => {
    const listing = newListing();
    const productId = await createListingThroughApi(journey.server.baseUrl, listing);
    const page = await sellerOnDashboard();
    await activeRow(page, listing.title).waitFor();

    // Cancel leaves edit mode without saving.
    await page.getByRole('link', { name: `Edit ${listing.title}`, exact: true }).click();
    await waitForPath(page, `/seller/listings/${productId}/edit`);
    await page.getByRole('heading', { name: 'Edit Listing', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await waitForPath(page, '/seller');

    await page.getByRole('link', { name: `Edit ${listing.title}`, exact: true }).click();
    await page.getByRole('heading', { name: 'Edit Listing', exact: true }).waitFor();
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    expect(await title.inputValue()).toBe(listing.title);
    const productType = page.getByRole('combobox', { name: 'Product type', exact: true });
    await expect.poll(() => productType.inputValue()).toBe(listing.productType);

    // The current images are shown; removing one sends it in remove_images.
    await page.getByRole('img', { name: 'Image 2', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Remove image 1', exact: true }).click();
    await page.getByRole('img', { name: 'Image 2', exact: true }).waitFor({ state: 'detached' });

    const newTitle = `${listing.title} reserve`;
    await title.fill(newTitle);
    await page.getByRole('checkbox', { name: 'Make me an offer', exact: true }).check();
    await page.getByRole('button', { name: 'Update Listing', exact: true }).click();
    await waitForPath(page, '/seller');
    await toast(page, LISTINGS.updated);
    await activeRow(page, newTitle).getByText('Accepting offers', { exact: true }).waitFor();

    await page.goto(`/products/${productId}`);
    await page.getByRole('heading', { name: newTitle, exact: true }).waitFor();
    await page.getByText('Photo 1 of 1', { exact: true }).waitFor();

    // Archive: no confirmation, SPEC's toast, the Archived section, and gone from the catalog.
    await page.goto('/seller');
    await page.getByRole('button', { name: `Archive ${newTitle}`, exact: true }).click();
    await toast(page, LISTINGS.archived);
    await archivedRow(page, newTitle).getByText('Archived', { exact: true }).waitFor();
    await activeRow(page, newTitle).waitFor({ state: 'detached' });

    const tag = listing.title.split(' ')[2] ?? listing.title;
    await searchCatalog(page, tag, '0 products found');
    await page.getByText('No products found', { exact: true }).waitFor();
    await page.goto(`/products/${productId}`);
    await page.getByText(PRODUCTS.notFound, { exact: true }).first().waitFor();

    // Relist brings it back to the dashboard's active rows and to the catalog.
    await page.goto('/seller');
    await page.getByRole('button', { name: `Relist ${newTitle}`, exact: true }).click();
    await toast(page, LISTINGS.relisted);
    await activeRow(page, newTitle).waitFor();
    await searchCatalog(page, tag, '1 product found');
    await page.getByRole('link', { name: newTitle, exact: true }).waitFor();
  });

  test('on a phone the dashboard shows cards instead of the table', async () => {
    const page = await sellerOnDashboard();
    await page.setViewportSize({ width: 360, height: 800 });
    const cards = page.getByRole('list', { name: 'Active listings', exact: true });
    await cards.waitFor();
    expect(await cards.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await page.getByRole('table', { name: 'Active listings' }).isVisible()).toBe(false);
    for (const stat of ['Active Listings', 'Total Views', 'Archived']) {
      await page.getByRole('term').filter({ hasText: stat }).first().waitFor();
    }
  });

  test('the Seller Dashboard and the listing form have no serious axe violations', async () => {
    const page = await sellerOnDashboard();
    // Not networkidle: a signed-in page keeps its live message stream open.
    await page.getByRole('region', { name: 'Active Listings' }).getByRole('row').nth(1).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Create New Listing', exact: true }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create Listing', exact: true }).click();
    await page.getByText(LISTING_RULES.titleRequired, { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});
