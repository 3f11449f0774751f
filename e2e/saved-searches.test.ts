import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { SAVED_SEARCHES } from '@canopy/shared';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { createListingThroughApi, newListing } from './support/listings.ts';
import { latestMail, linkIn } from './support/mail.ts';
import { REPO_ROOT } from './support/server.ts';

const journey = useJourney();
const run = promisify(execFile);

/**
 * `npm run alerts:send` against the running server: the command finds the server that owns the
 * data folder and has it check the saved searches, as an operator (or a cron job) would.
 */
async function sendAlertsNow(dataDir: string): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/alerts-send.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '' },
  });
  return stdout;
}

describe('saved searches', () => {
  test('a buyer saves a search, a seller lists a matching lot, and the alert mail leads to it', async ({
    skip,
  }) => {
    // The command reaches the server through its embedded database's data folder.
    if (process.env.TEST_DATABASE_URL) skip();
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

    // A seller lists a matching lot; the alerts run on demand; one mail names it with its link.
    const listingId = await createListingThroughApi(baseUrl, listing);
    expect(await sendAlertsNow(dataDir)).toMatch(/1 alert mail sent/);
    const mail = await latestMail(dataDir, DEMO.buyer.email, { subject: /matches "Redwood / });
    expect(mail.subject).toBe(`1 new listing matches "Redwood ${tag}"`);
    expect(mail.text).toContain(listing.title);
    expect(linkIn(mail, '/saved-searches')).toBe(`${baseUrl}/saved-searches`);
    // Run again at once: nothing new, and never a second mail the same day.
    expect(await sendAlertsNow(dataDir)).toMatch(/0 alert mails sent/);

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
