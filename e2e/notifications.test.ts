import { NOTIFICATIONS } from '@canopy/shared';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { offerThroughApi } from './support/deals.ts';
import { createListingThroughApi, newListing } from './support/listings.ts';
import { apiToken, liveStreamOpened, newVerifiedBuyer } from './support/messaging.ts';

// Issue 25 item 6: "the bell counts and clears". Offers arrive from other buyers through the API
// while the seller's page stays open: the bell's count moves over the live stream, without a
// reload, and "Mark all read" clears it. Screenshots go to /tmp/shots for a person to look at.

const journey = useJourney();
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/shots';
const PHONE = { width: 390, height: 844 };

describe('the notification centre', () => {
  test('the bell counts offers as they arrive and clears with Mark all read, on a desktop and a phone', async () => {
    const { baseUrl } = journey.server;
    const listing = newListing();
    const listingId = await createListingThroughApi(baseUrl, listing);
    const page = await journey.newPage();
    const streamOpened = liveStreamOpened(page);
    await login(page, DEMO.seller.email);
    await streamOpened;
    const nav = page.getByRole('navigation', { name: 'Main' });
    const bell = (name: string) => nav.getByRole('button', { name, exact: true });
    await bell(NOTIFICATIONS.bellLabel('0')).waitFor();

    // Another business makes an offer: the open page's bell counts it.
    const buyer = await newVerifiedBuyer(journey.server);
    await offerThroughApi(baseUrl, await apiToken(baseUrl, buyer.email, buyer.password), {
      listingId,
      quantityLbs: 2,
      pricePerLb: 1300,
    });
    await bell('Notifications, 1 unread').waitFor();
    await offerThroughApi(baseUrl, await apiToken(baseUrl, DEMO.buyer.email), {
      listingId,
      quantityLbs: 3,
      pricePerLb: 1350,
    });
    await bell('Notifications, 2 unread').waitFor();
    await page.screenshot({ path: `${SHOTS}/notifications-bell-desktop.png` });

    // The panel lists both, newest first, each a link to its page; the keyboard opens and closes it.
    await bell('Notifications, 2 unread').focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: NOTIFICATIONS.title });
    await panel.getByRole('heading', { name: '2 unread notifications' }).waitFor();
    const title = `New offer on ${listing.title}`;
    const unreadLinks = panel.getByRole('link', { name: `Unread: ${title}`, exact: true });
    await unreadLinks.first().waitFor();
    expect(await unreadLinks.count()).toBe(2);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/notifications-panel-desktop.png` });
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // Mark all read clears the count.
    await bell('Notifications, 2 unread').click();
    await panel.getByRole('button', { name: NOTIFICATIONS.markAllRead }).click();
    await bell(NOTIFICATIONS.bellLabel('0')).waitFor();
    await panel.getByRole('heading', { name: 'All read' }).waitFor();
    await panel.getByRole('link', { name: NOTIFICATIONS.seeAll }).click();

    // The full page: both notices, read; the unread filter finds none.
    await page.waitForURL((url) => url.pathname === '/notifications');
    await page.getByRole('heading', { level: 1, name: NOTIFICATIONS.title }).waitFor();
    const items = page.getByRole('main').getByRole('link', { name: title, exact: true });
    await items.first().waitFor();
    expect(await items.count()).toBe(2);
    await page.getByRole('button', { name: NOTIFICATIONS.showUnread }).click();
    await page.getByText(NOTIFICATIONS.emptyUnread, { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('?unread=true');
    await expectNoSeriousA11yViolations(page);

    // On a phone the bell sits beside Messages in the bar's one row, with no sideways scroll.
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: NOTIFICATIONS.showAll }).click();
    const phoneBell = bell(NOTIFICATIONS.bellLabel('0'));
    await phoneBell.waitFor();
    const noSidewaysScroll = await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    );
    expect(noSidewaysScroll).toBe(true);
    await page.screenshot({ path: `${SHOTS}/notifications-page-phone.png`, fullPage: true });
    await phoneBell.click();
    await panel.getByRole('link', { name: title, exact: true }).first().waitFor();
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await page.screenshot({ path: `${SHOTS}/notifications-panel-phone.png` });
  });
});
