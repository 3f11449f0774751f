import { ADMIN, LISTING_MODERATION } from '@canopy/shared';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import {
  adminListingRow,
  adminOnDashboard,
  confirmWithReason,
  openAdminTab,
  searchCatalog,
  tagOf,
  toast,
} from './support/admin.ts';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { createListingThroughApi, newListing, sellerToken } from './support/listings.ts';
import { latestMail } from './support/mail.ts';

// Issue 10: a listing an admin hides stays hidden until an admin lifts it. The seller sees why,
// cannot relist it, and replies through "Request review"; the admin previews and restores it.

const journey = useJourney();

describe('listing moderation', () => {
  test('an admin hides a listing with a reason; the seller cannot relist it, asks for a review, and the admin restores it', async () => {
    const listing = newListing();
    const listingId = await createListingThroughApi(journey.server.baseUrl, listing);
    const visitor = await journey.newPage();
    await searchCatalog(visitor, tagOf(listing.title), '1 product found');

    // The admin deactivates it with a reason from the short list plus their own words.
    const admin = await journey.newPage();
    await adminOnDashboard(admin);
    await openAdminTab(admin, 'Listings');
    await admin.getByRole('searchbox', { name: 'Search', exact: true }).fill(tagOf(listing.title));
    const row = adminListingRow(admin, listing.title);
    await row.getByRole('button', { name: `Deactivate ${listing.title}`, exact: true }).click();
    const hideDialog = admin.getByRole('dialog', { name: 'Deactivate listing?' });
    // No reason, no action: the dialog says so and stays open.
    await hideDialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await hideDialog.getByText(LISTING_MODERATION.reasonRequired, { exact: true }).waitFor();
    await confirmWithReason(hideDialog, 'Deactivate', {
      preset: 'Prohibited product or health claims',
      details: 'the description promises a cure',
    });
    await toast(admin, ADMIN.listingDeactivated);
    await row.getByText('Hidden by Canopy', { exact: true }).waitFor();
    await searchCatalog(visitor, tagOf(listing.title), '0 products found');
    const reason = 'Prohibited product or health claims: the description promises a cure';
    const hiddenMail = await latestMail(journey.server.dataDir, DEMO.seller.email, {
      subject: /was hidden by Canopy/,
    });
    expect(hiddenMail.text).toContain(`Reason: ${reason}`);

    // The seller sees why, and has no Relist for it; the relist call itself is refused too.
    const seller = await journey.newPage();
    await login(seller, DEMO.seller.email);
    await seller.waitForURL((url) => url.pathname === '/seller');
    const archived = seller.getByRole('table', { name: 'Archived listings' });
    const sellerRow = archived.getByRole('row').filter({ hasText: listing.title });
    await sellerRow.getByText(LISTING_MODERATION.hiddenBy(reason), { exact: true }).waitFor();
    expect(await sellerRow.getByRole('button', { name: `Relist ${listing.title}` }).count()).toBe(0);
    const relist = await fetch(`${journey.server.baseUrl}/api/listings/${listingId}/relist`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await sellerToken(journey.server.baseUrl)}` },
    });
    expect(relist.status).toBe(403);

    await sellerRow.getByRole('button', { name: `Request review of ${listing.title}`, exact: true }).click();
    const request = seller.getByRole('dialog', { name: 'Request review' });
    await request
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('I removed the health claim from the description.');
    await request.getByRole('button', { name: 'Send request', exact: true }).click();
    await toast(seller, LISTING_MODERATION.reviewRequested);
    await sellerRow.getByText('Review requested', { exact: true }).waitFor();

    // The request waits in the admin's queue, with the seller's message.
    await admin.reload();
    await openAdminTab(admin, 'Listings');
    const queue = admin.getByRole('region', { name: /^Review requests/ });
    const card = queue.getByRole('listitem').filter({ hasText: listing.title });
    await card.getByText('I removed the health claim from the description.', { exact: true }).waitFor();

    // The preview shows the listing as the public would, and its history with the reason.
    await card.getByRole('button', { name: `Preview ${listing.title}`, exact: true }).click();
    const preview = admin.getByRole('dialog', { name: 'Listing preview' });
    await preview.getByText(listing.description, { exact: true }).waitFor();
    await preview.getByText('$1,400.00 / lb (negotiable)', { exact: true }).waitFor();
    await preview.getByRole('link', { name: /View Results/ }).waitFor();
    await preview.getByText(`Reason: ${reason}`, { exact: true }).waitFor();
    await preview.getByText('Deactivated listing', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(admin);
    await preview.getByRole('button', { name: 'Close', exact: true }).click();

    await card.getByRole('button', { name: `Restore ${listing.title}`, exact: true }).click();
    await confirmWithReason(admin.getByRole('dialog', { name: 'Restore listing?' }), 'Restore', {
      preset: 'Seller corrected the listing',
    });
    await toast(admin, LISTING_MODERATION.restored);
    await card.waitFor({ state: 'detached' });

    // Public again, and back among the seller's active listings.
    await searchCatalog(visitor, tagOf(listing.title), '1 product found');
    await seller.reload();
    await seller
      .getByRole('table', { name: 'Active listings' })
      .getByRole('row')
      .filter({ hasText: listing.title })
      .waitFor();
    const restoredMail = await latestMail(journey.server.dataDir, DEMO.seller.email, {
      subject: /is public again/,
    });
    expect(restoredMail.text).toContain('Reason: Seller corrected the listing');
  });
});
