import { WATCHLIST } from '@canopy/shared';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DEMO, login, pathOf } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { acceptThroughApi, offerThroughApi } from './support/deals.ts';
import { createListingThroughApi, newListing, sellerToken } from './support/listings.ts';
import { apiToken, newVerifiedBuyer } from './support/messaging.ts';

// Issue 15, item 3: the heart on cards and the product page, the Watchlist page and its notes
// (decisions 155, 156).

const journey = useJourney();

describe('watchlist', () => {
  test('a signed-out visitor’s heart leads to sign-in and back', async () => {
    const { baseUrl } = journey.server;
    const listingId = await createListingThroughApi(baseUrl, newListing());
    const page = await journey.newPage();
    await page.goto(`/products/${listingId}`);
    await page.getByRole('button', { name: WATCHLIST.addLabel, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page)).toBe(`/login?redirect=/products/${listingId}`);
  });

  test('a buyer watches a lot from its card, sees it pressed on the product page, and reads what changed on the Watchlist page', async () => {
    const { baseUrl } = journey.server;
    const listing = newListing(); // 12.5 lbs at $1,400.00 / lb
    const listingId = await createListingThroughApi(baseUrl, listing);
    const buyer = await newVerifiedBuyer(journey.server);

    const page = await journey.newPage();
    await login(page, buyer.email, buyer.password);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Watchlist', exact: true }).click();
    await page.getByText(WATCHLIST.emptyTitle, { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // The heart on the card: a toggle button named after the lot, pressed at once (optimistic).
    await page.goto(`/products?query=${encodeURIComponent(listing.title)}`);
    const addHeart = page.getByRole('button', {
      name: `${WATCHLIST.addLabel}: ${listing.title}`,
      exact: true,
    });
    expect(await addHeart.getAttribute('aria-pressed')).toBe('false');
    await addHeart.click();
    const removeHeart = page.getByRole('button', {
      name: `${WATCHLIST.removeLabel}: ${listing.title}`,
      exact: true,
    });
    await removeHeart.waitFor();
    expect(await removeHeart.getAttribute('aria-pressed')).toBe('true');

    // The product page's button says the same, and the keyboard works it.
    await page.goto(`/products/${listingId}`);
    const pageButton = page.getByRole('button', { name: WATCHLIST.removeLabel, exact: true });
    expect(await pageButton.getAttribute('aria-pressed')).toBe('true');

    // Another buyer's accepted order takes 10 lbs: the nav counts one change, the page says which.
    const sold = await offerThroughApi(baseUrl, await apiToken(baseUrl, DEMO.buyer.email), {
      listingId,
      quantityLbs: 10,
      pricePerLb: 1400,
    });
    await acceptThroughApi(baseUrl, await sellerToken(baseUrl), sold._id);
    await page.goto('/products');
    await nav.getByRole('link', { name: WATCHLIST.navChanged(1), exact: true }).click();
    const notes = page.getByRole('list', { name: 'Changes since you last looked' });
    await notes.getByText('Quantity changed from 12.5 lbs to 2.5 lbs', { exact: true }).waitFor();
    await page.getByRole('link', { name: listing.title, exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
    // Having looked, the count is gone.
    await nav.getByRole('link', { name: 'Watchlist', exact: true }).waitFor();

    // Letting it go by keyboard from the Watchlist page.
    const heart = page.getByRole('button', {
      name: `${WATCHLIST.removeLabel}: ${listing.title}`,
      exact: true,
    });
    await heart.focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('button', { name: `${WATCHLIST.addLabel}: ${listing.title}`, exact: true })
      .waitFor();
    await page.reload();
    await page.getByText(WATCHLIST.emptyTitle, { exact: true }).waitFor();
  });

  test('sellers see no heart and no Watchlist link', async () => {
    const { baseUrl } = journey.server;
    const listingId = await createListingThroughApi(baseUrl, newListing());
    const page = await journey.newPage();
    await login(page, DEMO.seller.email);
    await page.goto(`/products/${listingId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: WATCHLIST.addLabel }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Watchlist' }).count()).toBe(0);
  });
});
