import { CONVERSATIONS } from '@canopy/shared';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { createListingThroughApi, newListing } from './support/listings.ts';
import {
  apiToken,
  badgeText,
  contactThroughApi,
  conversationRow,
  isSameDocument,
  LIVE_MS,
  liveStreamOpened,
  markDocument,
  newVerifiedBuyer,
  sellerIdOf,
  thread,
  unreadBanner,
  unreadCountThroughApi,
} from './support/messaging.ts';

const journey = useJourney();

const SELLER = DEMO.seller.businessName;
const BUYER = DEMO.buyer.businessName;

describe('messaging', () => {
  test('a buyer contacts a seller, who sees it arrive live, reads it and answers; the buyer gets it live', async () => {
    const { baseUrl } = journey.server;
    const listing = newListing();
    const listingId = await createListingThroughApi(baseUrl, listing);

    const seller = await journey.newPage();
    const sellerStream = liveStreamOpened(seller);
    await login(seller, DEMO.seller.email);
    await seller.goto('/products');
    await sellerStream;
    await markDocument(seller);
    expect(await badgeText(seller)).toBe('');

    const buyer = await journey.newPage();
    await login(buyer, DEMO.buyer.email);
    await buyer.goto(`/products/${listingId}`);
    await buyer.getByRole('button', { name: "I'm Interested", exact: true }).click();
    const dialog = buyer.getByRole('dialog', { name: `Contact ${SELLER}` });
    await dialog.getByRole('textbox', { name: 'Subject', exact: true }).fill(' ');
    await dialog.getByRole('button', { name: 'Send Message', exact: true }).click();
    await dialog.getByText(CONVERSATIONS.fillBoth, { exact: true }).waitFor();
    await dialog.getByRole('textbox', { name: 'Subject', exact: true }).fill('Availability this week');
    await dialog
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Could you ship 10 lbs by Friday?');
    await dialog.getByRole('button', { name: 'Send Message', exact: true }).click();
    await buyer.getByText(CONVERSATIONS.sent, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The seller's page was not reloaded: the badge and the banner rise through the live stream.
    await expect.poll(() => badgeText(seller), { timeout: LIVE_MS }).toBe('1');
    const banner = unreadBanner(seller);
    await banner
      .getByText('You have 1 unread message(s) from 1 conversation(s)', { exact: true })
      .waitFor({ timeout: LIVE_MS });
    await banner.getByText(listing.title).waitFor();
    expect(await isSameDocument(seller)).toBe(true);

    // View Messages opens the newest unread thread itself, and the Messages page shows no banner.
    await banner.getByRole('link', { name: 'View Messages', exact: true }).click();
    await seller.getByRole('heading', { name: BUYER, exact: true }).waitFor();
    const row = conversationRow(seller, BUYER);
    await row.getByText(`Re: ${listing.title}`, { exact: true }).waitFor();
    await seller.getByText(`Product: ${listing.title}`, { exact: true }).waitFor();
    await thread(seller, BUYER).getByText('Could you ship 10 lbs by Friday?').waitFor();
    // Opening the thread reads it: the badge and the banner fall.
    await expect.poll(() => badgeText(seller), { timeout: LIVE_MS }).toBe('');
    await banner.waitFor({ state: 'detached' });
    await expectNoSeriousA11yViolations(seller);

    await buyer.goto('/messages');
    await conversationRow(buyer, SELLER).click();
    const buyerThread = thread(buyer, SELLER);
    await buyerThread.getByText('Could you ship 10 lbs by Friday?').waitFor();

    const composer = seller.getByRole('textbox', { name: 'Message', exact: true });
    await composer.fill('Yes, 10 lbs are ready.');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('Ships Friday. COA: https://lab.example.com/coa/7');
    await composer.press('Enter');
    await expect.poll(() => composer.inputValue()).toBe('');

    const reply = buyerThread.getByRole('listitem').filter({ hasText: 'Ships Friday.' });
    await reply.waitFor({ timeout: LIVE_MS });
    expect(await reply.innerText()).toContain(
      'Yes, 10 lbs are ready.\nShips Friday. COA: https://lab.example.com/coa/7',
    );
    // The address is a link that opens in a new tab and gives the other site nothing (decision 134).
    const coa = reply.getByRole('link', { name: 'https://lab.example.com/coa/7', exact: true });
    expect(await coa.getAttribute('href')).toBe('https://lab.example.com/coa/7');
    expect(await coa.getAttribute('target')).toBe('_blank');
    expect(await coa.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    // The buyer is reading this thread, so the reply is read on arrival: on the server too.
    const buyerToken = await buyer.evaluate(() => localStorage.getItem('token'));
    await expect.poll(() => unreadCountThroughApi(baseUrl, buyerToken ?? ''), { timeout: LIVE_MS }).toBe(0);
    expect(await badgeText(buyer)).toBe('');
    expect(await isSameDocument(seller)).toBe(true);
  });

  test('archiving moves a conversation to Archived and closes its thread; restoring brings it back', async () => {
    const { baseUrl } = journey.server;
    const listingId = await createListingThroughApi(baseUrl, newListing());
    await contactThroughApi(
      baseUrl,
      await apiToken(baseUrl, DEMO.buyer.email),
      listingId,
      'Is this lot still open?',
    );

    const buyer = await journey.newPage();
    await login(buyer, DEMO.buyer.email);
    await buyer.goto('/messages');
    await conversationRow(buyer, SELLER).click();
    await thread(buyer, SELLER).getByText('Is this lot still open?').waitFor();
    // The open conversation is in the address, so a reload keeps it open.
    expect(new URL(buyer.url()).searchParams.get('c')).toBe(await sellerIdOf(baseUrl, listingId));
    await buyer.reload();
    await thread(buyer, SELLER).getByText('Is this lot still open?').waitFor();

    await buyer.getByRole('button', { name: 'Archive', exact: true }).click();
    await buyer.getByText(CONVERSATIONS.archived, { exact: true }).waitFor();
    await buyer.getByText('Select a conversation', { exact: true }).waitFor();
    await buyer.getByText('No active conversations', { exact: true }).waitFor();
    expect(new URL(buyer.url()).searchParams.has('c')).toBe(false);

    await buyer.getByRole('tab', { name: 'Archived', exact: true }).click();
    await conversationRow(buyer, SELLER).click();
    await thread(buyer, SELLER).getByText('Is this lot still open?').waitFor();
    // An archived conversation is read, not answered.
    expect(await buyer.getByRole('textbox', { name: 'Message', exact: true }).count()).toBe(0);
    await buyer.getByRole('button', { name: 'Restore', exact: true }).click();
    await buyer.getByText(CONVERSATIONS.restored, { exact: true }).waitFor();
    await buyer.getByText('No archived conversations', { exact: true }).waitFor();

    await buyer.getByRole('tab', { name: 'Active', exact: true }).click();
    await conversationRow(buyer, SELLER).waitFor();

    // On a phone the panes take turns: the thread replaces the list, and a link leads back.
    await buyer.setViewportSize({ width: 360, height: 740 });
    await conversationRow(buyer, SELLER).click();
    await buyer.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
    expect(await conversationRow(buyer, SELLER).isVisible()).toBe(false);
    await buyer.getByRole('link', { name: 'Back to conversations' }).click();
    await conversationRow(buyer, SELLER).waitFor();
  });

  test('an account outside a conversation sees none of it', async () => {
    const { baseUrl } = journey.server;
    const listingId = await createListingThroughApi(baseUrl, newListing());
    await contactThroughApi(
      baseUrl,
      await apiToken(baseUrl, DEMO.buyer.email),
      listingId,
      'Private question',
    );
    const stranger = await newVerifiedBuyer(journey.server);

    const page = await journey.newPage();
    await login(page, stranger.email, stranger.password);
    await page.goto(`/messages?c=${await sellerIdOf(baseUrl, listingId)}`);
    await page.getByText('No active conversations', { exact: true }).waitFor();
    await page.getByText('Select a conversation', { exact: true }).waitFor();
    expect(await page.getByRole('log').count()).toBe(0);
    expect(await badgeText(page)).toBe('');
    expect(await unreadBanner(page).count()).toBe(0);
    await page.getByRole('tab', { name: 'Archived', exact: true }).click();
    await page.getByText('No archived conversations', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});
