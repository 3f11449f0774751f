import { AUTH, VALIDATION } from '@canopy/shared';
import { describe, expect, test } from 'vitest';
import { DEMO, DEMO_PASSWORD, login, pathOf, submitLogin } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { latestMail, linkIn } from './support/mail.ts';

const journey = useJourney();
const NEW_PASSWORD = 'fresh-harvest-42';

describe('password reset', () => {
  test('a buyer resets a forgotten password through the e-mailed link, which then stops working', async () => {
    const page = await journey.newPage();
    await page.goto('/forgot-password');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO.buyer.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email', exact: true }).waitFor();
    await page.getByText(/The link expires in 1 hour\./).waitFor();

    const mail = await latestMail(journey.server.dataDir, DEMO.buyer.email, { subject: /reset/i });
    const resetLink = linkIn(mail, '/reset-password');
    await page.goto(resetLink);

    // A mismatched confirmation is refused before anything is sent.
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await page
      .getByRole('textbox', { name: 'Confirm new password', exact: true })
      .fill(`${NEW_PASSWORD}-typo`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText(VALIDATION.passwordsDoNotMatch, { exact: true }).waitFor();
    expect(page.url()).toBe(resetLink);

    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // The old password no longer opens the account…
    await submitLogin(page, DEMO.buyer.email, DEMO_PASSWORD);
    await page.getByRole('alert').filter({ hasText: AUTH.invalidCredentials }).waitFor();
    expect(pathOf(page)).toBe('/login');

    // …the new one does, and a buyer's /dashboard is the product list.
    await login(page, DEMO.buyer.email, NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/products');

    // The link works once: opened again, the server refuses it.
    const second = await journey.newPage();
    await second.goto(resetLink);
    await second.getByRole('textbox', { name: 'New password', exact: true }).fill('another-secret-7');
    await second.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('another-secret-7');
    await second.getByRole('button', { name: 'Reset password' }).click();
    await second.getByRole('heading', { name: AUTH.resetInvalidLink, exact: true }).waitFor();
    await second.getByText(AUTH.resetExpired, { exact: true }).waitFor();
  });

  test('the reset page without a token says the link is invalid and offers a new one', async () => {
    const page = await journey.newPage();
    await page.goto('/reset-password');
    await page.getByRole('heading', { name: AUTH.resetInvalidLink, exact: true }).waitFor();
    await page.getByRole('link', { name: /request a new/i }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
  });
});
