import { INVOICES } from '@canopy/shared';
import type { Locator, Page } from 'playwright-core';
import { describe, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { acceptThroughApi, offerThroughApi } from './support/deals.ts';
import { issueInvoiceInDatabase } from './support/invoices.ts';
import { createListingThroughApi, newListing } from './support/listings.ts';
import { apiToken, newVerifiedBuyer } from './support/messaging.ts';

// Issue 23 item 5 in the browser: the seller records a partial and then a full payment on the
// order page, a payment past the balance is refused under its field, and the buyer's payables go
// to zero. The invoice is written into the server's database, as scheduling the order would issue
// it, so the journey needs PostgreSQL (TEST_DATABASE_URL, as CI runs it).

const journey = useJourney();

const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';

/** The payables' or receivables' outstanding sum, once it reads exactly `amount`. */
const outstanding = (page: Page, amount: string) =>
  page
    .getByTestId('invoices-outstanding')
    .filter({ hasText: exactly(amount) })
    .waitFor();

const exactly = (text: string) => new RegExp(`^${text.replace(/[$.]/g, '\\$&')}$`);

/** The order page's Payments section, once its balance and status read as given. */
async function standsAt(payments: Locator, balance: string, status: string): Promise<void> {
  await payments
    .getByTestId('invoice-balance')
    .filter({ hasText: exactly(balance) })
    .waitFor();
  await payments
    .getByTestId('invoice-status')
    .filter({ hasText: exactly(status) })
    .waitFor();
}

async function recordPayment(
  page: Page,
  payment: { amount: string; method: string; reference?: string },
): Promise<Locator> {
  const payments = page.getByRole('region', { name: 'Payments' });
  await payments.getByRole('button', { name: 'Record a payment', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a payment' });
  await dialog.getByRole('textbox', { name: 'Amount ($)', exact: true }).fill(payment.amount);
  await dialog.getByRole('combobox', { name: 'Method', exact: true }).selectOption(payment.method);
  if (payment.reference) {
    await dialog.getByRole('textbox', { name: 'Reference (optional)', exact: true }).fill(payment.reference);
  }
  await dialog.getByRole('button', { name: 'Record payment', exact: true }).click();
  return dialog;
}

describe('receivables and payables', () => {
  test.skipIf(!process.env.TEST_DATABASE_URL)(
    'the seller records a partial then a full payment, and the buyer’s payables go to zero',
    async () => {
      const { server } = journey;
      const { baseUrl, databaseUrl } = server;
      if (!databaseUrl) throw new Error('the journey writes its invoice into PostgreSQL');

      // An accepted order of 10 lbs at $1,200 with an invoice on net 15, delivered yesterday.
      const listingId = await createListingThroughApi(baseUrl, newListing());
      const buyer = await newVerifiedBuyer(server);
      const buyerToken = await apiToken(baseUrl, buyer.email, buyer.password);
      const offer = await offerThroughApi(baseUrl, buyerToken, {
        listingId,
        quantityLbs: 10,
        pricePerLb: 1200,
      });
      const { order } = await acceptThroughApi(
        baseUrl,
        await apiToken(baseUrl, DEMO.seller.email),
        offer._id,
      );
      const invoice = await issueInvoiceInDatabase(databaseUrl, order._id, {
        terms: 'net15',
        deliveredDaysAgo: 1,
      });

      // The buyer owes the whole invoice.
      const buyerPage = await journey.newPage();
      await login(buyerPage, buyer.email, buyer.password);
      await buyerPage.goto('/payables');
      await buyerPage.getByRole('heading', { name: INVOICES.payables, exact: true }).waitFor();
      await outstanding(buyerPage, '$12,000.00');
      await buyerPage.getByText(invoice.number, { exact: true }).first().waitFor();
      await buyerPage.getByText(INVOICES.newBuyer, { exact: true }).waitFor();
      await expectNoSeriousA11yViolations(buyerPage);

      // The seller opens the order: the invoice stands open, nothing paid.
      const seller = await journey.newPage();
      await login(seller, DEMO.seller.email);
      await seller.goto(`/orders/${order._id}`);
      const payments = seller.getByRole('region', { name: 'Payments' });
      await standsAt(payments, '$12,000.00', 'Open');

      // More than is owed is refused under the amount, and the dialog stays open.
      const refused = await recordPayment(seller, { amount: '12500', method: 'wire' });
      await refused.getByText(INVOICES.overBalance(12000), { exact: true }).waitFor();
      await expectNoSeriousA11yViolations(seller);
      await refused.getByRole('button', { name: 'Cancel', exact: true }).click();
      await refused.waitFor({ state: 'hidden' });

      // A partial payment by check, then the rest by wire.
      const partial = await recordPayment(seller, {
        amount: '5000',
        method: 'check',
        reference: 'Check 2201',
      });
      await partial.waitFor({ state: 'hidden' });
      await standsAt(payments, '$7,000.00', 'Partially paid');
      await payments.getByText('Check 2201', { exact: true }).waitFor();

      const rest = await recordPayment(seller, { amount: '7000', method: 'wire' });
      await rest.waitFor({ state: 'hidden' });
      await standsAt(payments, '$0.00', 'Paid');
      await payments.getByRole('button', { name: 'Record a payment' }).waitFor({ state: 'detached' });
      await seller.screenshot({ path: `${SHOTS}/receivables-order-payments.png`, fullPage: true });

      // The seller's receivables count it paid.
      await seller.goto('/receivables?status=paid');
      await seller.getByRole('heading', { name: INVOICES.receivables, exact: true }).waitFor();
      await seller.getByText(invoice.number, { exact: true }).first().waitFor();
      await expectNoSeriousA11yViolations(seller);
      await seller.screenshot({ path: `${SHOTS}/receivables-page.png`, fullPage: true });

      // And the buyer owes nothing.
      await buyerPage.reload();
      await outstanding(buyerPage, '$0.00');
      await buyerPage.getByText(invoice.number, { exact: true }).first().waitFor();
      await buyerPage.screenshot({ path: `${SHOTS}/payables-page.png`, fullPage: true });
    },
  );
});
