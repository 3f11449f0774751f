import { DEALS } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { createListingThroughApi, newListing } from './support/listings.ts';
import { conversationRow, LIVE_MS, liveStreamOpened, thread } from './support/messaging.ts';

const journey = useJourney();

const SELLER = DEMO.seller.businessName;
const BUYER = DEMO.buyer.businessName;

/** An offer's card in a thread, found by its heading ("Your offer", "Counter-offer from the seller"…). */
const offerCard = (page: Page, counterpart: string, heading: string) =>
  thread(page, counterpart).getByRole('article', { name: heading, exact: true });

/** The order detail page's status, shown as a badge under its heading. */
async function expectOrderStatus(page: Page, status: string): Promise<void> {
  await page.getByRole('main').getByText(status, { exact: true }).first().waitFor();
}

async function confirmIn(page: Page, dialogTitle: string, button: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('deals', () => {
  test('a buyer offers from the product page, the seller counters in Messages, the buyer accepts, and both take the order to completion', async () => {
    const { baseUrl } = journey.server;
    const listing = newListing(); // 12.5 lbs at $1,400.00 / lb
    const listingId = await createListingThroughApi(baseUrl, listing);

    const seller = await journey.newPage();
    const sellerStream = liveStreamOpened(seller);
    await login(seller, DEMO.seller.email);
    await seller.goto('/messages');
    await sellerStream;

    // The buyer offers from the product page; the form refuses more than the lot holds.
    const buyer = await journey.newPage();
    const buyerStream = liveStreamOpened(buyer);
    await login(buyer, DEMO.buyer.email);
    await buyer.goto(`/products/${listingId}`);
    await buyerStream;
    await buyer.getByRole('button', { name: 'Make an Offer', exact: true }).click();
    const offerForm = buyer.getByRole('dialog', { name: `Offer to ${SELLER}` });
    await offerForm.getByText('Available: 12.5 lbs', { exact: true }).waitFor();
    await offerForm.getByRole('textbox', { name: 'Quantity (lbs)', exact: true }).fill('20');
    await offerForm.getByRole('textbox', { name: 'Price per lb (USD)', exact: true }).fill('1200');
    await offerForm.getByRole('button', { name: 'Send Offer', exact: true }).click();
    await offerForm.getByText(DEALS.notEnoughQuantity, { exact: true }).waitFor();
    await offerForm.getByRole('textbox', { name: 'Quantity (lbs)', exact: true }).fill('10');
    await offerForm.getByText('$12,000.00', { exact: true }).waitFor();
    await offerForm.getByRole('textbox', { name: 'Note', exact: true }).fill('Can you ship to Oakland?');
    await expectNoSeriousA11yViolations(buyer);
    await offerForm.getByRole('button', { name: 'Send Offer', exact: true }).click();
    await buyer.getByText(DEALS.offerSent, { exact: true }).waitFor();
    await offerForm.waitFor({ state: 'hidden' });

    // The seller's dashboard counts the offer waiting for an answer and leads to Messages.
    await conversationRow(seller, BUYER).waitFor({ timeout: LIVE_MS });
    await seller.goto('/seller');
    const deals = seller.getByRole('region', { name: 'Deals' });
    // Open offers first, then orders to fulfil.
    await deals.getByRole('definition').nth(0).getByText('1', { exact: true }).waitFor();
    await deals.getByRole('definition').nth(1).getByText('0', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(seller);
    await deals.getByRole('link', { name: 'View: Open offers', exact: true }).click();

    // In Messages the seller counters at a higher price.
    await conversationRow(seller, BUYER).click();
    const offer = offerCard(seller, BUYER, 'Offer');
    await offer.getByText('$12,000.00', { exact: true }).waitFor();
    await offer.getByText('Can you ship to Oakland?').waitFor();
    await expectNoSeriousA11yViolations(seller);
    await offer.getByRole('button', { name: 'Counter', exact: true }).click();
    const counterForm = seller.getByRole('dialog', { name: 'Counter-offer' });
    const price = counterForm.getByRole('textbox', { name: 'Price per lb (USD)', exact: true });
    expect(await price.inputValue()).toBe('1200.00');
    await price.fill('1300');
    await counterForm.getByText('$13,000.00', { exact: true }).waitFor();
    await counterForm.getByRole('button', { name: 'Send Counter-offer', exact: true }).click();
    await seller.getByText(DEALS.counterSent, { exact: true }).waitFor();
    await counterForm.waitFor({ state: 'hidden' });
    await offer.getByText('Countered', { exact: true }).waitFor({ timeout: LIVE_MS });

    // The buyer accepts the counter-offer in the conversation.
    await buyer.getByRole('link', { name: 'View in Messages', exact: true }).click();
    const counter = offerCard(buyer, SELLER, 'Counter-offer from the seller');
    await counter.getByText('$13,000.00', { exact: true }).waitFor({ timeout: LIVE_MS });
    await offerCard(buyer, SELLER, 'Your offer').getByText('Countered', { exact: true }).waitFor();
    await counter.getByRole('button', { name: 'Accept', exact: true }).click();
    await confirmIn(buyer, 'Accept this offer?', 'Accept and Create Order');
    await buyer.getByText(DEALS.offerAccepted, { exact: true }).waitFor();
    await counter.getByText('Accepted', { exact: true }).waitFor({ timeout: LIVE_MS });
    await offerCard(seller, BUYER, 'Your offer')
      .getByText('Accepted', { exact: true })
      .waitFor({ timeout: LIVE_MS });

    // Both sides see the order; the seller marks it fulfilled.
    await counter.getByRole('link', { name: 'View order', exact: true }).click();
    const heading = buyer.getByRole('heading', { level: 1, name: /^Order CNP-\d{6,}$/ });
    await heading.waitFor();
    const number = (await heading.innerText()).replace('Order ', '');
    await expectOrderStatus(buyer, 'Confirmed');
    await buyer.getByText(SELLER, { exact: true }).first().waitFor();
    await expectNoSeriousA11yViolations(buyer);

    await seller.goto('/seller');
    await seller.getByRole('link', { name: 'View: Orders to fulfil', exact: true }).click();
    await seller.getByRole('heading', { level: 1, name: 'Orders', exact: true }).waitFor();
    expect(
      await seller.getByRole('tab', { name: 'Confirmed', exact: true }).getAttribute('aria-selected'),
    ).toBe('true');
    const row = seller.getByRole('row').filter({ hasText: number });
    await row.getByText(BUYER, { exact: true }).waitFor();
    await row.getByText('$13,000.00', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(seller);
    await row.getByRole('link', { name: number, exact: true }).click();
    await seller.getByRole('heading', { level: 1, name: `Order ${number}`, exact: true }).waitFor();
    await seller.getByRole('button', { name: 'Mark Fulfilled', exact: true }).click();
    await confirmIn(seller, 'Mark this order fulfilled?', 'Mark Fulfilled');
    await seller.getByText(DEALS.orderUpdated('fulfilled'), { exact: true }).waitFor();
    await expectOrderStatus(seller, 'Fulfilled');
    expect(await seller.getByRole('button', { name: 'Cancel Order', exact: true }).count()).toBe(0);

    // The buyer's open order follows live, and the buyer completes it.
    await buyer.getByRole('button', { name: 'Mark Completed', exact: true }).click({ timeout: LIVE_MS });
    await confirmIn(buyer, 'Mark this order completed?', 'Mark Completed');
    await buyer.getByText(DEALS.orderUpdated('completed'), { exact: true }).waitFor();
    const timeline = buyer.getByRole('region', { name: 'Timeline' });
    for (const status of ['Confirmed', 'Fulfilled', 'Completed']) {
      await timeline.getByText(status, { exact: true }).waitFor();
    }

    // On a phone the buyer's orders are cards, under the Completed tab.
    await buyer.setViewportSize({ width: 390, height: 844 });
    await buyer.goto('/orders');
    await buyer.getByRole('tab', { name: 'Completed', exact: true }).click();
    const card = buyer.getByRole('listitem').filter({ hasText: number });
    await card.getByText(listing.title, { exact: true }).waitFor();
    await card.getByText('$13,000.00', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(buyer);

    // 10 of the 12.5 lbs were sold: the product page and the catalog say what is left.
    await buyer.goto(`/products/${listingId}`);
    await buyer.getByText('2.5 lbs', { exact: true }).waitFor();
    await buyer.goto(`/products?query=${encodeURIComponent(listing.title)}`);
    const product = buyer.getByRole('article').filter({ hasText: listing.title });
    await product.getByText('2.5 lbs', { exact: true }).waitFor();
  });
});
