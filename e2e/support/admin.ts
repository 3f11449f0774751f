import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO, login } from './auth.ts';

export type AdminTab = 'Overview' | 'User Management' | 'Listings' | 'Audit Trail';

/** The admin, signed in through the form, on the Admin Dashboard (where sign-in sends an admin). */
export async function adminOnDashboard(page: Page): Promise<void> {
  await login(page, DEMO.admin.email);
  await page.waitForURL((url) => url.pathname === '/admin');
  await page.getByRole('heading', { name: 'Admin Dashboard', exact: true }).waitFor();
}

/** Selects a dashboard tab and waits for its panel. */
export async function openAdminTab(page: Page, tab: AdminTab): Promise<void> {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.getByRole('tabpanel', { name: tab, exact: true }).waitFor();
}

/** The Listings tab's table row of the listing titled `title`. */
export const adminListingRow = (page: Page, title: string) =>
  page.getByRole('table', { name: 'All listings' }).getByRole('row').filter({ hasText: title });

/** The Audit Trail's table row naming `target` (an e-mail or a listing title) for `action`. */
export const auditRow = (page: Page, action: string, target: string) =>
  page
    .getByRole('table', { name: 'Admin actions, newest first' })
    .getByRole('row')
    .filter({ hasText: action })
    .filter({ hasText: target });

/** The public catalog's search, as an anonymous visitor uses it; waits for the count it shows. */
export async function searchCatalog(page: Page, text: string, expectedCount: string): Promise<void> {
  await page.goto('/products');
  await page.getByRole('searchbox', { name: 'Search products' }).fill(text);
  await page.getByText(expectedCount, { exact: true }).waitFor();
}

/** The number on one of the Overview's stat cards, once it has loaded (a spinner until then). */
export async function statValue(page: Page, label: string): Promise<number> {
  const value = page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
  await expect.poll(async () => /^\d[\d,]*$/.test(await value.innerText())).toBe(true);
  return Number((await value.innerText()).replace(/,/g, ''));
}

/**
 * Confirms a listing moderation dialog the way an admin does (decision 076): a reason from the
 * short list plus their own words, then the confirming button.
 */
export async function confirmWithReason(
  dialog: Locator,
  confirm: string,
  reason: { preset: string; details?: string },
): Promise<void> {
  await dialog.getByRole('combobox', { name: 'Reason', exact: true }).selectOption(reason.preset);
  if (reason.details)
    await dialog.getByRole('textbox', { name: 'Details', exact: true }).fill(reason.details);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
}

/** Waits for a toast (or any text) reading exactly `text`. */
export const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** The word of a test listing's title that no other listing has. */
export const tagOf = (title: string) => title.split(' ')[2] ?? title;
