import { LISTING_TOOLS, type ListingDto } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { createListingThroughApi, newListing, sellerToken } from './support/listings.ts';

// Issue 27 item 15 (decision 194): a copy says it is one and can be published from its form, and
// a draft the seller no longer wants can be deleted.

const journey = useJourney();

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const sectionRow = (page: Page, section: string, title: string) =>
  page.getByRole('region', { name: section, exact: true }).getByRole('row').filter({ hasText: title });

async function sellerOnDashboard(): Promise<Page> {
  const page = await journey.newPage();
  await login(page, DEMO.seller.email);
  await waitForPath(page, '/seller');
  await page.getByRole('heading', { name: 'Seller Dashboard', exact: true }).waitFor();
  return page;
}

async function ownListing(id: string): Promise<ListingDto | undefined> {
  const baseUrl = journey.server.baseUrl;
  const response = await fetch(`${baseUrl}/api/listings/my/listings`, {
    headers: { Authorization: `Bearer ${await sellerToken(baseUrl)}` },
  });
  const body = (await response.json()) as { data: { listings: ListingDto[] } };
  return body.data.listings.find((listing) => listing._id === id);
}

describe('drafts and copies', () => {
  test('a duplicate is titled "(copy)" and its form publishes it in one press', async () => {
    const listing = newListing();
    await createListingThroughApi(journey.server.baseUrl, listing);
    const page = await sellerOnDashboard();
    await page
      .getByRole('button', { name: `${LISTING_TOOLS.duplicate} ${listing.title}`, exact: true })
      .first()
      .click();

    await page.getByRole('heading', { name: 'Edit Listing', exact: true }).waitFor();
    const copyTitle = `${listing.title} (copy)`;
    expect(await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe(copyTitle);
    await page.getByRole('button', { name: LISTING_TOOLS.publishDraft, exact: true }).click();

    await waitForPath(page, '/seller');
    await toast(page, LISTING_TOOLS.published);
    await sectionRow(page, 'Active Listings', copyTitle).waitFor();
    expect(await page.getByRole('region', { name: 'Drafts', exact: true }).count()).toBe(0);
  });

  test('a draft is deleted after its seller confirms, and Keep draft keeps it', async () => {
    const listing = newListing();
    const id = await createListingThroughApi(journey.server.baseUrl, listing, { draft: 'true' });
    const page = await sellerOnDashboard();
    const row = sectionRow(page, 'Drafts', listing.title);
    const deleteButton = row.getByRole('button', {
      name: `${LISTING_TOOLS.deleteDraft} ${listing.title}`,
      exact: true,
    });

    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: LISTING_TOOLS.deleteDraftTitle(listing.title) });
    await dialog.getByText(LISTING_TOOLS.deleteDraftBody, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: LISTING_TOOLS.keepDraft, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await ownListing(id))?.is_draft).toBe(true);

    await deleteButton.click();
    await dialog.getByRole('button', { name: LISTING_TOOLS.deleteDraftConfirm, exact: true }).click();
    await toast(page, LISTING_TOOLS.draftDeleted);
    await row.waitFor({ state: 'detached' });
    expect(await ownListing(id)).toBeUndefined();
  });
});
