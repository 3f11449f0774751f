import { ACCOUNT_STATUS, ADMIN, AUTH, PROFILE, VALIDATION, VERIFY_REDIRECT_MS } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO, login, pathOf, signOut } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { smallPdf } from './support/files.ts';
import { latestMail, linkIn } from './support/mail.ts';
import { newRegistration, type Registration } from './support/registration.ts';
import { REVIEW_EMAIL } from './support/server.ts';

const journey = useJourney();

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

async function fillRegistrationForm(page: Page, seller: Registration) {
  await page.getByLabel('Business email', { exact: true }).fill(seller.email);
  await page.getByLabel('Password', { exact: true }).fill(seller.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(seller.password);
  await page.getByLabel('Business name', { exact: true }).fill(seller.businessName);
  await page.getByLabel('Contact name', { exact: true }).fill(seller.contactName);
  await page.getByLabel('Phone', { exact: true }).fill(seller.phone);
  await page.getByLabel('License number', { exact: true }).fill(seller.licenseNumber);
  await page.getByLabel('License type', { exact: true }).selectOption(seller.licenseType);
  await page.getByLabel('License document', { exact: true }).setInputFiles({
    name: 'state-license.pdf',
    mimeType: 'application/pdf',
    buffer: smallPdf(`${seller.businessName} license ${seller.licenseNumber}`),
  });
  await page.getByLabel('Street address', { exact: true }).fill(seller.street);
  await page.getByLabel('City', { exact: true }).fill(seller.city);
  await page.getByLabel('County', { exact: true }).selectOption(seller.county);
  await page.getByLabel('ZIP code', { exact: true }).fill(seller.zipCode);
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
}

async function approveAsAdmin(seller: Registration) {
  const admin = await journey.newPage();
  await login(admin, DEMO.admin.email);
  await waitForPath(admin, '/admin');
  await admin.getByRole('tab', { name: 'User Management', exact: true }).click();
  const row = admin.getByRole('row').filter({ hasText: seller.email });
  await row.getByRole('button', { name: 'Approve', exact: true }).click();
  // The test license is not in the registry, so the approval needs a reason (decision 081).
  const confirmation = admin.getByRole('dialog', { name: `Approve ${seller.businessName}?` });
  await confirmation
    .getByLabel('Reason', { exact: true })
    .selectOption('License checked with the regulator directly');
  await confirmation.getByRole('button', { name: 'Approve account', exact: true }).click();
  await admin.getByText(ADMIN.statusUpdated('verified'), { exact: true }).waitFor();
}

describe('seller registration and approval', () => {
  test('a new seller registers, verifies the e-mail, waits for review, is approved and edits the profile', async () => {
    const seller = newRegistration('seller');
    const page = await journey.newPage();

    await page.goto('/account-type-selection');
    await page.getByRole('link', { name: /I'm a Seller/ }).click();
    await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('type') === 'seller');
    await fillRegistrationForm(page, seller);
    await page.getByRole('button', { name: 'Create account', exact: true }).click();

    await waitForPath(page, '/check-email');
    expect(new URL(page.url()).searchParams.get('email')).toBe(seller.email);
    await page.getByRole('heading', { name: 'Check your email', exact: true }).waitFor();

    // The verification link arrives by mail; opening it signs the seller in.
    const verification = await latestMail(journey.server.dataDir, seller.email, { subject: /verify/i });
    await page.goto(linkIn(verification, '/verify-email'));
    await page.getByRole('heading', { name: AUTH.emailVerified, exact: true }).waitFor();
    const verifiedAt = Date.now();

    // SPEC: after 2 seconds the seller is taken on; being pending, to the account status screen.
    await waitForPath(page, '/seller');
    expect(Date.now() - verifiedAt).toBeGreaterThanOrEqual(VERIFY_REDIRECT_MS - 500);
    await page.getByRole('heading', { name: ACCOUNT_STATUS.pendingTitle, exact: true }).waitFor();
    await page.getByText(ACCOUNT_STATUS.reviewFooter, { exact: true }).waitFor();
    const priorityReview = page.getByRole('link', { name: /priority review/i });
    const mailto = new URL((await priorityReview.getAttribute('href')) ?? '');
    expect(mailto.protocol).toBe('mailto:');
    expect(mailto.pathname).toBe(REVIEW_EMAIL);
    expect(mailto.searchParams.get('subject')).toContain(seller.businessName);

    await approveAsAdmin(seller);
    const approval = await latestMail(journey.server.dataDir, seller.email, { subject: /approved/i });
    expect(approval.text).toContain('/login');

    // The seller's open session still holds the pending user: signing in again picks up the status.
    await signOut(page, seller.businessName);
    // The same link opened again says the address is verified and offers sign-in (decision 131).
    await page.goto(linkIn(verification, '/verify-email'));
    await page.getByRole('heading', { name: AUTH.verifyAlreadyDoneTitle, exact: true }).waitFor();
    await page.getByText(AUTH.verifyAlreadyDone, { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Register Again' }).count()).toBe(0);
    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, '/login');
    await login(page, seller.email, seller.password);
    await waitForPath(page, '/seller');
    await page.getByRole('heading', { name: 'Seller Dashboard', exact: true }).waitFor();

    await page.goto('/profile');
    const contactName = page.getByLabel('Contact name', { exact: true });
    await expectValue(contactName, seller.contactName);
    await contactName.fill('Riley Stone-Marsh');
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await page.getByText(PROFILE.updated, { exact: true }).waitFor();
    await page.reload();
    await expectValue(page.getByLabel('Contact name', { exact: true }), 'Riley Stone-Marsh');

    await page.getByLabel('ZIP code', { exact: true }).fill('9548');
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await page.getByText(VALIDATION.zipInvalid, { exact: true }).waitFor();

    await signOut(page, seller.businessName);
    expect(pathOf(page)).toBe('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Sign in', exact: true })
      .waitFor();
  });
});

/** Waits for a form control to show `value` (the form fills in once the profile has loaded). */
async function expectValue(control: ReturnType<Page['getByLabel']>, value: string) {
  await expect.poll(() => control.inputValue(), { timeout: 10_000 }).toBe(value);
}
