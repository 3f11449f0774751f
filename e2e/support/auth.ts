import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../apps/api/src/seed/fixtures/accounts.ts';

export { DEMO_PASSWORD };

/** The seeded demo accounts (apps/api/src/seed/fixtures/accounts.ts). */
export const DEMO = {
  admin: { email: 'admin@example.com', businessName: 'Canopy Operations' },
  seller: { email: 'seller@example.com', businessName: 'Emerald Ridge Farms' },
  buyer: { email: 'buyer@example.com', businessName: 'Golden Coast Dispensary' },
  pendingSeller: { email: 'pending@example.com', businessName: 'Sierra Sun Growers' },
} as const;

const LOGIN_PATHS = new Set(['/login', '/auth/login']);
const isLoginPage = (page: Page) => LOGIN_PATHS.has(new URL(page.url()).pathname);

/** Fills and submits the real sign-in form, opening /login first unless a sign-in page is open. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  if (!isLoginPage(page)) await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the form and waits until the app has left the sign-in page. */
export async function login(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await submitLogin(page, email, password);
  try {
    await page.waitForURL((url) => !LOGIN_PATHS.has(url.pathname));
  } catch (error) {
    const alerts = await page.getByRole('alert').allInnerTexts();
    const says = alerts.length ? `; the page says: ${alerts.join(' / ')}` : '';
    throw new Error(`Signing in as ${email} stayed on ${pathOf(page)}${says}`, { cause: error });
  }
}

/** Signs out through the user menu (labelled with the business name) and waits for the home page. */
export async function signOut(page: Page, menuLabel: string): Promise<void> {
  await page.getByRole('button', { name: menuLabel, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** The path and query of the page's current address, e.g. "/login?redirect=/seller". */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/**
 * Every path the page's main frame shows from now on, client-side navigations included, so a test
 * can see a page it only passed through (e.g. the redirect target before a wrong-role bounce).
 */
export function recordPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}
