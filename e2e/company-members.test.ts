import { COMPANY, DEALS, LISTINGS } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { describe, test } from 'vitest';
import { DEMO, login, signOut } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { offerThroughApi } from './support/deals.ts';
import { newListing } from './support/listings.ts';
import { latestMail, linkIn } from './support/mail.ts';
import { apiToken, callApi, contactThroughApi, conversationRow, thread } from './support/messaging.ts';

// Issue 28: an owner invites a sales member, who signs up from the mail, lists a lot and accepts a
// buyer's offer on it; the owner sees who did what on the company page and on the order.

const journey = useJourney();

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('company members', () => {
  test('an owner invites a sales member, who joins from the mail, lists a lot and answers an offer', async () => {
    const memberEmail = `sales.${Date.now()}@example.com`;
    const owner = await journey.newPage();
    await login(owner, DEMO.seller.email);
    await owner.getByRole('button', { name: DEMO.seller.businessName, exact: true }).click();
    await owner.getByRole('menuitem', { name: 'Company', exact: true }).click();
    await waitForPath(owner, '/company');
    await owner.getByRole('heading', { name: DEMO.seller.businessName, exact: true }).waitFor();

    await owner.getByRole('button', { name: 'Invite a member', exact: true }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(memberEmail);
    await dialog.getByRole('combobox', { name: 'Role', exact: true }).selectOption('sales');
    await dialog.getByRole('button', { name: 'Send invitation', exact: true }).click();
    await toast(owner, COMPANY.invited(memberEmail));
    await owner
      .getByRole('button', { name: `Revoke the invitation to ${memberEmail}`, exact: true })
      .waitFor();
    await signOut(owner, DEMO.seller.businessName);

    // The member opens the mailed link, chooses a name and a password, and lands on the company page.
    const mail = await latestMail(journey.server.dataDir, memberEmail, { subject: /Join/ });
    const member = await journey.newPage();
    await member.goto(linkIn(mail, '/accept-invitation'));
    await member.getByRole('textbox', { name: 'Your name', exact: true }).fill('Sam Sales');
    await member.getByRole('textbox', { name: 'Password', exact: true }).fill('sales-password-1');
    await member.getByRole('button', { name: 'Join the company', exact: true }).click();
    await waitForPath(member, '/company');
    await toast(member, COMPANY.joined(DEMO.seller.businessName));
    // A sales member sees the team but manages nothing.
    await member.getByText('Sam Sales', { exact: false }).first().waitFor();
    await member.getByRole('button', { name: 'Invite a member' }).waitFor({ state: 'detached' });

    // …and lists a lot for the company.
    const listing = newListing();
    await member.goto('/seller');
    await member.getByRole('link', { name: 'Create New Listing', exact: true }).click();
    await waitForPath(member, '/seller/listings/new');
    await member.getByRole('textbox', { name: 'Title', exact: true }).fill(listing.title);
    await member.getByRole('textbox', { name: 'Description', exact: true }).fill(listing.description);
    await member
      .getByRole('combobox', { name: 'Product type', exact: true })
      .selectOption(listing.productType);
    await member.getByRole('textbox', { name: 'ZIP code', exact: true }).fill(listing.zipCode);
    await member.getByRole('spinbutton', { name: 'Quantity (lbs)', exact: true }).fill(listing.quantityLbs);
    await member
      .getByRole('spinbutton', { name: 'Asking price ($ per lb)', exact: true })
      .fill(listing.askingPrice);
    await member.getByRole('button', { name: 'Create Listing', exact: true }).click();
    await waitForPath(member, '/seller');
    await toast(member, LISTINGS.created);
    await member
      .getByRole('region', { name: 'Active Listings', exact: true })
      .getByRole('row')
      .filter({ hasText: listing.title })
      .waitFor();

    // A buyer asks about the lot and offers on it; the member accepts for the company.
    const { baseUrl } = journey.server;
    const memberToken = await apiToken(baseUrl, memberEmail, 'sales-password-1');
    const mine = await callApi<{ data: { listings: { _id: string; title: string }[] } }>(
      baseUrl,
      'GET',
      '/listings/my/listings',
      memberToken,
    );
    const lot = mine.data.listings.find((row) => row.title === listing.title);
    if (!lot) throw new Error('the member’s lot is not among the company’s listings');
    const buyerToken = await apiToken(baseUrl, DEMO.buyer.email);
    await contactThroughApi(baseUrl, buyerToken, lot._id, 'Could you do five pounds?');
    await offerThroughApi(baseUrl, buyerToken, { listingId: lot._id, quantityLbs: 5, pricePerLb: 1000 });
    await member.goto('/messages');
    await conversationRow(member, DEMO.buyer.businessName).click();
    await thread(member, DEMO.buyer.businessName)
      .getByRole('article', { name: 'Their offer', exact: true })
      .getByRole('button', { name: 'Accept', exact: true })
      .click();
    const confirm = member.getByRole('dialog', { name: 'Accept this offer?' });
    await confirm.getByRole('button', { name: 'Accept and Create Order', exact: true }).click();
    await member.getByText(DEALS.offerAccepted, { exact: true }).waitFor();

    // The owner sees the new member and who did what.
    const back = await journey.newPage();
    await login(back, DEMO.seller.email);
    await back.goto('/company');
    await back.getByRole('combobox', { name: 'Role of Sam Sales', exact: true }).waitFor();
    await back.getByText(`invited ${memberEmail} as Sales`, { exact: false }).waitFor();
    await back.getByText('joined as Sales', { exact: false }).waitFor();
    const ownerToken = await apiToken(baseUrl, DEMO.seller.email);
    const orders = await callApi<{ data: { _id: string; listingId: string | null }[] }>(
      baseUrl,
      'GET',
      '/orders',
      ownerToken,
    );
    const order = orders.data.find((row) => row.listingId === lot._id);
    if (!order) throw new Error('the accepted offer made no order');
    await back.goto(`/orders/${order._id}`);
    await back.getByText(`Confirmed by Sam Sales of ${DEMO.seller.businessName}`, { exact: true }).waitFor();
  });
});
