import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  API_KEYS,
  californiaToday,
  type ListingDto,
  type OrderDto,
  WEBHOOK_EVENTS,
  WEBHOOKS,
  type WebhookCreated,
  type WebhookDeliveryDto,
  type WebhookDto,
  type WebhookEventType,
} from '@canopy/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, webhookDeliveries, webhookSubscriptions } from '../src/db/schema/index.ts';
import { addressAllowed, type HostResolver } from '../src/modules/webhooks/address-guard.ts';
import { createWebhookDispatcher, webhookRetryDelayMs } from '../src/modules/webhooks/dispatcher.ts';
import { queueWebhookEvent } from '../src/modules/webhooks/outbox.ts';
import { accept, type Deal, dealParties, makeOffer, send } from './deals-helpers.ts';
import { contactAbout, type Person, person } from './messages-helpers.ts';
import { issueTestInvoice } from './support/invoices.ts';
import { bearer, createTestApp, json, type TestApp } from './support/test-app.ts';

// Webhooks (issue 24 item 2, decisions 227-229) against a real HTTP receiver on loopback that
// checks every signature the way docs/api.md tells an integrator to. The app's worker does not
// poll here (WEBHOOK_POLL_SECONDS=0): each test drains the queue itself, at the instant it names,
// so a day of retries and three days of failures pass without waiting.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
}

/** What a path of the receiver answers: a status, or a redirect to another place. */
type Behaviour = { status: number; location?: string };

let test: TestApp;
let receiver: http.Server;
let base: string;
const received: Received[] = [];
const behaviours = new Map<string, Behaviour>();

beforeAll(async () => {
  test = await createTestApp({ WEBHOOK_POLL_SECONDS: '0' });
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, raw: Buffer.concat(chunks).toString('utf8') });
      const behaviour = behaviours.get(path) ?? { status: 200 };
      response.writeHead(behaviour.status, behaviour.location ? { location: behaviour.location } : {});
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await test.close();
});

// The receiver's side, written from docs/api.md alone: split the header, recompute the HMAC of
// "<t>.<raw body>" with the secret, compare in constant time.
function verifySignature(secret: string, header: string | undefined, raw: string): boolean {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => part.split('=') as [string, string]),
  );
  const expected = createHmac('sha256', secret).update(`${parts.t}.${raw}`).digest('hex');
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === 32 && timingSafeEqual(given, Buffer.from(expected, 'hex'));
}

interface EventBody {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  data: Record<string, unknown>;
}

/** What arrived at a path, each checked against its subscription's secret first. */
function arrivals(path: string, secret: string): EventBody[] {
  return received
    .filter((entry) => entry.path === path)
    .map((entry) => {
      expect(entry.headers['content-type']).toBe('application/json');
      expect(verifySignature(secret, entry.headers['canopy-signature'] as string, entry.raw)).toBe(true);
      const body = JSON.parse(entry.raw) as EventBody;
      expect(entry.headers['canopy-event']).toBe(body.type);
      expect(entry.headers['canopy-delivery']).toMatch(/^[0-9a-f-]{36}$/);
      return body;
    });
}
const hitsAt = (path: string) => received.filter((entry) => entry.path === path).length;

let paths = 0;
const freshPath = (name: string) => {
  paths += 1;
  return `/${name}-${paths}`;
};

async function subscribe(owner: Person, path: string, events: readonly WebhookEventType[] = WEBHOOK_EVENTS) {
  const response = await send(test, owner, 'POST', '/api/webhooks', {
    url: `${base}${path}`,
    events: [...events],
  });
  if (response.statusCode !== 201) throw new Error(`subscribe failed: ${response.body}`);
  return json<{ data: WebhookCreated }>(response).data;
}

async function deliveriesOf(owner: Person, webhookId: string) {
  const response = await send(test, owner, 'GET', `/api/webhooks/${webhookId}/deliveries`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: WebhookDeliveryDto[] }>(response).data;
}

const drain = (at?: Date) => test.ctx.webhooks.drain(at);

const removeHook = (owner: Person, id: string) =>
  test.app.inject({ method: 'DELETE', url: `/api/webhooks/${id}`, headers: bearer(owner.token) });

describe('managing subscriptions', () => {
  it('answers the secret once, lists without it, deletes, and is refused to an API key', async () => {
    const owner = await person(test, { role: 'seller' });
    const created = await subscribe(owner, '/managed', ['order.created', 'order.updated', 'order.created']);
    expect(created).toEqual({
      _id: expect.any(String),
      url: `${base}/managed`,
      events: ['order.created', 'order.updated'],
      secret: expect.stringMatching(/^whsec_/),
      status: 'active',
    });

    const listed = await send(test, owner, 'GET', '/api/webhooks');
    const list = json<{ data: WebhookDto[] }>(listed).data;
    expect(list).toEqual([
      {
        _id: created._id,
        url: `${base}/managed`,
        events: ['order.created', 'order.updated'],
        status: 'active',
        createdAt: expect.any(String),
        failingSince: null,
      },
    ]);
    expect(listed.body).not.toContain(created.secret);

    // A key acts for systems; managing where the company's data is sent stays with people.
    const key = await send(test, owner, 'POST', '/api/api-keys', { name: 'ERP', scopes: ['orders:read'] });
    const secret = json<{ data: { secret: string } }>(key).data.secret;
    const byKey = await test.app.inject({ method: 'GET', url: '/api/webhooks', headers: bearer(secret) });
    expect(byKey.statusCode).toBe(403);
    expect(json(byKey).error).toBe(API_KEYS.notForKeys);

    const other = await person(test, { role: 'buyer' });
    const notTheirs = await removeHook(other, created._id);
    expect(notTheirs.statusCode).toBe(404);
    expect(json(notTheirs).error).toBe(WEBHOOKS.notFound);
    const removed = await removeHook(owner, created._id);
    expect(json(removed)).toEqual({ success: true, message: WEBHOOKS.removed });
    expect(json<{ data: WebhookDto[] }>(await send(test, owner, 'GET', '/api/webhooks')).data).toEqual([]);
  });

  it('refuses private, local and non-https URLs with a field error, writing nothing', async () => {
    const owner = await person(test, { role: 'seller' });
    const refusals: [string, string][] = [
      ['http://93.184.216.34/canopy', WEBHOOKS.urlNotHttps],
      ['ftp://127.0.0.1/canopy', WEBHOOKS.urlInvalid],
      ['http://10.0.0.7/canopy', WEBHOOKS.urlNotHttps],
      ['https://10.0.0.7/canopy', WEBHOOKS.urlPrivate],
      ['https://172.20.1.1/canopy', WEBHOOKS.urlPrivate],
      ['https://192.168.1.10/canopy', WEBHOOKS.urlPrivate],
      ['https://100.64.0.1/canopy', WEBHOOKS.urlPrivate],
      ['https://169.254.169.254/latest/meta-data', WEBHOOKS.urlPrivate],
      ['https://0.0.0.0/canopy', WEBHOOKS.urlPrivate],
      ['https://224.0.0.1/canopy', WEBHOOKS.urlPrivate],
      ['https://[::]/canopy', WEBHOOKS.urlPrivate],
      ['https://[fd12:3456::1]/canopy', WEBHOOKS.urlPrivate],
      ['https://[fe80::1]/canopy', WEBHOOKS.urlPrivate],
      ['https://[ff02::1]/canopy', WEBHOOKS.urlPrivate],
      ['https://[::ffff:10.0.0.7]/canopy', WEBHOOKS.urlPrivate],
      ['https://[::ffff:a9fe:a9fe]/canopy', WEBHOOKS.urlPrivate],
      ['https://[64:ff9b::a00:7]/canopy', WEBHOOKS.urlPrivate],
      ['https://user:pass@hooks.example.com/canopy', WEBHOOKS.urlCredentials],
    ];
    for (const [url, error] of refusals) {
      const response = await send(test, owner, 'POST', '/api/webhooks', { url, events: ['order.created'] });
      expect(response.statusCode, url).toBe(400);
      expect(json(response).error, url).toBe(error);
      if (error === WEBHOOKS.urlPrivate || error === WEBHOOKS.urlNotHttps)
        expect(json(response).field).toBe('url');
    }
    const kept = await test.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.companyId, owner.user.id));
    expect(kept).toEqual([]);
  });

  it('tells public addresses from every private form, IPv4 and IPv6', () => {
    const production = { allowLoopback: false };
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '2a00:1450:4001:81b::200e']) {
      expect(addressAllowed(address, production), address).toBe(true);
    }
    const refused = [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.31.255.255',
      '192.168.0.1',
      '100.127.255.254',
      '169.254.0.1',
      '0.0.0.0',
      '239.255.255.250',
      '255.255.255.255',
      '::',
      '::1',
      '0:0:0:0:0:0:0:1',
      'fc00::1',
      'fe80::1%eth0',
      'ff05::2',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:192.168.1.1',
      '::10.0.0.1',
      '64:ff9b::192.168.0.1',
      '2002:0a00:0001::1',
    ];
    for (const address of refused) expect(addressAllowed(address, production), address).toBe(false);
    expect(addressAllowed('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(addressAllowed('::1', { allowLoopback: true })).toBe(true);
    expect(addressAllowed('::ffff:127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(addressAllowed('10.0.0.1', { allowLoopback: true })).toBe(false);
  });
});

describe('where deliveries may go', () => {
  /** A dispatcher as production runs it, whose DNS answers what each test host says. */
  function productionDispatcher(names: Record<string, string[]>, allowLoopback = false) {
    const resolve: HostResolver = async (host) => {
      const found = names[host];
      if (!found) throw new Error(`ENOTFOUND ${host}`);
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    return createWebhookDispatcher({
      db: test.db,
      mailer: test.ctx.mailer,
      log: test.ctx.log,
      policy: { allowLoopback },
      resolve,
      appUrl: 'http://canopy.test',
      pollMs: 0,
    });
  }

  /** A subscription written straight to the table, as if made when its name resolved elsewhere. */
  async function subscriptionTo(owner: Person, url: string) {
    const id = randomUUID();
    await test.db
      .insert(webhookSubscriptions)
      .values({ id, companyId: owner.user.id, url, events: ['listing.updated'], secret: 'whsec_test' });
    return id;
  }

  /** One event to each of the owner's subscriptions. */
  const announce = (owner: Person) =>
    test.db.transaction((tx) =>
      queueWebhookEvent(tx, { type: 'listing.updated', companyIds: [owner.user.id], data: async () => ({}) }),
    );

  it('refuses names resolving to loopback or private addresses, and never connects to them', async () => {
    const owner = await person(test, { role: 'seller' });
    const port = (receiver.address() as AddressInfo).port;
    const path = freshPath('rebind');
    const cases = {
      'loopback.test': ['127.0.0.1'],
      'inner.test': ['10.20.30.40'],
      'mapped.test': ['::ffff:127.0.0.1'],
      'six.test': ['::1'],
      'mixed.test': ['93.184.216.34', '10.0.0.1'],
    };
    const ids = [];
    for (const host of Object.keys(cases))
      ids.push(await subscriptionTo(owner, `https://${host}:${port}${path}`));
    ids.push(await subscriptionTo(owner, `http://127.0.0.1:${port}${path}`));
    ids.push(await subscriptionTo(owner, `https://localhost:${port}${path}`));
    await announce(owner);
    await productionDispatcher(cases).drain();

    const rows = await test.db
      .select()
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.subscriptionId, ids));
    expect(rows).toHaveLength(7);
    const refusedName = rows.filter((row) => row.lastError === WEBHOOKS.refusedAddress);
    expect(refusedName).toHaveLength(5);
    expect(rows.map((row) => row.responseCode)).toEqual(Array(7).fill(null));
    expect(rows.every((row) => row.attempts === 1 && row.status === 'pending')).toBe(true);
    expect(rows.map((row) => row.lastError).sort()).toEqual(
      [...Array(5).fill(WEBHOOKS.refusedAddress), WEBHOOKS.urlNotHttps, WEBHOOKS.urlPrivate].sort(),
    );
    expect(hitsAt(path)).toBe(0);
    await test.db.delete(webhookSubscriptions).where(inArray(webhookSubscriptions.id, ids));
  });

  it('connects to the address it checked, whatever the name resolves to later', async () => {
    const owner = await person(test, { role: 'seller' });
    const port = (receiver.address() as AddressInfo).port;
    const path = freshPath('pinned');
    // receiver.test exists only in this resolver: the request can only reach it through the
    // address the check answered, never by a lookup of its own.
    const id = await subscriptionTo(owner, `http://receiver.test:${port}${path}`);
    await announce(owner);
    await productionDispatcher({ 'receiver.test': ['127.0.0.1'] }, true).drain();
    expect(hitsAt(path)).toBe(1);
    expect(received.find((entry) => entry.path === path)?.headers.host).toBe(`receiver.test:${port}`);
    await test.db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  });

  it('does not follow a redirect, even to an address it would have accepted', async () => {
    const owner = await person(test, { role: 'seller' });
    const path = freshPath('redirect');
    const target = freshPath('redirect-target');
    behaviours.set(path, { status: 302, location: `${base}${target}` });
    const hook = await subscribe(owner, path, ['listing.updated']);
    await test.db.transaction((tx) =>
      queueWebhookEvent(tx, { type: 'listing.updated', companyIds: [owner.user.id], data: async () => ({}) }),
    );
    await drain();
    expect(hitsAt(path)).toBe(1);
    expect(hitsAt(target)).toBe(0);
    const [log] = await deliveriesOf(owner, hook._id);
    expect(log).toMatchObject({ status: 'pending', responseCode: 302, attempts: 1 });
    await removeHook(owner, hook._id);
  });
});

describe('events', () => {
  it('sends each change once, signed, to each party concerned and never to another company', async () => {
    const deal: Deal = await dealParties(test);
    const sellerPath = freshPath('seller');
    const buyerPath = freshPath('buyer');
    const strangerPath = freshPath('stranger');
    const sellerHook = await subscribe(deal.seller, sellerPath);
    const buyerHook = await subscribe(deal.buyer, buyerPath, ['offer.created', 'order.created']);
    const stranger = await person(test, { role: 'seller' });
    const strangerHook = await subscribe(stranger, strangerPath);

    const offer = await makeOffer(test, deal);
    const { order } = await accept(test, deal.seller, offer._id);
    await drain();

    const sellerGot = arrivals(sellerPath, sellerHook.secret);
    expect(sellerGot.map((event) => event.type).sort()).toEqual(
      [
        'listing.updated',
        'message.created',
        'message.created',
        'offer.created',
        'offer.updated',
        'order.created',
      ].sort(),
    );
    const created = sellerGot.find((event) => event.type === 'offer.created');
    // The same shape as the API answers: the offer as it was made, the order as accepted.
    expect(created?.data).toEqual(offer);
    const confirmed = sellerGot.find((event) => event.type === 'order.created');
    expect(confirmed?.data).toEqual(
      json<{ data: OrderDto }>(await send(test, deal.seller, 'GET', `/api/orders/${order._id}`)).data,
    );
    const updated = sellerGot.find((event) => event.type === 'offer.updated');
    expect(updated?.data).toMatchObject({ status: 'accepted' });
    const lot = sellerGot.find((event) => event.type === 'listing.updated');
    expect(lot?.data).toMatchObject({ quantity_lbs: 90 });
    for (const event of sellerGot) {
      expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(event.createdAt))).toBe(false);
    }

    const buyerGot = arrivals(buyerPath, buyerHook.secret);
    expect(buyerGot.map((event) => event.type)).toEqual(['offer.created', 'order.created']);
    // Each company's event is its own.
    expect(buyerGot[0]?.id).not.toBe(created?.id);
    expect(arrivals(strangerPath, strangerHook.secret)).toEqual([]);

    // Drained again, nothing goes twice.
    await drain(new Date(Date.now() + DAY));
    expect(arrivals(sellerPath, sellerHook.secret)).toHaveLength(6);

    const log = await deliveriesOf(deal.seller, sellerHook._id);
    expect(log).toHaveLength(6);
    for (const entry of log) {
      expect(entry).toMatchObject({
        status: 'delivered',
        responseCode: 200,
        attempts: 1,
        lastError: null,
        nextAttemptAt: null,
      });
    }
    const ids = received
      .filter((entry) => entry.path === sellerPath)
      .map((entry) => entry.headers['canopy-delivery']);
    expect(new Set(ids)).toEqual(new Set(log.map((entry) => entry._id)));
  });

  it('announces a lot, a message and an invoice to the companies they concern', async () => {
    const deal = await dealParties(test);
    const sellerPath = freshPath('seller-all');
    const buyerPath = freshPath('buyer-all');
    const sellerHook = await subscribe(deal.seller, sellerPath, [
      'listing.updated',
      'message.created',
      'invoice.updated',
    ]);
    const buyerHook = await subscribe(deal.buyer, buyerPath, [
      'listing.updated',
      'message.created',
      'invoice.updated',
    ]);

    const restock = await test.app.inject({
      method: 'PATCH',
      url: `/api/listings/${deal.listingId}/quantity`,
      headers: bearer(deal.seller.token),
      payload: { quantityLbs: 42 },
    });
    expect(restock.statusCode, restock.body).toBe(200);
    await drain();
    const lots = arrivals(sellerPath, sellerHook.secret);
    expect(lots.map((event) => event.type)).toEqual(['listing.updated']);
    const mine = await send(test, deal.seller, 'GET', '/api/listings/my/listings');
    const asRead = json<{ data: { listings: ListingDto[] } }>(mine).data.listings.find(
      (row) => row._id === deal.listingId,
    );
    expect(lots[0]?.data).toEqual(asRead);
    expect(arrivals(buyerPath, buyerHook.secret)).toEqual([]);
    // Archiving and relisting are changes to the lot too.
    for (const move of ['archive', 'relist']) {
      const moved = await send(test, deal.seller, 'POST', `/api/listings/${deal.listingId}/${move}`);
      expect(moved.statusCode, moved.body).toBe(200);
    }
    await drain();
    const moves = arrivals(sellerPath, sellerHook.secret).slice(1);
    expect(moves.map((event) => event.data.is_active)).toEqual([false, true]);

    const [listing] = await test.db.select().from(listings).where(eq(listings.id, deal.listingId));
    if (!listing) throw new Error('the deal has no listing');
    const message = await contactAbout(test, deal.buyer, listing, 'Do you ship to Oakland?');
    await drain();
    const toBuyer = arrivals(buyerPath, buyerHook.secret);
    expect(toBuyer.map((event) => event.type)).toEqual(['message.created']);
    expect(toBuyer[0]?.data).toMatchObject({ _id: message._id, receiverId: deal.seller.user.id });
    expect(toBuyer[0]?.data.content).toContain('Do you ship to Oakland?');
    expect(
      arrivals(sellerPath, sellerHook.secret).filter((event) => event.type === 'message.created'),
    ).toHaveLength(1);

    const offer = await makeOffer(test, deal, { quantityLbs: 5, pricePerLb: 1000 });
    const { order } = await accept(test, deal.seller, offer._id);
    await issueTestInvoice(test, order._id, { terms: 'net30', deliveredAt: new Date() });
    await drain();
    const before = arrivals(buyerPath, buyerHook.secret).length;
    const paid = await send(test, deal.seller, 'POST', `/api/orders/${order._id}/payments`, {
      amount: 1000,
      method: 'check',
      paidAt: californiaToday(),
    });
    expect([200, 201], paid.body).toContain(paid.statusCode);
    await drain();
    const invoiceEvents = arrivals(buyerPath, buyerHook.secret).slice(before);
    expect(invoiceEvents.map((event) => event.type)).toEqual(['invoice.updated']);
    const invoice = await send(test, deal.buyer, 'GET', `/api/orders/${order._id}/invoice`);
    expect(invoiceEvents[0]?.data).toEqual(json<{ data: unknown }>(invoice).data);
  });

  it('sends nothing for a change that rolls back or is refused', async () => {
    const deal = await dealParties(test);
    const hook = await subscribe(deal.seller, freshPath('rollback'));
    const attempt = test.db.transaction(async (tx) => {
      await queueWebhookEvent(tx, {
        type: 'listing.updated',
        companyIds: [deal.seller.user.id],
        data: async () => ({ never: true }),
      });
      throw new Error('the change failed');
    });
    await expect(attempt).rejects.toThrow('the change failed');
    const tooMuch = await send(test, deal.buyer, 'POST', '/api/offers', {
      listingId: deal.listingId,
      quantityLbs: 100_000,
      pricePerLb: 1000,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(await deliveriesOf(deal.seller, hook._id)).toEqual([]);
  });
});

describe('failures', () => {
  it('retries with growing waits for a day, pauses after three days and mails the owner once, and resumes on "Send again"', async () => {
    const owner = await person(test, { role: 'seller', email: 'webhook.owner@example.com' });
    const path = freshPath('failing');
    behaviours.set(path, { status: 500 });
    const hook = await subscribe(owner, path, ['listing.updated']);
    const announce = () =>
      test.db.transaction((tx) =>
        queueWebhookEvent(tx, {
          type: 'listing.updated',
          companyIds: [owner.user.id],
          data: async () => ({}),
        }),
      );
    await announce();
    const start = Date.now();

    // Each failure waits longer than the one before; nothing goes before its time.
    let at = start;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      await drain(new Date(at));
      expect(hitsAt(path)).toBe(attempt);
      const [entry] = await deliveriesOf(owner, hook._id);
      expect(entry).toMatchObject({ status: 'pending', attempts: attempt, responseCode: 500 });
      const next = Date.parse(entry?.nextAttemptAt ?? '');
      waits.push(next - at);
      await drain(new Date(next - 1000));
      expect(hitsAt(path)).toBe(attempt);
      at = next;
    }
    expect(waits).toEqual([1, 2, 3, 4, 5, 6].map(webhookRetryDelayMs));
    expect(waits).toEqual([1, 2, 4, 8, 16, 32].map((minutes) => minutes * MINUTE));

    // After a day it is given up on; the subscription is failing but not yet paused.
    await drain(new Date(start + DAY + MINUTE));
    const [givenUp] = await deliveriesOf(owner, hook._id);
    expect(givenUp?.status).toBe('failed');
    const afterDay = hitsAt(path);
    await drain(new Date(start + 2 * DAY));
    expect(hitsAt(path)).toBe(afterDay);
    const [failing] = json<{ data: WebhookDto[] }>(await send(test, owner, 'GET', '/api/webhooks')).data;
    expect(failing).toMatchObject({ status: 'active', failingSince: expect.any(String) });

    // A failure three days after the first pauses it, gives up what waits, and mails the owner.
    await announce();
    await drain(new Date(start + 3 * DAY + MINUTE));
    const [paused] = json<{ data: WebhookDto[] }>(await send(test, owner, 'GET', '/api/webhooks')).data;
    expect(paused?.status).toBe('paused');
    await test.ctx.mailer.drain();
    const mail = await test.smtp.waitForMail(owner.user.email, /webhook was paused/);
    expect(mail.subject).toBe(WEBHOOKS.pausedSubject);
    expect(mail.text).toContain(`${base}${path}`);

    // Paused, it is sent nothing new, and failing on does not mail again.
    const logged = (await deliveriesOf(owner, hook._id)).length;
    await announce();
    expect(await deliveriesOf(owner, hook._id)).toHaveLength(logged);
    const [latest] = await deliveriesOf(owner, hook._id);
    const again = await send(
      test,
      owner,
      'POST',
      `/api/webhooks/${hook._id}/deliveries/${latest?._id}/retry`,
    );
    expect(json(again)).toMatchObject({
      success: true,
      message: WEBHOOKS.retried,
      data: { status: 'pending' },
    });
    await drain(new Date(Date.now() + 4 * DAY));
    expect((await deliveriesOf(owner, hook._id))[0]).toMatchObject({ status: 'failed', responseCode: 500 });

    // The receiver is fixed: "Send again" delivers the same body and resumes the subscription.
    behaviours.set(path, { status: 204 });
    const bodyBefore = received.filter((entry) => entry.path === path).at(-1)?.raw;
    await send(test, owner, 'POST', `/api/webhooks/${hook._id}/deliveries/${latest?._id}/retry`);
    await drain();
    expect(received.filter((entry) => entry.path === path).at(-1)?.raw).toBe(bodyBefore);
    expect(arrivals(path, hook.secret).at(-1)?.type).toBe('listing.updated');
    expect((await deliveriesOf(owner, hook._id))[0]).toMatchObject({
      status: 'delivered',
      responseCode: 204,
    });
    const [resumed] = json<{ data: WebhookDto[] }>(await send(test, owner, 'GET', '/api/webhooks')).data;
    expect(resumed).toMatchObject({ status: 'active', failingSince: null });
    const mails = test.smtp.mails.filter((entry) => entry.to.includes(owner.user.email));
    expect(mails).toHaveLength(1);

    const missing = await send(
      test,
      owner,
      'POST',
      `/api/webhooks/${hook._id}/deliveries/0190a2b4-1c2d-7e3f-8a9b-0c1d2e3f4a5b/retry`,
    );
    expect(missing.statusCode).toBe(404);
    expect(json(missing).error).toBe(WEBHOOKS.deliveryNotFound);
  });
});
