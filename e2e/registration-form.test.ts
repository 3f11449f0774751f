import { REVIEW } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useJourney } from './support/browser.ts';
import { smallPdf } from './support/files.ts';
import { newRegistration, type Registration, registerThroughApi } from './support/registration.ts';

// Issue 27 item 15: a refused registration puts the cursor on the first field to fix, and a
// license someone else registered is said on the license field, with a contact link that works.

const journey = useJourney();

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);

async function fillRegistrationForm(page: Page, who: Registration) {
  await page.getByLabel('Business email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(who.password);
  await page.getByLabel('Business name', { exact: true }).fill(who.businessName);
  await page.getByLabel('Contact name', { exact: true }).fill(who.contactName);
  await page.getByLabel('Phone', { exact: true }).fill(who.phone);
  await page.getByLabel('License number', { exact: true }).fill(who.licenseNumber);
  await page.getByLabel('License type', { exact: true }).selectOption(who.licenseType);
  await page.getByLabel('License document', { exact: true }).setInputFiles({
    name: 'state-license.pdf',
    mimeType: 'application/pdf',
    buffer: smallPdf(`${who.businessName} license ${who.licenseNumber}`),
  });
  await page.getByLabel('Street address', { exact: true }).fill(who.street);
  await page.getByLabel('City', { exact: true }).fill(who.city);
  await page.getByLabel('County', { exact: true }).selectOption(who.county);
  await page.getByLabel('ZIP code', { exact: true }).fill(who.zipCode);
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
}

async function openRegistration(): Promise<Page> {
  const page = await journey.newPage();
  await page.goto('/register?type=seller');
  await page.getByLabel('Business email', { exact: true }).waitFor();
  return page;
}

describe('registration form', () => {
  test('an empty submit puts the cursor on the first field, not on the terms at the bottom', async () => {
    const page = await openRegistration();
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await page
      .getByText('You must agree to the Terms of Service and Privacy Policy', { exact: true })
      .waitFor();
    expect(await focusedId(page)).toBe('email');
  });

  test('a form wrong only in the middle puts the cursor there', async () => {
    const page = await openRegistration();
    await fillRegistrationForm(page, newRegistration('seller'));
    await page.getByLabel('Phone', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await page.getByText('Phone is required', { exact: true }).waitFor();
    expect(await focusedId(page)).toBe('phone');
  });

  test('a license registered to another account is said on the license field, with a working contact link', async () => {
    const first = newRegistration('seller');
    await registerThroughApi(journey.server.baseUrl, first);
    const page = await openRegistration();
    await fillRegistrationForm(page, { ...newRegistration('seller'), licenseNumber: first.licenseNumber });
    await page.getByRole('button', { name: 'Create account', exact: true }).click();

    const license = page.getByRole('textbox', { name: 'License number', exact: true });
    await page.locator('#licenseNumber-error').waitFor();
    // What a screen reader also hears: the link says it opens a new tab.
    expect(await page.locator('#licenseNumber-error').textContent()).toBe(
      REVIEW.licenseTaken.replace('contact us', 'contact us (opens in a new tab)'),
    );
    expect(await license.getAttribute('aria-invalid')).toBe('true');
    expect(await license.getAttribute('aria-describedby')).toContain('licenseNumber-error');
    expect(await focusedId(page)).toBe('licenseNumber');
    // Said once, on the field: not again in an alert at the foot of the form.
    expect(await page.getByRole('alert').filter({ hasText: 'already registered' }).count()).toBe(0);

    // The link opens beside the form, so what the seller typed is still there to correct.
    const [help] = await Promise.all([
      page.waitForEvent('popup'),
      page
        .locator('#licenseNumber-error')
        .getByRole('link', { name: 'contact us (opens in a new tab)', exact: true })
        .click(),
    ]);
    await help.waitForURL((url) => url.pathname === '/help' && url.hash === '#contact');
    await help.getByRole('heading', { name: 'Contact us', exact: true }).waitFor();
    expect(await page.getByLabel('License number', { exact: true }).inputValue()).toBe(first.licenseNumber);
  });
});
