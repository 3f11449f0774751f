import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { CART, DEALS, type InvoiceDto, type OrderDto } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { smallPdf } from './support/files.ts';
import { createListingThroughApi, newListing } from './support/listings.ts';
import { apiToken, callApi, conversationRow, thread } from './support/messaging.ts';

// Issue 25 item 0: a buyer fills a cart with three lots of one seller and sends them as one offer;
// the seller counters one line's price; the buyer accepts; the order and its invoice carry three
// lines. Screenshots of the cart and the order, on a phone and a desktop, go to /tmp/shots.

const journey = useJourney();
const SHOTS = '/tmp/shots';

async function signedIn(email: string): Promise<Page> {
  const page = await journey.newPage();
  await login(page, email);
  return page;
}

/** No sideways scroll: the page is no wider than the window. */
async function fitsWidth(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

async function shots(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await fitsWidth(page);
  await page.screenshot({ path: `${SHOTS}/cart-${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/cart-${name}-desktop.png`, fullPage: true });
}

/** A distributor license on the demo seller's company, approved by the admin, to schedule with. */
async function distributorLicense(baseUrl: string): Promise<string> {
  const number = `C11-${String(randomBytes(3).readUIntBE(0, 3)).padStart(7, '0')}-LIC`;
  const form = new FormData();
  form.append('licenseNumber', number);
  form.append('licenseType', 'Adult-Use Distribution');
  form.append(
    'address',
    JSON.stringify({ street: '9 Harbor Way', city: 'Eureka', county: 'Humboldt', zipCode: '95501' }),
  );
  form.append(
    'licenseDocument',
    new Blob([new Uint8Array(smallPdf('License'))], { type: 'application/pdf' }),
    'license.pdf',
  );
  const response = await fetch(`${baseUrl}/api/company/licenses`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await apiToken(baseUrl, DEMO.seller.email)}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`Adding a license answered ${response.status}`);
  const added = (await response.json()) as { data: { _id: string } };
  await callApi(
    baseUrl,
    'POST',
    `/admin/licenses/${added.data._id}/approve`,
    await apiToken(baseUrl, DEMO.admin.email),
    {
      reason: 'Checked with the regulator',
    },
  );
  return number;
}

describe('the cart', () => {
  test('three lots of one seller go out as one offer, are countered on one line, and become an order of three lines', async () => {
    await mkdir(SHOTS, { recursive: true });
    const { baseUrl } = journey.server;
    const lots = [newListing(), newListing(), newListing()]; // 12.5 lbs at $1,400.00 / lb each
    const ids: string[] = [];
    for (const lot of lots) ids.push(await createListingThroughApi(baseUrl, lot));
    const [first, second, third] = lots.map((lot) => lot.title) as [string, string, string];

    const buyer = await signedIn(DEMO.buyer.email);
    await buyer.goto('/cart');
    await buyer.getByText(CART.empty, { exact: true }).waitFor();
    for (const [index, pounds] of ['2', '3', '4'].entries()) {
      await buyer.goto(`/products/${ids[index]}`);
      await buyer.getByRole('textbox', { name: 'Pounds for your cart', exact: true }).fill(pounds);
      await buyer.getByRole('button', { name: CART.addToCart, exact: true }).click();
      await buyer.getByText(`In your cart: ${pounds} lbs.`).waitFor();
    }
    const cartLink = buyer.getByRole('link', { name: /^Cart/ });
    await expect.poll(() => cartLink.textContent()).toBe('Cart: 3 lots');
    await cartLink.click();
    const group = buyer.getByRole('region', { name: DEMO.seller.businessName });
    for (const title of [first, second, third]) await group.getByRole('link', { name: title }).waitFor();
    await group.getByText('$1,400.00/lb · Asking price').first().waitFor();
    await group.getByText('Total: $12,600.00', { exact: true }).waitFor();
    // A quantity changed in place is saved and repriced.
    const pounds = group.getByRole('textbox', { name: CART.quantityLabel(third), exact: true });
    await pounds.fill('5');
    await pounds.press('Enter');
    await group.getByText('Total: $14,000.00', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(buyer);
    await shots(buyer, 'page');

    await group.getByRole('combobox', { name: 'Payment terms', exact: true }).selectOption('net15');
    await group
      .getByRole('textbox', { name: `Note to ${DEMO.seller.businessName} (optional)` })
      .fill('Restock for the weekend');
    await group.getByRole('button', { name: CART.sendOffer, exact: true }).click();
    await buyer.getByText(CART.sent(DEMO.seller.businessName), { exact: true }).waitFor();
    await buyer.getByText(CART.empty, { exact: true }).waitFor();

    // The seller counters one line: the third lot's price.
    const seller = await signedIn(DEMO.seller.email);
    await seller.goto('/messages');
    await conversationRow(seller, DEMO.buyer.businessName).click();
    const card = thread(seller, DEMO.buyer.businessName)
      .getByRole('article', { name: 'Their offer', exact: true })
      .filter({ hasText: first });
    await card.getByText('Total of 3 lots', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Counter', exact: true }).click();
    const counter = seller.getByRole('dialog', { name: 'Counter-offer' });
    await counter.getByRole('textbox', { name: `Price per lb of ${third}`, exact: true }).fill('1350');
    await counter.getByRole('button', { name: 'Send Counter-offer', exact: true }).click();
    await counter.waitFor({ state: 'hidden' });

    // The buyer accepts the counter.
    await buyer.goto('/messages');
    await conversationRow(buyer, DEMO.seller.businessName).click();
    const theirs = thread(buyer, DEMO.seller.businessName)
      .getByRole('article', { name: 'Their counter', exact: true })
      .filter({ hasText: first });
    await theirs.getByText(`5 lbs at $1,350.00/lb`).waitFor();
    await theirs.getByRole('button', { name: 'Accept', exact: true }).click();
    await buyer
      .getByRole('dialog', { name: 'Accept this offer?' })
      .getByRole('button', { name: 'Accept and Create Order', exact: true })
      .click();
    await buyer.getByText(DEALS.offerAccepted, { exact: true }).waitFor();

    const sellerToken = await apiToken(baseUrl, DEMO.seller.email);
    const orders = await callApi<{ data: OrderDto[] }>(
      baseUrl,
      'GET',
      `/orders?role=seller&listingId=${ids[0]}`,
      sellerToken,
    );
    const order = orders.data[0];
    if (!order) throw new Error('no order');
    expect(
      order.lines.map((line) => [
        line.listingTitle,
        line.quantityLbs,
        line.pricePerLb,
        line.total,
        line.priceSource,
      ]),
    ).toEqual([
      [first, 2, 1400, 2800, 'asking'],
      [second, 3, 1400, 4200, 'asking'],
      [third, 5, 1350, 6750, 'negotiated'],
    ]);
    expect(order.paymentTerms).toBe('net15');

    // Scheduled with a package per lot, the invoice carries the three lines.
    const distributor = await distributorLicense(baseUrl);
    const uid = (n: number) =>
      `1A4${randomBytes(4).toString('hex').toUpperCase()}${String(n).padStart(13, '0')}`;
    await callApi(baseUrl, 'POST', `/orders/${order._id}/schedule`, sellerToken, {
      distributorLicenseNumber: distributor,
      pickupAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      estimatedArrivalAt: new Date(Date.now() + 2 * 86_400_000 + 4 * 3_600_000).toISOString(),
      driverName: 'Jordan Wheeler',
      driverLicenseNumber: 'D7654321',
      vehicleMake: 'Ford',
      vehicleModel: 'Transit 250',
      vehiclePlate: '8ABC123',
      packages: [
        { uid: uid(1), quantityLbs: 2 },
        { uid: uid(2), quantityLbs: 3 },
        { uid: uid(3), quantityLbs: 5 },
      ],
    });
    const invoice = await callApi<{ data: InvoiceDto }>(
      baseUrl,
      'GET',
      `/orders/${order._id}/invoice`,
      sellerToken,
    );
    expect(invoice.data.lines.map((line) => [line.quantityLbs, line.pricePerLb, line.amount])).toEqual([
      [2, 1400, 2800],
      [3, 1400, 4200],
      [5, 1350, 6750],
    ]);
    expect(invoice.data.total).toBe(13750);

    await buyer.goto(`/orders/${order._id}`);
    for (const title of [first, second, third]) await buyer.getByRole('link', { name: title }).waitFor();
    const total = buyer.getByText('Total of 3 lots', { exact: true }).locator('..');
    await expect.poll(() => total.textContent()).toBe('Total of 3 lots$13,750.00');
    // The invoice issued on scheduling owes the three lines' sum.
    await buyer
      .getByTestId('invoice-balance')
      .filter({ hasText: /^\$13,750\.00$/ })
      .waitFor();
    await expectNoSeriousA11yViolations(buyer);
    await shots(buyer, 'order');
  });
});
