import { GENERIC } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useJourney } from './support/browser.ts';

// Every screen but the home page is a chunk loaded when first opened (decision 192): offline, the
// visitor gets a calm offline state with Retry; after a deployment removed the chunk, the page
// reloads once for the new one, and never loops.

const journey = useJourney();

/** The help screen's chunk, as the build names it. */
const HELP_CHUNK = /\/assets\/help-page-[\w-]+\.js$/;

/** The home page, ready, and a count of the times a document was loaded in the tab. */
async function homeWithLoadCount(): Promise<{ page: Page; loads: () => number }> {
  const page = await journey.newPage();
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Sign up as a buyer', exact: true }).waitFor();
  return { page, loads: () => loads };
}

const openHelpFromFooter = (page: Page) =>
  page.getByRole('contentinfo').getByRole('link', { name: 'Help', exact: true }).click();

describe('a screen whose code cannot load', () => {
  test('offline, shows a calm offline state; back online, Retry opens the screen', async () => {
    const { page } = await homeWithLoadCount();
    await page.context().setOffline(true);
    await openHelpFromFooter(page);
    await page.getByRole('heading', { name: 'You are offline', exact: true }).waitFor();
    await page
      .getByText('This screen needs a connection to load. Check your connection, then retry.')
      .waitFor();
    expect(await page.getByText(GENERIC.unexpectedApplicationError).count()).toBe(0);

    await page.getByRole('button', { name: 'Retry', exact: true }).click();
    await page.getByText('Still offline. Retry once you are connected again.', { exact: true }).waitFor();

    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Retry', exact: true }).click();
    await page.getByRole('heading', { name: 'Help & contact', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/help');
  });

  test('a chunk removed by a new deployment reloads the page once, which then opens the screen', async () => {
    const { page, loads } = await homeWithLoadCount();
    // The old chunk is gone until the reload, which (like a new deployment's page) finds its file.
    let missing = true;
    await page.route(HELP_CHUNK, (route) =>
      missing ? route.fulfill({ status: 404, body: 'Not found' }) : route.continue(),
    );
    page.on('request', (request) => {
      if (request.isNavigationRequest()) missing = false;
    });
    await openHelpFromFooter(page);
    await page.getByRole('heading', { name: 'Help & contact', exact: true }).waitFor();
    expect(loads()).toBe(2);
  });

  test('a chunk still missing after that one reload shows the state instead of reloading again', async () => {
    const { page, loads } = await homeWithLoadCount();
    await page.route(HELP_CHUNK, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await openHelpFromFooter(page);
    await page.getByRole('heading', { name: 'This screen could not be loaded', exact: true }).waitFor();
    // Time enough for a loop to show itself.
    await page.waitForTimeout(1000);
    expect(loads()).toBe(2);
    expect(await page.getByText(GENERIC.unexpectedApplicationError).count()).toBe(0);
  });
});
