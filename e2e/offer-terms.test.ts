import { DEALS } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { offerThroughApi } from './support/deals.ts';
import { createListingThroughApi, newListing } from './support/listings.ts';
import { apiToken, conversationRow, thread } from './support/messaging.ts';

// Issue 27 item 15: the offer form starts from the lot's asking price and pounds, a buyer with an
// offer waiting is led to it instead of offering again, and an offer card tells its reader the
// lot's terms and whose offer it is.

const journey = useJourney();

const SELLER = DEMO.seller.businessName;
const BUYER = DEMO.buyer.businessName;

async function signedIn(email: string): Promise<Page> {
  const page = await journey.newPage();
  await login(page, email);
  return page;
}

describe('offer terms', () => {
  test('the offer form shows and starts from the asking price and the pounds available', async () => {
    const listing = newListing(); // 12.5 lbs at $1,400.00 / lb
    const listingId = await createListingThroughApi(journey.server.baseUrl, listing);
    const buyer = await signedIn(DEMO.buyer.email);
    await buyer.goto(`/products/${listingId}`);
    await buyer.getByRole('button', { name: 'Make an Offer', exact: true }).click();

    const form = buyer.getByRole('dialog', { name: `Offer to ${SELLER}` });
    await form.getByText('Asking price: $1,400.00 / lb', { exact: true }).waitFor();
    await form.getByText('Available: 12.5 lbs', { exact: true }).waitFor();
    expect(await form.getByRole('textbox', { name: 'Quantity (lbs)', exact: true }).inputValue()).toBe(
      '12.5',
    );
    expect(await form.getByRole('textbox', { name: 'Price per lb (USD)', exact: true }).inputValue()).toBe(
      '1400.00',
    );
    await form.getByText('$17,500.00', { exact: true }).waitFor();

    // Sent: the button now leads to the offer instead of making a second one.
    await form.getByRole('textbox', { name: 'Quantity (lbs)', exact: true }).fill('10');
    await form.getByRole('button', { name: 'Send Offer', exact: true }).click();
    await buyer.getByText(DEALS.offerSent, { exact: true }).waitFor();
    const view = buyer.getByRole('link', { name: 'View your offer', exact: true });
    await view.waitFor();
    expect(await buyer.getByRole('button', { name: 'Make an Offer', exact: true }).count()).toBe(0);
    // And so it stays when the page is opened again.
    await buyer.reload();
    await view.waitFor();
    expect(await buyer.getByRole('button', { name: 'Make an Offer', exact: true }).count()).toBe(0);
    await view.click();
    await buyer.waitForURL((url) => url.pathname === '/messages');
    await thread(buyer, SELLER).getByRole('article', { name: 'Your offer', exact: true }).waitFor();
  });

  test("the seller's card shows the lot's asking price and pounds; a counter is named from the reader's side", async () => {
    const { baseUrl } = journey.server;
    const listing = newListing();
    const listingId = await createListingThroughApi(baseUrl, listing);
    const buyerToken = await apiToken(baseUrl, DEMO.buyer.email);
    await offerThroughApi(baseUrl, buyerToken, { listingId, quantityLbs: 5, pricePerLb: 1250 });

    const seller = await signedIn(DEMO.seller.email);
    await seller.goto('/messages');
    await conversationRow(seller, BUYER).click();
    // Cards in the one conversation of these two accounts, told apart by their lot.
    const card = (page: Page, counterpart: string, heading: string) =>
      thread(page, counterpart)
        .getByRole('article', { name: heading, exact: true })
        .filter({ hasText: listing.title });
    const offer = card(seller, BUYER, 'Their offer');
    await offer.getByText('Asking $1,400.00 / lb · 12.5 lbs available', { exact: true }).waitFor();
    await offer.getByRole('button', { name: 'Counter', exact: true }).click();
    const counterForm = seller.getByRole('dialog', { name: 'Counter-offer' });
    await counterForm.getByRole('textbox', { name: 'Price per lb (USD)', exact: true }).fill('1350');
    await counterForm.getByRole('button', { name: 'Send Counter-offer', exact: true }).click();
    await counterForm.waitFor({ state: 'hidden' });
    await card(seller, BUYER, 'Your counter').waitFor();

    const buyer = await signedIn(DEMO.buyer.email);
    await buyer.goto('/messages');
    await conversationRow(buyer, SELLER).click();
    await card(buyer, SELLER, 'Their counter').waitFor();
    await card(buyer, SELLER, 'Your offer').getByText('Countered', { exact: true }).waitFor();
  });
});
