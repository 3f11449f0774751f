import { ACCOUNT_SECURITY, AUTH, PROFILE, VALIDATION } from '@canopy/shared';
import { describe, expect, test } from 'vitest';
import { DEMO, DEMO_PASSWORD, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { latestMail, linkIn } from './support/mail.ts';

const journey = useJourney();

// Issue 9 item 2: a new sign-in e-mail needs the current password and only takes effect once the
// link mailed to the new address is opened.

describe('changing the sign-in e-mail on the profile screen', () => {
  test('asks for the password, keeps the old address until the new one is confirmed', async () => {
    const newEmail = 'golden.coast.buying@example.com';
    const page = await journey.newPage();
    await login(page, DEMO.buyer.email);
    await page.goto('/profile');
    const email = page.getByLabel('Email', { exact: true });
    await expect.poll(() => email.inputValue(), { timeout: 10_000 }).toBe(DEMO.buyer.email);

    await email.fill(newEmail);
    await page.getByText(ACCOUNT_SECURITY.emailChangePasswordHint, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await page.getByText(VALIDATION.currentPasswordRequired, { exact: true }).waitFor();

    await page.getByLabel('Current password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await page.getByText(PROFILE.updated, { exact: true }).waitFor();
    await page.getByText(ACCOUNT_SECURITY.emailChangePending(newEmail), { exact: true }).first().waitFor();
    await expect.poll(() => email.inputValue(), { timeout: 10_000 }).toBe(DEMO.buyer.email);

    const notice = await latestMail(journey.server.dataDir, DEMO.buyer.email, { subject: /being changed/ });
    expect(notice.text).not.toMatch(/token=/);
    const confirmation = await latestMail(journey.server.dataDir, newEmail, { subject: /Confirm/ });
    const mailbox = await journey.newPage();
    await mailbox.goto(linkIn(confirmation, '/verify-email'));
    await mailbox.getByRole('heading', { name: AUTH.emailVerified, exact: true }).waitFor();

    const later = await journey.newPage();
    await login(later, newEmail);
  });
});
