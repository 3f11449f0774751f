import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOKS } from '@canopy/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DEMO, login } from './support/auth.ts';
import { useJourney } from './support/browser.ts';
import { createListingThroughApi, newListing, sellerToken } from './support/listings.ts';

// Issue 24: an owner adds a webhook on the company page, a lot's quantity changes, and the owner
// watches the delivery arrive in the log; the receiver on loopback checks its signature.

const journey = useJourney();

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

const received: { signature: string; raw: string }[] = [];
let receiver: http.Server;
let hookUrl: string;
beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        signature: String(request.headers['canopy-signature'] ?? ''),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/canopy-events`;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

describe('webhooks', () => {
  test('an owner adds a webhook and watches its delivery arrive in the log', async () => {
    const baseUrl = journey.server.baseUrl;
    const listingId = await createListingThroughApi(baseUrl, newListing());
    const owner = await journey.newPage();
    await login(owner, DEMO.seller.email);
    await owner.goto('/company');
    await waitForPath(owner, '/company');
    await owner.getByRole('heading', { name: WEBHOOKS.sectionTitle, exact: true }).waitFor();

    await owner.getByRole('button', { name: WEBHOOKS.add, exact: true }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByRole('textbox', { name: WEBHOOKS.url, exact: false }).fill(hookUrl);
    await dialog.getByRole('checkbox', { name: 'listing.updated', exact: true }).check();
    await dialog.getByRole('button', { name: WEBHOOKS.add, exact: true }).click();
    await toast(owner, WEBHOOKS.created);
    const secret = (await owner.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await owner.getByRole('button', { name: WEBHOOKS.done, exact: true }).click();
    await owner.getByText(WEBHOOKS.statusLabels.active, { exact: true }).first().waitFor();
    await expectNoSeriousA11yViolations(owner);

    const restock = await fetch(`${baseUrl}/api/listings/${listingId}/quantity`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${await sellerToken(baseUrl)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ quantityLbs: 7.25 }),
    });
    expect(restock.status).toBe(200);

    // The log looks again every few seconds; the worker sends within a couple.
    await owner.getByRole('button', { name: WEBHOOKS.showLog, exact: true }).first().click();
    const log = owner.getByRole('dialog');
    await log
      .getByText(WEBHOOKS.deliveryStatusLabels.delivered, { exact: true })
      .first()
      .waitFor({ timeout: 20_000 });
    await log.getByText('200', { exact: true }).first().waitFor();
    await expectNoSeriousA11yViolations(owner);

    expect(received).toHaveLength(1);
    const [delivery] = received;
    const { t, v1 } = Object.fromEntries(
      (delivery?.signature ?? '').split(',').map((part) => part.split('=')),
    );
    expect(createHmac('sha256', secret).update(`${t}.${delivery?.raw}`).digest('hex')).toBe(v1);
    const body = JSON.parse(delivery?.raw ?? '{}') as {
      type: string;
      data: { _id: string; quantity_lbs: number };
    };
    expect(body.type).toBe('listing.updated');
    expect(body.data).toMatchObject({ _id: listingId, quantity_lbs: 7.25 });

    await log.getByRole('button', { name: WEBHOOKS.sendAgain, exact: true }).first().click();
    await toast(owner, WEBHOOKS.retried);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
  });
});
