import { TWO_FACTOR } from '@canopy/shared';
import { describe, expect, test } from 'vitest';
import { DEMO, login, rememberTotpSecret, signOut, submitLogin, totpCode } from './support/auth.ts';
import { useJourney } from './support/browser.ts';

// Two-factor sign-in in the browser (issue 28 item 6, decision 195): a buyer turns it on with a
// code computed here from the key the page shows, keeps the recovery codes, and signs in again
// with a code; the demo admin, enrolled with the published key, signs in the same way.

const journey = useJourney();

describe('two-factor sign-in', () => {
  test('a buyer turns it on from Profile Settings and then signs in with a code', async () => {
    const page = await journey.newPage();
    await login(page, DEMO.buyer.email);
    await page.goto('/profile?tab=security');
    await page.getByRole('heading', { name: 'Two-factor sign-in is off', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Set up two-factor sign-in', exact: true }).click();

    const key = (await page.getByTestId('two-factor-key').innerText()).trim();
    expect(key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    rememberTotpSecret(DEMO.buyer.email, key);
    const appLink = await page.getByRole('link', { name: 'open it in the app' }).getAttribute('href');
    expect(appLink).toContain(`secret=${key.replace(/ /g, '')}`);

    // A wrong code is refused and nothing changes.
    await page.getByRole('textbox', { name: 'Code from the app', exact: true }).fill('000000');
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await page.getByText(TWO_FACTOR.codeInvalid, { exact: true }).first().waitFor();

    await page
      .getByRole('textbox', { name: 'Code from the app', exact: true })
      .fill(await totpCode(page, DEMO.buyer.email));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await page.getByText(TWO_FACTOR.enabled, { exact: true }).first().waitFor();
    const codes = await page
      .getByRole('list', { name: 'Recovery codes' })
      .getByRole('listitem')
      .allInnerTexts();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await page.getByRole('button', { name: 'I have saved them', exact: true }).click();
    await page.getByRole('heading', { name: 'Two-factor sign-in is on', exact: true }).waitFor();

    // Signing in now takes the password, then a code.
    await signOut(page, DEMO.buyer.businessName);
    await submitLogin(page, DEMO.buyer.email, 'canopy-demo');
    await page.getByText(TWO_FACTOR.codeNeeded, { exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Authentication code', exact: true }).fill('111111');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: TWO_FACTOR.codeInvalid }).waitFor();

    // A recovery code works in place of the app's code.
    await page.getByRole('textbox', { name: 'Authentication code', exact: true }).fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/products');
  });

  test('the demo admin signs in with a code from the published key and reaches the admin tools', async () => {
    const page = await journey.newPage();
    await login(page, DEMO.admin.email);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Overview', exact: true }).waitFor();
    expect(await page.getByText(TWO_FACTOR.adminMustEnrol).count()).toBe(0);
  });
});
