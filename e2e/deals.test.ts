import { DEALS, OFFER_RULES } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { adminOnDashboard, openAdminTab, statValue } from './support/admin.ts';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { acceptThroughApi, offerThroughApi } from './support/deals.ts';
import { createListingThroughApi, newListing, updateListingThroughApi } from './support/listings.ts';
import {
  apiToken,
  contactThroughApi,
  conversationRow,
  LIVE_MS,
  liveStreamOpened,
  thread,
} from './support/messaging.ts';

const journey = useJourney();

const SELLER = DEMO.seller.businessName;
const BUYER = DEMO.buyer.businessName;

/** An offer's card in a thread, found by its heading ("Your offer", "Their counter"…). */
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
    const offer = offerCard(seller, BUYER, 'Their offer');
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
    const counter = offerCard(buyer, SELLER, 'Their counter');
    await counter.getByText('$13,000.00', { exact: true }).waitFor({ timeout: LIVE_MS });
    await offerCard(buyer, SELLER, 'Your offer').getByText('Countered', { exact: true }).waitFor();
    await counter.getByRole('button', { name: 'Accept', exact: true }).click();
    await confirmIn(buyer, 'Accept this offer?', 'Accept and Create Order');
    await buyer.getByText(DEALS.offerAccepted, { exact: true }).waitFor();
    await counter.getByText('Accepted', { exact: true }).waitFor({ timeout: LIVE_MS });
    await offerCard(seller, BUYER, 'Your counter')
      .getByText('Accepted', { exact: true })
      .waitFor({ timeout: LIVE_MS });

    // Both sides see the order; the seller marks it fulfilled.
    await counter.getByRole('link', { name: 'View order', exact: true }).click();
    const heading = buyer.getByRole('heading', { level: 1, name: /^Order CNP-\d{6,}$/ });
    await heading.waitFor();
    const number = (await heading.innerText()).replace('Order ', '');
    await expectOrderStatus(buyer, 'Confirmed');
    // The confirmation is fetched with the session and opened in a new tab.
    const [pdf, tab] = await Promise.all([
      buyer.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/confirmation.pdf')),
      buyer.waitForEvent('popup'),
      buyer.getByRole('button', { name: 'Order Confirmation (PDF)', exact: true }).click(),
    ]);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await tab.close();
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

    // The admin's overview counts the order, and the audit trail names the moves in words.
    const admin = await journey.newPage();
    await adminOnDashboard(admin);
    expect(await statValue(admin, 'Orders, last 30 days')).toBeGreaterThanOrEqual(1);
    await openAdminTab(admin, 'Audit Trail');
    for (const action of [
      'Made an offer',
      'Countered an offer',
      'Accepted an offer',
      'Marked an order completed',
    ]) {
      await admin
        .getByRole('table', { name: 'Admin actions, newest first' })
        .getByRole('row')
        .filter({ hasText: action })
        .first()
        .waitFor();
    }
  });

  test('a buyer offers from the conversation and withdraws; the seller declines with a reason; a product chip marks the other lot; an order is cancelled with a reason', async () => {
    const { baseUrl } = journey.server;
    const first = newListing();
    const second = newListing();
    const firstId = await createListingThroughApi(baseUrl, first);
    const secondId = await createListingThroughApi(baseUrl, second);
    const buyerToken = await apiToken(baseUrl, DEMO.buyer.email);
    await contactThroughApi(baseUrl, buyerToken, firstId, 'Is the first lot still available?');

    // From the conversation, about the lot it is about; then taken back.
    const buyer = await journey.newPage();
    const buyerStream = liveStreamOpened(buyer);
    await login(buyer, DEMO.buyer.email);
    await buyer.goto('/messages');
    await buyerStream;
    await conversationRow(buyer, SELLER).click();
    await buyer.getByRole('button', { name: 'Make an Offer', exact: true }).click();
    const form = buyer.getByRole('dialog', { name: `Offer to ${SELLER}` });
    await form.getByText(`About: ${first.title}`, { exact: true }).waitFor();
    await form.getByRole('textbox', { name: 'Quantity (lbs)', exact: true }).fill('1.5');
    await form.getByRole('textbox', { name: 'Price per lb (USD)', exact: true }).fill('1000.005');
    await form.getByRole('button', { name: 'Send Offer', exact: true }).click();
    await form.getByText(OFFER_RULES.priceStep, { exact: true }).waitFor();
    await form.getByRole('textbox', { name: 'Price per lb (USD)', exact: true }).fill('1000');
    await form.getByText('$1,500.00', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Send Offer', exact: true }).click();
    await form.waitFor({ state: 'hidden' });
    const mine = offerCard(buyer, SELLER, 'Your offer');
    await mine
      .getByText('Waiting for the other side to answer.', { exact: true })
      .waitFor({ timeout: LIVE_MS });
    await mine.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await confirmIn(buyer, 'Withdraw your offer?', 'Withdraw Offer');
    await buyer.getByText(DEALS.offerWithdrawn, { exact: true }).waitFor();
    await mine.getByText('Withdrawn', { exact: true }).waitFor({ timeout: LIVE_MS });

    // An offer on the second lot: the thread now spans two listings, and chips say which is which.
    await offerThroughApi(baseUrl, buyerToken, { listingId: secondId, quantityLbs: 2, pricePerLb: 900 });
    const chip = thread(buyer, SELLER).getByRole('link', { name: `About ${second.title}`, exact: true });
    await chip.waitFor({ timeout: LIVE_MS });
    await thread(buyer, SELLER)
      .getByRole('link', { name: `About ${first.title}`, exact: true })
      .waitFor();

    // The seller declines it with a reason, which the buyer reads on the card.
    const seller = await journey.newPage();
    await login(seller, DEMO.seller.email);
    await seller.goto('/messages');
    await conversationRow(seller, BUYER).click();
    const offer = offerCard(seller, BUYER, 'Their offer').filter({ hasText: second.title });
    await offer.getByRole('button', { name: 'Decline', exact: true }).click();
    const decline = seller.getByRole('dialog', { name: 'Decline this offer?' });
    await decline.getByRole('textbox', { name: 'Reason', exact: true }).fill('Too low for this lot');
    await confirmIn(seller, 'Decline this offer?', 'Decline Offer');
    await seller.getByText(DEALS.offerDeclined, { exact: true }).waitFor();
    const declined = offerCard(buyer, SELLER, 'Your offer').filter({ hasText: second.title });
    await declined.getByText('Declined', { exact: true }).waitFor({ timeout: LIVE_MS });
    await declined.getByText('Too low for this lot').waitFor();

    // An accepted order can be cancelled before fulfilment, only with a reason; the pounds go back.
    const sellerToken = await apiToken(baseUrl, DEMO.seller.email);
    const made = await offerThroughApi(baseUrl, buyerToken, {
      listingId: secondId,
      quantityLbs: 12.5,
      pricePerLb: 1000,
    });
    const { order } = await acceptThroughApi(baseUrl, sellerToken, made._id);
    await buyer.goto(`/products/${secondId}`);
    await buyer.getByText(DEALS.soldOut, { exact: true }).first().waitFor();
    expect(await buyer.getByRole('button', { name: 'Make an Offer', exact: true }).count()).toBe(0);
    await buyer.goto(`/orders/${order._id}`);
    await buyer.getByRole('button', { name: 'Cancel Order', exact: true }).click();
    const cancel = buyer.getByRole('dialog', { name: 'Cancel this order?' });
    await cancel.getByRole('button', { name: 'Cancel Order', exact: true }).click();
    await cancel.getByText(OFFER_RULES.cancelReasonRequired, { exact: true }).waitFor();
    await cancel.getByRole('textbox', { name: 'Reason', exact: true }).fill('Our store move was delayed');
    await confirmIn(buyer, 'Cancel this order?', 'Cancel Order');
    await buyer.getByText(DEALS.orderUpdated('cancelled'), { exact: true }).waitFor();
    const timeline = buyer.getByRole('region', { name: 'Timeline' });
    await timeline.getByText('Cancelled', { exact: true }).waitFor();
    await timeline.getByText('Our store move was delayed', { exact: true }).waitFor();
    await timeline.getByText(DEALS.quantityReturned('12.5 lbs'), { exact: true }).waitFor();
    await buyer.goto(`/products/${secondId}`);
    await buyer.getByText('12.5 lbs', { exact: true }).waitFor();
  });

  test('an offer on a lot the seller has since rewritten cannot be accepted; a counter on the lot as it is can (issue 27)', async () => {
    const { baseUrl } = journey.server;
    const listing = newListing();
    const listingId = await createListingThroughApi(baseUrl, listing);
    const buyerToken = await apiToken(baseUrl, DEMO.buyer.email);
    await contactThroughApi(baseUrl, buyerToken, listingId, 'Is this the A-grade lot?');
    await offerThroughApi(baseUrl, buyerToken, { listingId, quantityLbs: 5, pricePerLb: 1300 });
    await updateListingThroughApi(baseUrl, listingId, listing, {
      description: `Machine-trimmed B-grade flower, ${listing.title}, stored loose since spring.`,
      thc_content: '8',
    });

    const seller = await journey.newPage();
    await login(seller, DEMO.seller.email);
    await seller.goto('/messages');
    await conversationRow(seller, BUYER).click();
    const offer = offerCard(seller, BUYER, 'Their offer').filter({ hasText: listing.title });
    await offer.getByRole('button', { name: 'Accept', exact: true }).click();
    const dialog = seller.getByRole('dialog', { name: 'Accept this offer?' });
    await dialog.getByRole('button', { name: 'Accept and Create Order', exact: true }).click();
    await dialog.getByText(DEALS.lotChanged, { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(seller);
    await dialog.getByRole('button', { name: 'Keep', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await offer.getByText('Open', { exact: true }).waitFor();

    // The seller counters on the lot as it now is, and the buyer can accept that.
    await offer.getByRole('button', { name: 'Counter', exact: true }).click();
    const counterForm = seller.getByRole('dialog', { name: 'Counter-offer' });
    await counterForm.getByRole('textbox', { name: 'Price per lb (USD)', exact: true }).fill('700');
    await counterForm.getByRole('button', { name: 'Send Counter-offer', exact: true }).click();
    await seller.getByText(DEALS.counterSent, { exact: true }).waitFor();
    const buyer = await journey.newPage();
    await login(buyer, DEMO.buyer.email);
    await buyer.goto('/messages');
    await conversationRow(buyer, SELLER).click();
    const counter = offerCard(buyer, SELLER, 'Their counter').filter({
      hasText: listing.title,
    });
    await counter.getByRole('button', { name: 'Accept', exact: true }).click();
    await confirmIn(buyer, 'Accept this offer?', 'Accept and Create Order');
    await buyer.getByText(DEALS.offerAccepted, { exact: true }).waitFor();
  });
});
