import { ACCOUNT_STATUS, AUTH, GENERIC, VERIFICATION_RESEND_LIMIT } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO, login, recordPaths, submitLogin } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { newRegistration, registerThroughApi } from './support/registration.ts';

const journey = useJourney();

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

describe('role redirects and session handling', () => {
  test('signed out, a protected page sends to sign-in and back; a wrong role is sent home', async () => {
    const page = await journey.newPage();
    await page.goto('/seller');
    await waitForPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/seller');

    // The buyer comes back to /seller after signing in, and /seller is not a buyer's page.
    const paths = recordPaths(page);
    await login(page, DEMO.buyer.email);
    await waitForPath(page, '/');
    expect(paths).toEqual(['/seller', '/']);
    await page.goto('/admin');
    await waitForPath(page, '/');
  });

  test('leaving a page while its session check is on its way keeps the session', async () => {
    const page = await journey.newPage();
    await login(page, DEMO.buyer.email);
    await waitForPath(page, '/products');
    // The next page's check of the stored token is held, and the buyer moves on before it ends.
    await page.route('**/api/auth/me', () => {});
    await page.goto('/help');
    await page.unroute('**/api/auth/me');
    await page.goto('/orders');
    await waitForPath(page, '/orders');
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  });

  test('/dashboard sends each role to its own home', async () => {
    const homes = [
      { email: DEMO.admin.email, home: '/admin' },
      { email: DEMO.seller.email, home: '/seller' },
      { email: DEMO.buyer.email, home: '/products' },
    ];
    for (const { email, home } of homes) {
      const page = await journey.newPage();
      // Without a redirect parameter, sign-in itself goes through /dashboard.
      await login(page, email);
      await waitForPath(page, home);
      await page.goto('/dashboard');
      await waitForPath(page, home);
    }
  });

  test('a pending seller sees the account status screen instead of the Seller Dashboard', async () => {
    const page = await journey.newPage();
    await login(page, DEMO.pendingSeller.email);
    await page.goto('/seller');
    await page.getByRole('heading', { name: ACCOUNT_STATUS.pendingTitle, exact: true }).waitFor();
    await page.getByText(ACCOUNT_STATUS.pendingBody, { exact: true }).waitFor();
    await page.getByText('License Pending', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Seller Dashboard' }).count()).toBe(0);
  });

  test('an unknown address shows the not-found page, not the error page', async () => {
    const page = await journey.newPage();
    const response = await page.goto('/no-such-page');
    // The server knows the app's addresses (one list with the router): status 404, and the app
    // still shows its not-found page with ways on (decision 191).
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found', exact: true }).waitFor();
    await page.getByText('There is no page at /no-such-page.', { exact: false }).waitFor();
    expect(await page.getByText(GENERIC.unexpectedApplicationError).count()).toBe(0);
    await page.getByRole('main').getByRole('link', { name: 'Browse products' }).click();
    await waitForPath(page, '/products');
  });

  test('signing in before verifying the e-mail shows the verification message', async () => {
    const registration = newRegistration('buyer');
    await registerThroughApi(journey.server.baseUrl, registration);
    const page = await journey.newPage();
    await submitLogin(page, registration.email, registration.password);
    await page.getByText(AUTH.verifyEmailFirst(VERIFICATION_RESEND_LIMIT), { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  test('the navigation bar offers sign-in when signed out and the business menu when signed in', async () => {
    const page = await journey.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
    await nav.getByRole('link', { name: 'Get Started', exact: true }).waitFor();

    await login(page, DEMO.buyer.email);
    await nav.getByRole('button', { name: DEMO.buyer.businessName, exact: true }).waitFor();
    await nav.getByText('License Verified', { exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Get Started', exact: true }).count()).toBe(0);
    // The home page's own actions follow who is looking: a buyer is not asked to sign up.
    await page.goto('/');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Browse products', exact: true }).waitFor();
    await main.getByRole('link', { name: 'Messages', exact: true }).waitFor();
    expect(await main.getByRole('link', { name: /^Sign up/ }).count()).toBe(0);
  });

  test('a token the server rejects is removed and the user is sent to sign in', async () => {
    const page = await journey.newPage();
    await login(page, DEMO.buyer.email);
    await page.evaluate(() => localStorage.setItem('token', 'corrupted-token'));
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/login' || url.pathname === '/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  });
});
