import { LISTING_TOOLS, LISTINGS } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DEMO, login, pathOf } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { createListingThroughApi, newListing } from './support/listings.ts';

// Issue 15's listing tools (decision 165): a draft that stays private until published, reordering
// pictures from the keyboard, the guard for unsaved changes, and one toast for a form the seller
// submits again.

const journey = useJourney();

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
/** Two animation frames: whatever a click queued has been drawn. */
const drawn = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

async function sellerEditing(listingId: string): Promise<Page> {
  const page = await journey.newPage();
  await login(page, DEMO.seller.email);
  await waitForPath(page, '/seller');
  await page
    .getByRole('link', { name: /^Edit / })
    .first()
    .waitFor();
  await page.goto(`/seller/listings/${listingId}/edit`);
  await page.getByRole('heading', { name: 'Edit Listing', exact: true }).waitFor();
  return page;
}

const sectionRow = (page: Page, section: string, title: string) =>
  page.getByRole('region', { name: section, exact: true }).getByRole('row').filter({ hasText: title });

/** A visitor's catalog search for `text`, waiting for the count line its answer shows. */
async function visitorSearch(page: Page, text: string, answer: string) {
  await page.goto(`/products?query=${encodeURIComponent(text)}`);
  await page.getByText(answer, { exact: true }).waitFor();
}

const imageSource = (page: Page, number: number) =>
  page.getByRole('img', { name: `Image ${number}`, exact: true }).getAttribute('src');
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

describe('listing tools', () => {
  test('a draft stays out of the catalog until its seller presses Publish', async () => {
    const listing = newListing();
    const tag = listing.title.split(' ')[2] ?? listing.title;
    const page = await journey.newPage();
    await login(page, DEMO.seller.email);
    await waitForPath(page, '/seller');
    await page.goto('/seller/listings/new');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(listing.title);
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill(listing.description);
    await page.getByRole('combobox', { name: 'Product type', exact: true }).selectOption(listing.productType);
    await page.getByRole('textbox', { name: 'ZIP code', exact: true }).fill(listing.zipCode);
    await page.getByRole('spinbutton', { name: 'Quantity (lbs)', exact: true }).fill(listing.quantityLbs);
    await page
      .getByRole('spinbutton', { name: 'Asking price ($ per lb)', exact: true })
      .fill(listing.askingPrice);
    await page.getByRole('button', { name: LISTING_TOOLS.saveDraft, exact: true }).click();

    // Saved among the drafts, badged, and nowhere a buyer looks.
    await waitForPath(page, '/seller');
    await toast(page, LISTING_TOOLS.draftSaved);
    const draftRow = sectionRow(page, 'Drafts', listing.title);
    await draftRow.getByText(LISTING_TOOLS.draftBadge, { exact: true }).waitFor();
    expect(await sectionRow(page, 'Active Listings', listing.title).count()).toBe(0);
    const editPath = await page
      .getByRole('link', { name: `Edit ${listing.title}`, exact: true })
      .getAttribute('href');
    const id = editPath?.split('/')[3] ?? '';
    expect(editPath).toBe(`/seller/listings/${id}/edit`);

    const visitor = await journey.newPage();
    await visitorSearch(visitor, tag, 'No products found');
    expect((await fetch(`${journey.server.baseUrl}/api/products/${id}`)).status).toBe(404);

    // Publish moves it to the active listings, and the same visitor now finds it.
    await page
      .getByRole('button', { name: `${LISTING_TOOLS.publish} ${listing.title}`, exact: true })
      .click();
    await toast(page, LISTING_TOOLS.published);
    await sectionRow(page, 'Active Listings', listing.title).waitFor();
    expect(await page.getByRole('region', { name: 'Drafts', exact: true }).count()).toBe(0);

    await visitorSearch(visitor, tag, '1 product found');
    await visitor.getByRole('link', { name: listing.title, exact: true }).click();
    await waitForPath(visitor, `/products/${id}`);
    await visitor.getByRole('heading', { name: listing.title, exact: true }).waitFor();
  });

  test('a seller reorders the pictures from the keyboard, hears each move, and the order is saved', async () => {
    const listing = newListing();
    const id = await createListingThroughApi(journey.server.baseUrl, listing);
    const page = await sellerEditing(id);
    const [first, second] = [await imageSource(page, 1), await imageSource(page, 2)];
    expect(first).not.toBe(second);

    // The first picture has no earlier place to go.
    expect(await page.getByRole('button', { name: LISTING_TOOLS.moveEarlier('image 1') }).isDisabled()).toBe(
      true,
    );
    await page.getByRole('button', { name: LISTING_TOOLS.moveLater('image 1'), exact: true }).focus();
    await page.keyboard.press('Enter');

    await page
      .getByText(LISTING_TOOLS.moved('Image 1', 2, 2), { exact: true })
      .waitFor({ state: 'attached' });
    expect(await imageSource(page, 1)).toBe(second);
    expect(await imageSource(page, 2)).toBe(first);
    // Focus stays with the picture that moved: now the last one, so on its "earlier" button.
    expect(await focusedLabel(page)).toBe(LISTING_TOOLS.moveEarlier('image 2'));
    await expectNoSeriousA11yViolations(page);

    // Saved from the keyboard too; a saved form leaves without asking.
    await page.getByRole('button', { name: 'Update Listing', exact: true }).focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/seller');
    await toast(page, LISTINGS.updated);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Opened again, the form shows the saved order, and so does the product page's first picture.
    await page.goto(`/seller/listings/${id}/edit`);
    await page.getByRole('img', { name: 'Image 2', exact: true }).waitFor();
    expect(await imageSource(page, 1)).toBe(second);
    expect(await imageSource(page, 2)).toBe(first);
    const product = (await (await fetch(`${journey.server.baseUrl}/api/products/${id}`)).json()) as {
      product: { images: string[] };
    };
    const fileOf = (url: string | null | undefined) => url?.split('?')[0]?.split('/').pop()?.split('.')[0];
    expect(product.product.images).toHaveLength(2);
    expect(second).toBeTruthy();
    expect(fileOf(product.product.images[0])).not.toBe(fileOf(product.product.images[1]));
  });

  test('leaving a form with unsaved changes asks first; Stay keeps them, a save asks nothing', async () => {
    const listing = newListing();
    const id = await createListingThroughApi(journey.server.baseUrl, listing);
    const page = await sellerEditing(id);
    const title = page.getByRole('textbox', { name: 'Title', exact: true });

    // Nothing changed: Cancel leaves at once.
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await waitForPath(page, '/seller');
    await page.goto(`/seller/listings/${id}/edit`);
    await title.waitFor();
    await expect.poll(() => title.inputValue()).toBe(listing.title);

    const edited = `${listing.title} (reserve)`;
    await title.fill(edited);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: LISTING_TOOLS.unsavedTitle });
    await dialog.waitFor();
    await dialog.getByText(LISTING_TOOLS.unsavedBody, { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: LISTING_TOOLS.stay, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe(`/seller/listings/${id}/edit`);
    expect(await title.inputValue()).toBe(edited);

    // A link in the navigation asks too; Leave goes and drops the edit.
    await page.getByRole('link', { name: 'Browse Products' }).first().click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: LISTING_TOOLS.leave, exact: true }).click();
    await waitForPath(page, '/products');

    // Saved changes leave without a question.
    await page.goto(`/seller/listings/${id}/edit`);
    await expect.poll(() => title.inputValue()).toBe(listing.title);
    await title.fill(edited);
    await page.getByRole('button', { name: 'Update Listing', exact: true }).click();
    await waitForPath(page, '/seller');
    await toast(page, LISTINGS.updated);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  test('a form submitted again with errors shows one toast, not a stack of them', async () => {
    const page = await journey.newPage();
    await login(page, DEMO.seller.email);
    await waitForPath(page, '/seller');
    await page.goto('/seller/listings/new');
    const submit = page.getByRole('button', { name: 'Create Listing', exact: true });
    await submit.click();
    await toast(page, LISTINGS.fixErrorsAbove);
    await submit.click();
    await drawn(page);
    expect(await page.getByText(LISTINGS.fixErrorsAbove, { exact: true }).count()).toBe(1);
  });
});
