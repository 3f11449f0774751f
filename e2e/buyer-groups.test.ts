import { mkdir } from 'node:fs/promises';
import { BUYER_GROUPS, PRICE_TIERS } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import {
  createListingThroughApi,
  newListing,
  sellerToken,
  updateListingThroughApi,
} from './support/listings.ts';
import { callApi, newVerifiedBuyer, sellerIdOf } from './support/messaging.ts';

// Issue 25 item 1 (decisions 240 to 242): a seller puts a regular buyer in a group with its own
// price on a lot that also has a volume tier; the group's buyer sees "Your price" on the card and
// the product page, a buyer outside the group sees the lot's own prices only.

const journey = useJourney();
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/shots';

async function signedIn(email: string, password?: string): Promise<Page> {
  const page = await journey.newPage();
  await login(page, email, password);
  return page;
}

/** A phone-width look too: the page must not scroll sideways at 390 px. */
async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/groups-${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/groups-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('buyer groups', () => {
  test('a seller sets a group price beside a tier; a group buyer and an outside buyer see different prices', async () => {
    const { baseUrl } = journey.server;
    const listing = newListing(); // 12.5 lbs at $1,400.00 / lb
    const listingId = await createListingThroughApi(baseUrl, listing);
    await updateListingThroughApi(baseUrl, listingId, listing, {
      price_tiers: JSON.stringify([{ fromLbs: 10, pricePerLb: 1300 }]),
    });
    const reserve = newListing();
    const reserveId = await createListingThroughApi(baseUrl, reserve);
    const sellerId = await sellerIdOf(baseUrl, listingId);
    const outsider = await newVerifiedBuyer(journey.server);

    const seller = await signedIn(DEMO.seller.email);
    await seller.waitForURL((url) => url.pathname === '/seller');
    await seller.getByRole('link', { name: 'Buyer groups', exact: true }).click();
    await seller.getByRole('heading', { name: BUYER_GROUPS.pageTitle, exact: true }).waitFor();
    await seller.getByText(BUYER_GROUPS.empty, { exact: true }).waitFor();
    await seller.getByRole('button', { name: BUYER_GROUPS.newGroup, exact: true }).click();
    const form = seller.getByRole('dialog', { name: BUYER_GROUPS.newGroup });
    await form.getByRole('textbox', { name: BUYER_GROUPS.name }).fill('Preferred retailers');
    await form.getByRole('textbox', { name: BUYER_GROUPS.minimum }).fill('2');
    await form.getByRole('combobox', { name: BUYER_GROUPS.terms }).selectOption('net30');
    await form.getByRole('searchbox', { name: BUYER_GROUPS.buyerSearch }).fill('Golden Coast');
    await form
      .getByRole('button', { name: BUYER_GROUPS.addBuyer(DEMO.buyer.businessName), exact: true })
      .click();
    await form
      .getByRole('button', { name: BUYER_GROUPS.removeBuyer(DEMO.buyer.businessName), exact: true })
      .waitFor();
    await expectNoSeriousA11yViolations(seller);
    await form.getByRole('button', { name: BUYER_GROUPS.save, exact: true }).click();
    await seller.getByText(BUYER_GROUPS.created, { exact: true }).waitFor();
    const card = seller.getByRole('listitem').filter({ hasText: 'Preferred retailers' });
    await card.getByText('1 buyer · 0 lots priced · Minimum 2 lbs · Net 30 days', { exact: true }).waitFor();

    await card
      .getByRole('button', { name: BUYER_GROUPS.pricesTitle('Preferred retailers'), exact: true })
      .click();
    const prices = seller.getByRole('dialog', { name: BUYER_GROUPS.pricesTitle('Preferred retailers') });
    await prices
      .getByRole('textbox', { name: BUYER_GROUPS.priceLabel(listing.title), exact: true })
      .fill('1250');
    await prices
      .getByRole('checkbox', { name: BUYER_GROUPS.privateLabel(reserve.title), exact: true })
      .check();
    await prices.getByRole('button', { name: BUYER_GROUPS.savePrices, exact: true }).click();
    await seller.getByText(BUYER_GROUPS.pricesSaved, { exact: true }).waitFor();
    await card.getByText('1 buyer · 1 lot priced · Minimum 2 lbs · Net 30 days', { exact: true }).waitFor();
    expect(
      await callApi<{ data: { privateListingIds: string[] }[] }>(
        baseUrl,
        'GET',
        '/buyer-groups',
        await sellerToken(baseUrl),
      ),
    ).toMatchObject({ data: [{ privateListingIds: [reserveId] }] });
    await shoot(seller, 'seller-page');

    const yourPrice = 'Your price: $1,250.00/lb';
    const member = await signedIn(DEMO.buyer.email);
    await member.goto(`/products?query=${encodeURIComponent(listing.title)}`);
    const memberCard = member.getByRole('article').filter({ hasText: listing.title });
    await memberCard.getByText(yourPrice, { exact: true }).waitFor();
    await member.goto(`/products/${listingId}`);
    await member.getByRole('heading', { name: listing.title }).waitFor();
    await member.getByText(yourPrice, { exact: false }).waitFor();
    await member.getByText('(your group price)', { exact: true }).waitFor();
    await member.getByText('From 10 lbs — $1,300.00/lb', { exact: true }).waitFor();
    expect(await member.getByRole('list', { name: PRICE_TIERS.sectionTitle }).count()).toBe(1);
    await shoot(member, 'member-product');
    // The private lot is on the seller's storefront for the group only.
    await member.goto(`/sellers/${sellerId}`);
    const shelf = member.getByRole('region', { name: BUYER_GROUPS.privateLot });
    await shelf.getByRole('link', { name: reserve.title }).waitFor();
    await shoot(member, 'member-storefront');
    await member.goto(`/products/${listingId}`);
    await member.getByRole('heading', { name: listing.title }).waitFor();
    // The offer form starts from the group price, the lower than the tier the whole lot reaches.
    await member.getByRole('button', { name: 'Make an Offer', exact: true }).click();
    const offer = member.getByRole('dialog', { name: `Offer to ${DEMO.seller.businessName}` });
    expect(await offer.getByRole('textbox', { name: 'Price per lb (USD)', exact: true }).inputValue()).toBe(
      '1250.00',
    );
    // …and from the group's payment terms.
    expect(await offer.getByRole('combobox', { name: 'Payment terms' }).inputValue()).toBe('net30');

    const other = await signedIn(outsider.email, outsider.password);
    await other.goto(`/products?query=${encodeURIComponent(listing.title)}`);
    const otherCard = other.getByRole('article').filter({ hasText: listing.title });
    await otherCard.getByText('$1,400.00 / lb', { exact: false }).waitFor();
    expect(await otherCard.getByText('Your price', { exact: false }).count()).toBe(0);
    await other.goto(`/products/${listingId}`);
    await other.getByRole('heading', { name: listing.title }).waitFor();
    await other.getByText('From 10 lbs — $1,300.00/lb', { exact: true }).waitFor();
    expect(await other.getByText('Your price', { exact: false }).count()).toBe(0);
    expect(await other.content()).not.toContain('1,250');
    await shoot(other, 'outsider-product');
    await other.goto(`/sellers/${sellerId}`);
    await other.getByRole('heading', { name: `Products from ${DEMO.seller.businessName}` }).waitFor();
    await other.getByRole('article').filter({ hasText: listing.title }).waitFor();
    expect(await other.getByRole('region', { name: BUYER_GROUPS.privateLot }).count()).toBe(0);
    expect(await other.getByText(reserve.title).count()).toBe(0);
  });
});
