import { DEALS, type ListingDto, type OrderDto, PRICE_TIERS } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { createListingThroughApi, newListing, sellerToken } from './support/listings.ts';
import { callApi, conversationRow, thread } from './support/messaging.ts';

// Issue 25 item 2 (decision 233): a seller adds two volume tiers on the listing form, a buyer sees
// the table on the product page and the price follow the quantity typed in the offer form, offers
// at the tier price, and the order the seller accepts says which tier applied.

const journey = useJourney();

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function signedIn(email: string): Promise<Page> {
  const page = await journey.newPage();
  await login(page, email);
  return page;
}

describe('volume tiers', () => {
  test('a seller adds two tiers; the buyer’s offer follows them; the order names the tier', async () => {
    const { baseUrl } = journey.server;
    const listing = newListing(); // 12.5 lbs at $1,400.00 / lb
    const listingId = await createListingThroughApi(baseUrl, listing);

    const seller = await signedIn(DEMO.seller.email);
    await seller.waitForURL((url) => url.pathname === '/seller');
    await seller.goto(`/seller/listings/${listingId}/edit`);
    await seller.getByRole('heading', { name: 'Edit Listing', exact: true }).waitFor();
    const pricing = seller.getByRole('group', { name: PRICE_TIERS.sectionTitle });
    await pricing.getByRole('button', { name: PRICE_TIERS.addTier, exact: true }).click();
    await textbox(seller, PRICE_TIERS.fromLabel(1)).fill('5');
    await textbox(seller, PRICE_TIERS.priceLabel(1)).fill('1350');
    await pricing.getByRole('button', { name: PRICE_TIERS.addTier, exact: true }).click();
    await textbox(seller, PRICE_TIERS.fromLabel(2)).fill('10');
    // A second tier dearer than the first is refused beside its field, and nothing is saved.
    await textbox(seller, PRICE_TIERS.priceLabel(2)).fill('1360');
    await seller.getByRole('button', { name: 'Update Listing', exact: true }).click();
    await pricing.getByText(PRICE_TIERS.priceDecreasing, { exact: true }).waitFor();
    expect(await textbox(seller, PRICE_TIERS.priceLabel(2)).getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11yViolations(seller);
    await textbox(seller, PRICE_TIERS.priceLabel(2)).fill('1300');
    await seller.getByRole('button', { name: 'Update Listing', exact: true }).click();
    await seller.waitForURL((url) => url.pathname === '/seller');
    const mine = await callApi<{ data: { listings: ListingDto[] } }>(
      baseUrl,
      'GET',
      '/listings/my/listings',
      await sellerToken(baseUrl),
    );
    expect(mine.data.listings.find((row) => row._id === listingId)?.priceTiers).toEqual([
      { fromLbs: 5, pricePerLb: 1350 },
      { fromLbs: 10, pricePerLb: 1300 },
    ]);

    const buyer = await signedIn(DEMO.buyer.email);
    await buyer.goto(`/products/${listingId}`);
    await buyer.getByRole('heading', { name: listing.title }).waitFor();
    const table = buyer.getByRole('list', { name: PRICE_TIERS.sectionTitle });
    await table.getByText('From 5 lbs — $1,350.00/lb', { exact: true }).waitFor();
    await table.getByText('From 10 lbs — $1,300.00/lb', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(buyer);

    await buyer.getByRole('button', { name: 'Make an Offer', exact: true }).click();
    const form = buyer.getByRole('dialog', { name: `Offer to ${DEMO.seller.businessName}` });
    const quantity = form.getByRole('textbox', { name: 'Quantity (lbs)', exact: true });
    const price = form.getByRole('textbox', { name: 'Price per lb (USD)', exact: true });
    // The form starts from the whole lot, at the price its table gives it.
    await form.getByText('Price at 12.5 lbs: $1,300.00/lb (tier from 10 lbs)', { exact: true }).waitFor();
    expect(await price.inputValue()).toBe('1300.00');
    const steps: [string, string, string][] = [
      ['2', 'Price at 2 lbs: $1,400.00/lb (asking price)', '1400.00'],
      ['4.99', 'Price at 4.99 lbs: $1,400.00/lb (asking price)', '1400.00'],
      ['5', 'Price at 5 lbs: $1,350.00/lb (tier from 5 lbs)', '1350.00'],
      ['10', 'Price at 10 lbs: $1,300.00/lb (tier from 10 lbs)', '1300.00'],
    ];
    for (const [typed, text, filled] of steps) {
      await quantity.fill(typed);
      await form.getByText(text, { exact: true }).waitFor();
      await expect.poll(() => price.inputValue()).toBe(filled);
    }
    await form.getByText('$13,000.00', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Send Offer', exact: true }).click();
    await buyer.getByText(DEALS.offerSent, { exact: true }).waitFor();

    await seller.goto('/messages');
    await conversationRow(seller, DEMO.buyer.businessName).click();
    const offer = thread(seller, DEMO.buyer.businessName)
      .getByRole('article', { name: 'Their offer', exact: true })
      .filter({ hasText: listing.title });
    await offer.getByRole('button', { name: 'Accept', exact: true }).click();
    const confirm = seller.getByRole('dialog', { name: 'Accept this offer?' });
    await confirm.getByRole('button', { name: 'Accept and Create Order', exact: true }).click();
    await seller.getByText(DEALS.offerAccepted, { exact: true }).waitFor();

    const orders = await callApi<{ data: OrderDto[] }>(
      baseUrl,
      'GET',
      `/orders?role=seller&listingId=${listingId}`,
      await sellerToken(baseUrl),
    );
    const [order] = orders.data;
    expect(order?.lines).toEqual([
      {
        listingId,
        listingTitle: listing.title,
        quantityLbs: 10,
        pricePerLb: 1300,
        total: 13000,
        priceSource: 'tier',
        tierFromLbs: 10,
        sampleGrams: null,
      },
    ]);
    await buyer.goto(`/orders/${order?._id}`);
    await buyer.getByText('Volume tier from 10 lbs', { exact: true }).waitFor();
  });
});
