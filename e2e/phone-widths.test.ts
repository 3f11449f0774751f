import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { acceptThroughApi, offerThroughApi } from './support/deals.ts';
import { createListingThroughApi, newListing } from './support/listings.ts';
import { apiToken, contactThroughApi } from './support/messaging.ts';

// Issue 27 item 11: every main page fits a 360 px phone, with no sideways scroll. The data holds
// what stretched pages before: the newest lot with a long unbroken title (the home hero, the
// catalog, its product page, the seller's rows, a conversation), and an order worth $12,650
// (the admin's money figure).

const journey = useJourney();
const PHONE = { width: 360, height: 780 };
const LONG_TITLE = `Redwood${'Haze'.repeat(23)}`;

let longListingId = '';

beforeAll(async () => {
  const { baseUrl } = journey.server;
  longListingId = await createListingThroughApi(baseUrl, { ...newListing(), title: LONG_TITLE });
  const buyerToken = await apiToken(baseUrl, DEMO.buyer.email);
  await contactThroughApi(baseUrl, buyerToken, longListingId, 'Is the whole lot available?');
  const offer = await offerThroughApi(baseUrl, buyerToken, {
    listingId: longListingId,
    quantityLbs: 10,
    pricePerLb: 1265,
  });
  await acceptThroughApi(baseUrl, await apiToken(baseUrl, DEMO.seller.email), offer._id);
});

async function phonePage(): Promise<Page> {
  const page = await journey.newPage();
  await page.setViewportSize(PHONE);
  return page;
}

/**
 * How far the page reaches past the screen's right edge, in px, and the elements that stick out
 * most (for the failure message); 0 when the page fits.
 */
async function overflow(page: Page): Promise<{ by: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const by = document.documentElement.scrollWidth - width;
    const culprits = Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 4)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} “${element.textContent?.slice(0, 40)}”`,
      );
    return { by, culprits };
  });
}

type Walk = [path: string, ready: (page: Page) => Promise<void>][];

/**
 * Opens each page, waits for its content and the network to settle, and names every page that is
 * wider than the screen (all of them, not just the first).
 */
async function expectAllFit(page: Page, walk: Walk) {
  const tooWide: string[] = [];
  for (const [path, ready] of walk) {
    await page.goto(path);
    await ready(page);
    // Signed in, the live message stream keeps the network busy: a moment lets late parts settle.
    await page.waitForTimeout(300);
    const { by, culprits } = await overflow(page);
    if (by > 0) tooWide.push(`${path} is ${by} px too wide: ${culprits.join(' | ')}`);
  }
  expect(tooWide).toEqual([]);
}

const heading = (name: string) => async (page: Page) => {
  await page.getByRole('heading', { name, exact: true }).first().waitFor();
};

describe('at 360 px every main page fits the screen', () => {
  test('the public pages, with the long-titled newest lot', async () => {
    await expectAllFit(await phonePage(), [
      ['/', async (page) => page.getByRole('region', { name: 'Newest lot' }).getByText(LONG_TITLE).waitFor()],
      [
        '/products',
        async (page) => page.getByRole('article').filter({ hasText: LONG_TITLE }).first().waitFor(),
      ],
      [`/products/${longListingId}`, heading(LONG_TITLE)],
      ['/login', heading('Sign in to Canopy')],
      ['/register?type=buyer', heading('Create a buyer account')],
    ]);
  });

  test('the seller’s dashboard, listing form, messages and profile', async () => {
    const page = await phonePage();
    await login(page, DEMO.seller.email);
    await expectAllFit(page, [
      ['/seller', async (seller) => seller.getByText(LONG_TITLE).first().waitFor()],
      ['/seller/listings/new', heading('Create New Listing')],
      ['/messages', async (seller) => seller.getByText(LONG_TITLE, { exact: false }).first().waitFor()],
      ['/profile', heading('Profile Settings')],
      ['/company', heading('Members')],
      ['/accept-invitation?token=unused', heading('Join your team on Canopy')],
    ]);
  });

  test('the header keeps one row, and its menu holds the rest of the navigation', async () => {
    const page = await phonePage();
    await login(page, DEMO.buyer.email);
    // Sign-in goes on through /dashboard to /products; a change of address closes the menu.
    await page.waitForURL((url) => url.pathname === '/products');
    const header = page.locator('header');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: /^Messages/ }).waitFor();
    // One row of 36 px controls in 12 px padding; a wrapped bar was three rows, over 120 px.
    expect(await header.evaluate((element) => element.getBoundingClientRect().height)).toBeLessThanOrEqual(
      64,
    );

    await nav.getByRole('button', { name: 'Menu', exact: true }).click();
    await nav.getByText('License Verified', { exact: true }).waitFor();
    await nav.getByRole('button', { name: DEMO.buyer.businessName, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Profile', exact: true }).click();
    await page.getByRole('heading', { name: 'Profile Settings', exact: true }).waitFor();
    // Following a link closes the menu.
    expect(await nav.getByRole('link', { name: 'Browse Products', exact: true }).count()).toBe(0);
  });

  test('the buyer’s messages and profile', async () => {
    const page = await phonePage();
    await login(page, DEMO.buyer.email);
    await expectAllFit(page, [
      ['/messages', async (buyer) => buyer.getByText(LONG_TITLE, { exact: false }).first().waitFor()],
      ['/profile', heading('Profile Settings')],
    ]);
  });

  test('the admin overview, with its money figure, and each admin tab', async () => {
    const page = await phonePage();
    await login(page, DEMO.admin.email);
    await expectAllFit(page, [
      ['/admin', async (admin) => admin.getByText('$12,650.00', { exact: true }).waitFor()],
      ['/admin?tab=users', async (admin) => admin.getByText(DEMO.buyer.email).first().waitFor()],
      ['/admin?tab=listings', async (admin) => admin.getByText(LONG_TITLE).first().waitFor()],
      [
        '/admin?tab=audit',
        async (admin) =>
          admin
            .getByText(/^Made an offer: /)
            .first()
            .waitFor(),
      ],
    ]);
  });
});
