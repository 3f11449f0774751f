import { ACCOUNT_STATUS, ADMIN, PROFILE, REVIEW, STATUS_SCREEN, type UserStatus } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { adminOnDashboard, auditRow, openAdminTab } from './support/admin.ts';
import { apiSignIn, DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { latestMail, linkIn } from './support/mail.ts';
import { newRegistration, registerThroughApi } from './support/registration.ts';
import { REVIEW_EMAIL } from './support/server.ts';

// Issue 10: the verdict comes before the approval, the approval of a mismatch needs a reason, and
// the reason reaches the audit trail and the trader's e-mail.

const journey = useJourney();

test('a mismatched registrant shows its verdict in the list; approving asks for a reason that reaches the trail and the e-mail', async () => {
  // Registered with a testing laboratory's license: found and active, but not this business's name.
  const seller = { ...newRegistration('seller'), licenseNumber: 'C8-0000042-LIC' };
  await registerThroughApi(journey.server.baseUrl, seller);

  const admin = await journey.newPage();
  await adminOnDashboard(admin);
  await openAdminTab(admin, 'User Management');
  await admin.getByLabel('License check', { exact: true }).selectOption({ label: 'Name does not match' });
  const row = admin.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: seller.email });
  await row.getByText('Name does not match', { exact: true }).waitFor();
  await row.getByText(/^Registry: Active · no name match \(0\.\d\d\)$/).waitFor();

  await row.getByRole('button', { name: 'Approve', exact: true }).click();
  const confirmation = admin.getByRole('dialog', { name: `Approve ${seller.businessName}?` });
  await confirmation.getByText('License check: not clear', { exact: true }).waitFor();
  await confirmation.getByText('Name does not match', { exact: true }).waitFor();
  await expectNoSeriousA11yViolations(admin);
  // No reason: the approval is not sent.
  await confirmation.getByRole('button', { name: 'Approve account', exact: true }).click();
  await confirmation.getByText(REVIEW.reasonRequired, { exact: true }).waitFor();

  await confirmation
    .getByLabel('Reason', { exact: true })
    .selectOption('License checked with the regulator directly');
  await confirmation
    .getByLabel('Details', { exact: true })
    .fill('Trades under the lab brand; confirmed by phone');
  await confirmation.getByRole('button', { name: 'Approve account', exact: true }).click();
  await admin.getByText(ADMIN.statusUpdated('verified'), { exact: true }).first().waitFor();
  await confirmation.waitFor({ state: 'hidden' });

  const reason =
    'License checked with the regulator directly — Trades under the lab brand; confirmed by phone';
  await openAdminTab(admin, 'Audit Trail');
  const entry = auditRow(admin, 'Changed status', seller.email);
  await entry.getByText(reason, { exact: true }).waitFor();
  await entry.getByText(/^License check at the time: Name does not match\./).waitFor();

  const mail = await latestMail(journey.server.dataDir, seller.email, { subject: /approved/i });
  expect(mail.text).toContain(`Reason given by the Canopy team: “${reason}”`);
});

/** An admin decision made through the API, for journeys about what the trader sees next. */
async function setStatusAsAdmin(email: string, status: UserStatus, reason: string) {
  const base = journey.server.baseUrl;
  const post = (path: string, body: object, token?: string, method = 'POST') =>
    fetch(`${base}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const token = await apiSignIn(base, DEMO.admin.email);
  const users = await fetch(`${base}/api/admin/users?query=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [user] = ((await users.json()) as { data: { _id: string }[] }).data;
  const response = await post(`/admin/users/${user?._id}/status`, { status, reason }, token, 'PUT');
  expect(response.status).toBe(200);
}

async function expectNextStep(page: Page, linkName: string | RegExp, business: string) {
  const href = (await page.getByRole('link', { name: linkName }).first().getAttribute('href')) ?? '';
  const mailto = new URL(href);
  expect(mailto.protocol).toBe('mailto:');
  expect(mailto.pathname).toBe(REVIEW_EMAIL);
  expect(mailto.searchParams.get('subject')).toContain(business);
}

test('rejected and suspended traders each read their own status, next step and header badge', async () => {
  const seller = newRegistration('seller');
  await registerThroughApi(journey.server.baseUrl, seller);
  const page = await journey.newPage();
  const verification = await latestMail(journey.server.dataDir, seller.email, { subject: /verify/i });
  await page.goto(linkIn(verification, '/verify-email'));
  await page.getByRole('heading', { name: ACCOUNT_STATUS.pendingTitle, exact: true }).waitFor();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByText('License Pending', { exact: true }).waitFor();
  await page.getByText(ACCOUNT_STATUS.reviewFooter, { exact: true }).waitFor();

  await setStatusAsAdmin(seller.email, 'rejected', 'License not found in the state registry');
  await page.reload();
  await page.getByRole('heading', { name: STATUS_SCREEN.rejectedTitle, exact: true }).waitFor();
  await page.getByText(STATUS_SCREEN.rejectedBody, { exact: true }).waitFor();
  await nav.getByText(STATUS_SCREEN.badgeRejected, { exact: true }).waitFor();
  await expectNextStep(page, REVIEW_EMAIL, seller.businessName);
  expect(await page.getByText(ACCOUNT_STATUS.reviewFooter, { exact: true }).count()).toBe(0);
  expect(await page.getByText(ACCOUNT_STATUS.unknownTitle, { exact: true }).count()).toBe(0);

  await setStatusAsAdmin(seller.email, 'verified', 'License checked with the regulator directly');
  await setStatusAsAdmin(seller.email, 'suspended', 'Complaint under investigation');
  // A suspension ends the trader's sessions: they sign in again and meet the suspended screen.
  await page.reload();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(seller.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(seller.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: ACCOUNT_STATUS.suspendedTitle, exact: true }).waitFor();
  await page.getByText(ACCOUNT_STATUS.suspendedBody, { exact: true }).waitFor();
  await nav.getByText(STATUS_SCREEN.badgeSuspended, { exact: true }).waitFor();
  await expectNextStep(page, 'contact support', seller.businessName);
  expect(await page.getByText(ACCOUNT_STATUS.reviewFooter, { exact: true }).count()).toBe(0);
});

test('a verified seller is told before saving that a new business name waits for review, and keeps trading', async () => {
  const page = await journey.newPage();
  await login(page, DEMO.seller.email);
  await page.goto('/profile');
  const businessName = page.getByLabel('Business name', { exact: true });
  await expect.poll(() => businessName.inputValue()).toBe(DEMO.seller.businessName);
  await businessName.fill('Golden State Extracts');
  await page.getByText('These changes need our review', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Save changes', exact: true }).click();
  await page.getByText(PROFILE.updated, { exact: true }).first().waitFor();
  await page.getByText('Waiting for review', { exact: true }).waitFor();

  // Still verified, still trading, under the approved name.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByText('License Verified', { exact: true }).waitFor();
  await nav.getByRole('button', { name: DEMO.seller.businessName }).waitFor();
  await page.goto('/seller');
  await page.getByRole('heading', { name: 'Seller Dashboard', exact: true }).waitFor();

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Withdraw request', exact: true }).click();
  await page.getByText(REVIEW.changeWithdrawn, { exact: true }).first().waitFor();
  await page.getByText('Waiting for review', { exact: true }).waitFor({ state: 'detached' });
});
