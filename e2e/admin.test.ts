import { ADMIN, PRODUCTS } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import {
  type AdminTab,
  adminListingRow,
  adminOnDashboard,
  auditRow,
  confirmWithReason,
  openAdminTab,
  searchCatalog,
  statValue,
  tagOf,
  toast,
} from './support/admin.ts';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { createListingThroughApi, newListing } from './support/listings.ts';

const journey = useJourney();

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

describe('admin dashboard', () => {
  test('an admin reads the registry verdict and the license document, approves, and the seller can list', async () => {
    const admin = await journey.newPage();
    await adminOnDashboard(admin);
    await openAdminTab(admin, 'User Management');
    await admin
      .getByRole('button', { name: `View details of ${DEMO.pendingSeller.businessName}`, exact: true })
      .click();

    const dialog = admin.getByRole('dialog', { name: DEMO.pendingSeller.businessName });
    const verdict = dialog.getByRole('region', { name: 'State license registry' });
    // The demo's sample registry lists this seller's license, active, under the same legal name.
    await verdict.getByText('Found', { exact: true }).waitFor();
    for (const text of ['CCL23-0009876', 'Cultivation (CCL)', 'Active', 'Exact match', 'score 1.00']) {
      await verdict.getByText(text, { exact: true }).waitFor();
    }
    expect(await verdict.getByText(/against the legal name “Sierra Sun Growers”/).count()).toBe(1);
    expect(await verdict.getByText('Expired', { exact: true }).count()).toBe(0);

    // The document needs the admin's token, so the app fetches it and shows it in a new tab.
    const [documentTab, document] = await Promise.all([
      admin.context().waitForEvent('page'),
      admin.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/license-document')),
      verdict.getByRole('button', { name: 'View license document', exact: true }).click(),
    ]);
    expect(document.status()).toBe(200);
    expect(document.headers()['content-type']).toBe('application/pdf');
    await documentTab.waitForURL((url) => url.protocol === 'blob:');
    await documentTab.close();

    // Approving from the dialog asks for confirmation, restating the (clear) verdict; then SPEC's
    // toast, and the dialog follows the new status.
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    const confirmation = admin.getByRole('dialog', { name: `Approve ${DEMO.pendingSeller.businessName}?` });
    await confirmation.getByText('License check: clear', { exact: true }).waitFor();
    await confirmation.getByRole('button', { name: 'Approve account', exact: true }).click();
    await toast(admin, ADMIN.statusUpdated('verified'));
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).waitFor();
    await dialog.getByText('verified', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    // The approved seller signs in and reaches the create-listing form.
    const seller = await journey.newPage();
    await login(seller, DEMO.pendingSeller.email);
    await waitForPath(seller, '/seller');
    await seller.getByRole('link', { name: 'Create New Listing', exact: true }).click();
    await waitForPath(seller, '/seller/listings/new');
    await seller.getByRole('textbox', { name: 'Title', exact: true }).waitFor();

    await openAdminTab(admin, 'Audit Trail');
    await auditRow(admin, 'Changed status', DEMO.pendingSeller.email)
      .getByText('pending → verified', { exact: true })
      .waitFor();
  });

  test('an admin deactivates one listing and deletes another; both leave the catalog', async () => {
    const deactivated = newListing();
    const deleted = newListing();
    await createListingThroughApi(journey.server.baseUrl, deactivated);
    const deletedId = await createListingThroughApi(journey.server.baseUrl, deleted);
    const visitor = await journey.newPage();
    await searchCatalog(visitor, tagOf(deactivated.title), '1 product found');

    const admin = await journey.newPage();
    await adminOnDashboard(admin);
    const activeBefore = await statValue(admin, 'Active Listings');
    await openAdminTab(admin, 'Listings');
    const search = admin.getByRole('searchbox', { name: 'Search', exact: true });

    await search.fill(tagOf(deactivated.title));
    const row = adminListingRow(admin, deactivated.title);
    await row.getByText('Active', { exact: true }).waitFor();
    for (const text of [
      '12.5 lbs',
      deactivated.zipCode,
      '$1,400.00 (negotiable)',
      DEMO.seller.businessName,
    ]) {
      expect(await row.innerText()).toContain(text);
    }
    await row.getByRole('button', { name: `Deactivate ${deactivated.title}`, exact: true }).click();
    await confirmWithReason(admin.getByRole('dialog', { name: 'Deactivate listing?' }), 'Deactivate', {
      preset: 'Duplicate listing',
    });
    await toast(admin, ADMIN.listingDeactivated);
    await row.getByText('Inactive', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Activate ${deactivated.title}`, exact: true }).waitFor();
    await searchCatalog(visitor, tagOf(deactivated.title), '0 products found');

    await search.fill(tagOf(deleted.title));
    const doomed = adminListingRow(admin, deleted.title);
    const deleteButton = doomed.getByRole('button', { name: `Delete ${deleted.title}`, exact: true });
    // Cancel deletes nothing.
    await deleteButton.click();
    const confirm = admin.getByRole('dialog', { name: 'Delete listing?' });
    await confirm.getByText(`“${deleted.title}”`, { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await deleteButton.click();
    // It says what goes with the listing before anything is deleted.
    for (const text of ['The listing and its details', '2 photos and 0 videos', 'Its lab results']) {
      await confirm.getByText(text, { exact: true }).waitFor();
    }
    await confirmWithReason(confirm, 'Delete', { preset: 'Other (describe below)', details: 'Test lot' });
    await toast(admin, ADMIN.listingDeleted);
    await doomed.waitFor({ state: 'detached' });
    await admin.getByText('No listings match these filters', { exact: true }).waitFor();

    await searchCatalog(visitor, tagOf(deleted.title), '0 products found');
    await visitor.goto(`/products/${deletedId}`);
    await visitor.getByText(PRODUCTS.notFound, { exact: true }).first().waitFor();

    // The stats follow: both listings were active before.
    await openAdminTab(admin, 'Overview');
    await expect.poll(() => statValue(admin, 'Active Listings')).toBe(activeBefore - 2);

    await openAdminTab(admin, 'Audit Trail');
    await auditRow(admin, 'Deactivated listing', deactivated.title)
      .getByText('active → inactive', { exact: true })
      .waitFor();
    await auditRow(admin, 'Deleted listing', deleted.title)
      .getByText('active → deleted', { exact: true })
      .waitFor();
  });

  test('a signed-in non-admin is sent home from /admin, and a visitor to sign-in', async () => {
    const seller = await journey.newPage();
    await login(seller, DEMO.seller.email);
    await waitForPath(seller, '/seller');
    await seller.goto('/admin');
    await waitForPath(seller, '/');

    const visitor = await journey.newPage();
    await visitor.goto('/admin?tab=audit');
    await waitForPath(visitor, '/login');
    expect(new URL(visitor.url()).searchParams.get('redirect')).toBe('/admin?tab=audit');
  });

  test('every admin tab, and both dialogs, have no serious axe violations', async () => {
    const admin = await journey.newPage();
    await adminOnDashboard(admin);
    // Each tab is checked once its content has loaded, so axe sees the real page, not a spinner.
    const ready: Record<AdminTab, () => Promise<void>> = {
      Overview: () => admin.getByRole('table', { name: 'Most recent users' }).waitFor(),
      'User Management': () => admin.getByRole('table', { name: 'Users' }).waitFor(),
      Listings: () => admin.getByRole('table', { name: 'All listings' }).waitFor(),
      'Audit Trail': () =>
        admin
          .getByRole('table', { name: 'Admin actions, newest first' })
          .or(admin.getByText('No admin actions yet', { exact: true }))
          .waitFor(),
    };
    for (const [tab, isReady] of Object.entries(ready)) {
      await openAdminTab(admin, tab as AdminTab);
      await isReady();
      await expectNoSeriousA11yViolations(admin);
    }

    // The tab lives in the address: a link opens it directly.
    await admin.goto('/admin?tab=listings');
    expect(
      await admin.getByRole('tab', { name: 'Listings', exact: true }).getAttribute('aria-selected'),
    ).toBe('true');
    await admin
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    await admin.getByRole('dialog', { name: 'Delete listing?' }).waitFor();
    await expectNoSeriousA11yViolations(admin);
    await admin.keyboard.press('Escape');

    await openAdminTab(admin, 'User Management');
    await admin
      .getByRole('button', { name: `View details of ${DEMO.seller.businessName}`, exact: true })
      .click();
    await admin
      .getByRole('dialog', { name: DEMO.seller.businessName })
      .getByText('Found', { exact: true })
      .waitFor();
    await expectNoSeriousA11yViolations(admin);
  });
});
