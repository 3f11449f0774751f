import type { Page, Response } from 'playwright-core';
import { apiSignIn, DEMO, DEMO_PASSWORD } from './auth.ts';
import { latestMail, linkIn } from './mail.ts';
import { newRegistration, type Registration, registerThroughApi } from './registration.ts';
import type { RunningServer } from './server.ts';

/**
 * How long a live change may take to show in the other browser. Far below the 30-second unread
 * refresh, so only the live stream can meet it.
 */
export const LIVE_MS = 3_000;

/** A JSON call as the web app makes it, failing loudly on anything but success. */
export async function callApi<T>(
  baseUrl: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json()) as T & { success?: boolean };
  if (!response.ok || payload.success === false) {
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(payload)}`);
  }
  return payload;
}

/** A bearer token from the same sign-in calls the login form makes. */
export const apiToken = (baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> =>
  apiSignIn(baseUrl, email, password);

/** The seller's id as the public product page shows it. */
export async function sellerIdOf(baseUrl: string, listingId: string): Promise<string> {
  const answer = await callApi<{ product: { seller: { sellerId: string } } }>(
    baseUrl,
    'GET',
    `/products/${listingId}`,
  );
  return answer.product.seller.sellerId;
}

/** The first message from a buyer about a listing: what the product page's contact form sends. */
export async function contactThroughApi(
  baseUrl: string,
  buyerToken: string,
  listingId: string,
  content: string,
): Promise<void> {
  await callApi(baseUrl, 'POST', '/messages', buyerToken, {
    receiverId: await sellerIdOf(baseUrl, listingId),
    listingId,
    subject: 'Availability',
    content,
  });
}

/** The unread count as the server has it: proves a thread was marked read, not just hidden. */
export async function unreadCountThroughApi(baseUrl: string, token: string): Promise<number> {
  return (await callApi<{ data: { count: number } }>(baseUrl, 'GET', '/messages/unread', token)).data.count;
}

/**
 * A buyer nobody has written to: registered, e-mail verified and approved by the admin through the
 * API, ready to sign in with the form.
 */
export async function newVerifiedBuyer(server: RunningServer): Promise<Registration> {
  const buyer = newRegistration('buyer');
  await registerThroughApi(server.baseUrl, buyer);
  const verifyLink = new URL(linkIn(await latestMail(server.dataDir, buyer.email), '/verify-email'));
  await callApi(server.baseUrl, 'POST', '/auth/verify-email', undefined, {
    token: verifyLink.searchParams.get('token'),
  });
  const adminToken = await apiToken(server.baseUrl, DEMO.admin.email);
  const users = await callApi<{ data: { _id: string; email: string }[] }>(
    server.baseUrl,
    'GET',
    `/admin/users?query=${encodeURIComponent(buyer.email)}`,
    adminToken,
  );
  const account = users.data.find((user) => user.email === buyer.email);
  if (!account) throw new Error(`The admin's user list has no ${buyer.email}`);
  // The test license is not in the registry, so the approval carries a reason (decision 081).
  await callApi(server.baseUrl, 'PUT', `/admin/users/${account._id}/status`, adminToken, {
    status: 'verified',
    reason: 'License checked with the regulator directly',
  });
  return buyer;
}

/** Resolves once this page's live stream has been answered; call before signing in. */
export function liveStreamOpened(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/messages/stream' && response.status() === 200,
  );
}

/** The number on the nav bar's messages badge; '' when there is no badge. */
export async function badgeText(page: Page): Promise<string> {
  const badge = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Messages/ })
    .locator('span');
  return (await badge.count()) === 0 ? '' : badge.innerText();
}

export const unreadBanner = (page: Page) => page.getByRole('region', { name: 'Unread messages' });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A row of the Messages page's conversation list, found by the other participant's name. */
export const conversationRow = (page: Page, businessName: string) =>
  page.getByRole('tabpanel').getByRole('link', { name: new RegExp(`^${escapeRegExp(businessName)}`) });

/** The open thread's messages. */
export const thread = (page: Page, businessName: string) =>
  page.getByRole('log', { name: `Messages with ${businessName}` });

/** Marks the page so a later check can tell whether it was reloaded meanwhile. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { canopyMark?: boolean }).canopyMark = true;
  });
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { canopyMark?: boolean }).canopyMark === true);
}
