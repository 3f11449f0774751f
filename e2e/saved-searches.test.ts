import { SAVED_SEARCHES } from '@canopy/shared';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { createListingThroughApi, newListing } from './support/listings.ts';
import { latestMail, linkIn } from './support/mail.ts';

// The server's own alert worker checks the saved searches every second here (every quarter of an
// hour by default); `npm run alerts:send` runs the same check on demand (apps/api/test covers it).
const journey = useJourney({ SAVED_SEARCH_ALERT_INTERVAL_SECONDS: '1' });
/** A worker pass after the listing appears, and its mail written to the outbox. */
const ALERT_MS = 30_000;

describe('saved searches', () => {
  // Retried once: in one fresh-clone CI run of three the buyer was found signed out when opening
  // /saved-searches right after the product page. The likely cause, a session check whose body was
  // cut short by leaving the page and read as a failure, is fixed (api-client.test.ts); the retry
  // stays until runs show the journey clean. A second failure still fails the suite.
  test('a buyer saves a search, a seller lists a matching lot, and the alert mail leads to it', {
    retry: 1,
  }, async () => {
    const { baseUrl, dataDir } = journey.server;
    const listing = newListing();
    const tag = listing.title.split(' ')[2] ?? '';

    // The buyer narrows the catalog and saves the search under a name of their own.
    const buyer = await journey.newPage();
    await login(buyer, DEMO.buyer.email);
    await buyer.goto(`/products?query=${tag}&category=flower`);
    await buyer.getByRole('button', { name: 'Save search', exact: true }).click();
    const dialog = buyer.getByRole('dialog', { name: 'Save this search' });
    const name = dialog.getByRole('textbox', { name: 'Name', exact: true });
    expect(await name.inputValue()).toBe(tag);
    await dialog.getByText(`“${tag}” · Flower`, { exact: true }).waitFor();
    await name.fill('');
    await dialog.getByRole('button', { name: 'Save search', exact: true }).click();
    await dialog.getByText('Name is required', { exact: true }).waitFor();
    await name.fill(`Redwood ${tag}`);
    await expectNoSeriousA11yViolations(buyer);
    await dialog.getByRole('button', { name: 'Save search', exact: true }).click();
    await buyer.getByText(SAVED_SEARCHES.saved, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // It is listed on the Saved Searches page, reached from the user menu.
    await buyer.getByRole('button', { name: DEMO.buyer.businessName, exact: true }).click();
    await buyer.getByRole('menuitem', { name: 'Saved Searches', exact: true }).click();
    await buyer.getByRole('heading', { level: 1, name: 'Saved Searches' }).waitFor();
    await buyer.getByText(`Redwood ${tag}`, { exact: true }).waitFor();
    await buyer.getByText(`“${tag}” · Flower`, { exact: true }).waitFor();
    await buyer.getByText('Not yet', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(buyer);

    // A seller lists a matching lot; the alert worker mails the buyer about it, with its link.
    const listingId = await createListingThroughApi(baseUrl, listing);
    const mail = await latestMail(dataDir, DEMO.buyer.email, {
      subject: /matches "Redwood /,
      timeoutMs: ALERT_MS,
    });
    expect(mail.subject).toBe(`1 new listing matches "Redwood ${tag}"`);
    expect(mail.text).toContain(listing.title);
    expect(linkIn(mail, '/saved-searches')).toBe(`${baseUrl}/saved-searches`);

    await buyer.goto(linkIn(mail, `/products/${listingId}`));
    await buyer.getByRole('heading', { level: 1, name: listing.title }).waitFor();

    // Run the search from its page, then delete it after confirming.
    await buyer.goto('/saved-searches');
    await buyer.getByRole('link', { name: `Run search Redwood ${tag}`, exact: true }).click();
    await buyer.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('query') === tag);
    await buyer.getByText(listing.title, { exact: true }).waitFor();
    await buyer.goBack();
    await buyer.getByRole('button', { name: `Delete saved search Redwood ${tag}`, exact: true }).click();
    const confirm = buyer.getByRole('dialog', { name: 'Delete saved search?' });
    await confirm.getByText(`"Redwood ${tag}" will be deleted and its alert e-mails will stop.`).waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await buyer.getByText(SAVED_SEARCHES.deleted, { exact: true }).waitFor();
    await buyer.getByText('No saved searches yet', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(buyer);
  });
});
