import { mkdir } from 'node:fs/promises';
import { DEALS, type OrderDto, SAMPLES } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { acceptThroughApi, offerThroughApi } from './support/deals.ts';
import { createListingThroughApi, newListing, sellerToken } from './support/listings.ts';
import { apiToken, callApi, thread } from './support/messaging.ts';

// Issue 25 items 3 and 5 (decisions 243-245): a buyer requests a sample on the product page, the
// seller approves it on the Samples page, and both find its $0 order with their orders; then the
// buyer orders a delivered order again and lands in the conversation with the new offer.

const journey = useJourney();
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/shots';

async function signedIn(email: string): Promise<Page> {
  const page = await journey.newPage();
  await login(page, email);
  return page;
}

/** A desktop and a phone picture of the page as it is. */
async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/samples-${name}.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(sideways, `${name} scrolls sideways at 390 px`).toBe(false);
  await page.screenshot({ path: `${SHOTS}/samples-${name}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

describe('samples and reorder', () => {
  test('a buyer requests a sample, the seller approves it, and its $0 order is with the orders', async () => {
    const { baseUrl } = journey.server;
    const listing = newListing();
    const listingId = await createListingThroughApi(baseUrl, listing);

    const buyer = await signedIn(DEMO.buyer.email);
    await buyer.goto(`/products/${listingId}`);
    await buyer.getByRole('heading', { name: listing.title }).waitFor();
    await buyer.getByRole('button', { name: 'Request a sample', exact: true }).click();
    const form = buyer.getByRole('dialog', { name: `Request a sample from ${DEMO.seller.businessName}` });
    const grams = form.getByRole('spinbutton', { name: 'Grams', exact: true });
    // More than an ounce is refused beside the field, and nothing is sent.
    await grams.fill('40');
    await form.getByRole('button', { name: 'Send request', exact: true }).click();
    await form.getByText(SAMPLES.gramsInvalid, { exact: true }).waitFor();
    await grams.fill('5');
    await form
      .getByRole('textbox', { name: 'Note for the seller (optional)', exact: true })
      .fill('For our staff tasting');
    await expectNoSeriousA11yViolations(buyer);
    await form.getByRole('button', { name: 'Send request', exact: true }).click();
    await buyer.getByText(SAMPLES.requested, { exact: true }).waitFor();
    await shoot(buyer, 'requested');

    const seller = await signedIn(DEMO.seller.email);
    await seller.goto('/samples');
    await seller.getByRole('heading', { name: 'Samples', exact: true }).waitFor();
    const approve = seller.getByRole('button', {
      name: `Approve: ${listing.title}, ${DEMO.buyer.businessName}`,
      exact: true,
    });
    await approve.first().waitFor();
    await seller.getByText('Note: For our staff tasting', { exact: true }).first().waitFor();
    await expectNoSeriousA11yViolations(seller);
    await shoot(seller, 'seller-waiting');
    await approve.first().click();
    const confirm = seller.getByRole('dialog', { name: 'Approve this sample?' });
    await confirm.getByText(/^5 g go to /).waitFor();
    await confirm.getByRole('button', { name: 'Approve sample', exact: true }).click();
    await seller.getByText(SAMPLES.approved, { exact: true }).waitFor();

    const orders = await callApi<{ data: OrderDto[] }>(
      baseUrl,
      'GET',
      `/orders?role=seller&listingId=${listingId}`,
      await sellerToken(baseUrl),
    );
    const [order] = orders.data;
    expect(order).toMatchObject({ total: 0, quantityLbs: 0.02 });
    expect(order?.lines[0]).toMatchObject({ priceSource: 'sample', sampleGrams: 5 });
    await seller.getByRole('tab', { name: 'Approved', exact: true }).click();
    await seller
      .getByRole('link', { name: order?.number ?? '', exact: true })
      .first()
      .waitFor();
    await shoot(seller, 'seller-approved');

    await buyer.goto('/orders');
    await buyer
      .getByRole('link', { name: order?.number ?? '', exact: true })
      .first()
      .click();
    await buyer.getByRole('heading', { name: `Order ${order?.number}`, exact: true }).waitFor();
    await buyer.getByText('5 g sample (0.02 lbs)', { exact: true }).waitFor();
    await buyer.getByText('Sample', { exact: true }).waitFor();
    // A sample is not ordered again; nor is an order not yet delivered.
    expect(await buyer.getByRole('button', { name: 'Order again', exact: true }).count()).toBe(0);
    await shoot(buyer, 'order');
  });

  test('a buyer orders a delivered order again and lands in the conversation with the new offer', async () => {
    const { baseUrl } = journey.server;
    const listing = newListing();
    const listingId = await createListingThroughApi(baseUrl, listing);
    const buyerToken = await apiToken(baseUrl, DEMO.buyer.email);
    const seller = await sellerToken(baseUrl);
    const offer = await offerThroughApi(baseUrl, buyerToken, { listingId, quantityLbs: 3, pricePerLb: 1250 });
    const { order } = await acceptThroughApi(baseUrl, seller, offer._id);
    await callApi(baseUrl, 'POST', `/orders/${order._id}/status`, seller, { status: 'fulfilled' });
    await callApi(baseUrl, 'POST', `/orders/${order._id}/status`, buyerToken, { status: 'completed' });

    const buyer = await signedIn(DEMO.buyer.email);
    await buyer.goto(`/orders/${order._id}`);
    await buyer.getByRole('heading', { name: `Order ${order.number}`, exact: true }).waitFor();
    await buyer.getByRole('button', { name: 'Order again', exact: true }).click();
    const confirm = buyer.getByRole('dialog', { name: 'Order again?' });
    await confirm.getByText(/receives a new offer of 3 lbs at \$1,250\.00\/lb/).waitFor();
    await expectNoSeriousA11yViolations(buyer);
    await confirm.getByRole('button', { name: 'Send the offer', exact: true }).click();
    await buyer.getByText(DEALS.reorderSent(listing.title), { exact: true }).waitFor();
    await buyer.waitForURL((url) => url.pathname === '/messages');
    const card = thread(buyer, DEMO.seller.businessName)
      .getByRole('article', { name: 'Your offer', exact: true })
      .filter({ hasText: listing.title });
    await card.first().waitFor();
    await card.first().getByText('3 lbs', { exact: false }).first().waitFor();
    await shoot(buyer, 'order-again');
  });
});
