import { mkdir } from 'node:fs/promises';
import { WANTED } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { createListingThroughApi, newListing } from './support/listings.ts';
import { thread } from './support/messaging.ts';

// Issue 25 item 4 (decisions 246-248): a buyer on a phone posts what they are looking for; a
// seller finds it on the Wanted board, answers with one of their lots, and the buyer sees the
// seller's offer under the post and as an offer card in their conversation.

const journey = useJourney();
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/shots';
const PHONE = { width: 390, height: 844 };

async function signedIn(email: string, size?: { width: number; height: number }): Promise<Page> {
  const page = await journey.newPage();
  if (size) await page.setViewportSize(size);
  await login(page, email);
  return page;
}

/** Nothing on the page is wider than the screen. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('wanted posts', () => {
  test('a buyer posts a wanted request, a seller answers it with a lot, and the buyer sees the offer', async () => {
    await mkdir(SHOTS, { recursive: true });
    const { baseUrl } = journey.server;
    const listing = newListing(); // 12.5 lbs at $1,400.00 / lb
    await createListingThroughApi(baseUrl, listing);
    const wanted = `${listing.strain} smalls ${listing.title.split(' ')[2]}`;

    const buyer = await signedIn(DEMO.buyer.email, PHONE);
    await buyer.goto('/wanted');
    await buyer.getByRole('heading', { name: 'My wanted posts', exact: true }).waitFor();
    await buyer.getByText('No wanted posts yet', { exact: true }).waitFor();
    await buyer.getByRole('link', { name: 'Post a wanted request' }).first().click();
    await buyer.getByRole('heading', { name: 'Post a wanted request', exact: true }).waitFor();
    // Refused beside its field before anything is sent.
    await buyer.getByRole('textbox', { name: 'Strain or words', exact: true }).fill(wanted);
    await buyer.getByRole('combobox', { name: 'Category', exact: true }).selectOption('flower');
    await buyer.getByRole('textbox', { name: 'Quantity (lbs)', exact: true }).fill('5');
    await buyer.getByRole('textbox', { name: 'Lowest price per lb', exact: true }).fill('1500');
    await buyer.getByRole('textbox', { name: 'Highest price per lb', exact: true }).fill('1450');
    await buyer.getByRole('button', { name: 'Post request', exact: true }).click();
    await buyer.getByText(WANTED.priceRange, { exact: true }).waitFor();
    await buyer.getByRole('textbox', { name: 'Lowest price per lb', exact: true }).fill('1200');
    await buyer.getByRole('combobox', { name: 'Delivery county', exact: true }).selectOption('Humboldt');
    expect(await scrollsSideways(buyer)).toBe(false);
    await expectNoSeriousA11yViolations(buyer);
    await buyer.screenshot({ path: `${SHOTS}/wanted-post-form-phone.png`, fullPage: true });
    await buyer.getByRole('button', { name: 'Post request', exact: true }).click();
    await buyer.getByText(WANTED.created, { exact: true }).waitFor();
    await buyer.waitForURL((url) => url.pathname === '/wanted');
    const post = buyer.getByRole('article').filter({ hasText: wanted });
    await post.getByText('Flower · 5 lbs · $1,200.00–$1,450.00 · Humboldt', { exact: true }).waitFor();
    await post.getByText('No answers yet.', { exact: true }).waitFor();

    const seller = await signedIn(DEMO.seller.email);
    await seller.waitForURL((url) => url.pathname === '/seller');
    await seller.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wanted' }).click();
    await seller.getByRole('heading', { name: 'Wanted', exact: true }).waitFor();
    await seller.getByRole('searchbox', { name: 'Words', exact: true }).fill(wanted);
    await seller.getByRole('combobox', { name: 'Category', exact: true }).selectOption('flower');
    await seller.getByRole('button', { name: 'Apply filters', exact: true }).click();
    await seller.waitForURL((url) => url.searchParams.get('category') === 'flower');
    const row = seller.getByRole('row').filter({ hasText: wanted });
    await row.getByRole('cell', { name: DEMO.buyer.businessName, exact: true }).waitFor();
    await expectNoSeriousA11yViolations(seller);
    await seller.screenshot({ path: `${SHOTS}/wanted-board-desktop.png`, fullPage: true });

    await row.getByRole('button', { name: `Answer with a lot for "${wanted}"`, exact: true }).click();
    const dialog = seller.getByRole('dialog', { name: 'Answer with a lot' });
    await dialog.getByText(`The buyer is looking for "${wanted}", 5 lbs.`, { exact: true }).waitFor();
    await dialog
      .getByRole('combobox', { name: 'Your lot', exact: true })
      .selectOption({ label: `${listing.title} (12.5 lbs available)` });
    // Picking the lot fills in its asking price; the pounds stay the buyer's.
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Price per lb', exact: true }).inputValue())
      .toBe('1400.00');
    expect(await dialog.getByRole('textbox', { name: 'Quantity (lbs)', exact: true }).inputValue()).toBe('5');
    await dialog.getByRole('textbox', { name: 'Price per lb', exact: true }).fill('1380');
    await dialog.getByRole('textbox', { name: 'Note to the buyer', exact: true }).fill('Cured three weeks.');
    await expectNoSeriousA11yViolations(seller);
    await seller.screenshot({ path: `${SHOTS}/wanted-answer-dialog.png` });
    await dialog.getByRole('button', { name: 'Send offer', exact: true }).click();
    await seller.getByText(WANTED.answered, { exact: true }).waitFor();
    await row.getByText('You answered', { exact: true }).waitFor();
    // On a phone the board is a list of cards, and nothing is wider than the screen.
    await seller.setViewportSize(PHONE);
    await seller.getByText('You answered', { exact: true }).waitFor();
    expect(await scrollsSideways(seller)).toBe(false);
    await seller.screenshot({ path: `${SHOTS}/wanted-board-phone.png`, fullPage: true });

    await buyer.reload();
    const answered = buyer.getByRole('article').filter({ hasText: wanted });
    await answered
      .getByText(`${DEMO.seller.businessName} offers "${listing.title}": 5 lbs at $1,380.00/lb`, {
        exact: true,
      })
      .waitFor();
    await answered.getByText('Offer open', { exact: true }).waitFor();
    expect(await scrollsSideways(buyer)).toBe(false);
    await buyer.screenshot({ path: `${SHOTS}/wanted-my-posts-phone.png`, fullPage: true });
    await answered.getByRole('link', { name: 'Open conversation', exact: true }).click();
    const offer = thread(buyer, DEMO.seller.businessName)
      .getByRole('article', { name: 'Their offer', exact: true })
      .filter({ hasText: listing.title });
    await offer.getByRole('button', { name: 'Accept', exact: true }).waitFor();
    await offer.getByText('Cured three weeks.').waitFor();
    await buyer.screenshot({ path: `${SHOTS}/wanted-offer-in-conversation-phone.png`, fullPage: true });
  });
});
