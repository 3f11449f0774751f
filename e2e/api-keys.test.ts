import { API_KEYS } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';

// Issue 24: an owner makes an API key on the company page, sees its secret once and uses it, then
// revokes it, after which the key is refused at once.

const journey = useJourney();

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** The JSON export of the company's lots, called with the key as an ERP would. */
const exportWith = (secret: string) =>
  fetch(`${journey.server.baseUrl}/api/listings/export?limit=1`, {
    headers: { Authorization: `Bearer ${secret}` },
  });

describe('API keys', () => {
  test('an owner creates a key, sees its secret once, and revokes it', async () => {
    const owner = await journey.newPage();
    await login(owner, DEMO.seller.email);
    await owner.goto('/company');
    await waitForPath(owner, '/company');
    await owner.getByRole('heading', { name: API_KEYS.sectionTitle, exact: true }).waitFor();

    await owner.getByRole('button', { name: API_KEYS.create, exact: true }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByRole('textbox', { name: API_KEYS.name, exact: false }).fill('Inventory sync');
    await dialog.getByRole('checkbox', { name: 'listings:read', exact: true }).check();
    await dialog.getByRole('button', { name: API_KEYS.create, exact: true }).click();
    await toast(owner, API_KEYS.created);

    // The secret, with the warning that it is not shown again.
    await owner.getByText(API_KEYS.secretWarning, { exact: true }).waitFor();
    const secret = (await owner.getByTestId('api-key-secret').textContent()) ?? '';
    expect(secret).toMatch(/^cnp_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    expect((await exportWith(secret)).status).toBe(200);
    await owner.getByRole('button', { name: API_KEYS.done, exact: true }).click();

    // Listed without its secret, before and after a reload.
    await owner.getByText('Inventory sync', { exact: true }).first().waitFor();
    await owner.reload();
    await owner.getByText('Inventory sync', { exact: true }).first().waitFor();
    // The secret's random part: split('_') would cut it short, since base64url has '_' in it (a
    // two-letter piece was found in the page's text).
    const random = secret.slice('cnp_'.length + 12 + 1);
    expect(random).toHaveLength(43);
    expect(await owner.content()).not.toContain(random);

    await owner.getByRole('button', { name: API_KEYS.revoke, exact: true }).first().click();
    const confirm = owner.getByRole('dialog', { name: API_KEYS.revokeTitle });
    await confirm.getByText(API_KEYS.revokeBody('Inventory sync'), { exact: true }).waitFor();
    await confirm.getByRole('button', { name: API_KEYS.revoke, exact: true }).click();
    await toast(owner, API_KEYS.revoked);
    await owner.getByText(API_KEYS.empty, { exact: true }).waitFor();
    const refused = await exportWith(secret);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe(API_KEYS.invalid);
  });
});
