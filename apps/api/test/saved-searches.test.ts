import { SAVED_SEARCHES } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, savedSearches, users } from '../src/db/schema/index.ts';
import { sendSavedSearchAlerts } from '../src/modules/saved-searches/index.ts';
import { runOperatorCommand } from '../src/operator/commands.ts';
import { insertListing, insertUser } from '../src/seed/factories.ts';
import { type Person, person } from './messages-helpers.ts';
import { linkIn } from './support/smtp.ts';
import { bearer, createTestApp, json, TEST_APP_URL, type TestApp } from './support/test-app.ts';

// Saved searches and their alert mails (issue 15, decision 150), through the API and a real SMTP
// capture. Every test makes its own buyer and counts only that buyer's mail: a run checks every
// saved search in the database, other tests' too. Runs are given a moment a little later than now
// (and a day later for the daily limit) instead of waiting.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const later = (ms: number) => new Date(Date.now() + ms);
const mailsTo = (email: string) => test.smtp.mails.filter((mail) => mail.to.includes(email));
const run = (at = later(MINUTE)) => sendSavedSearchAlerts(test.ctx, at);

interface SavedSearchBody {
  _id: string;
  name: string;
  filters: Record<string, string>;
  summary: string;
  createdAt: string;
  lastAlertedAt: string | null;
}

const send = (
  who: Person | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => test.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

async function save(who: Person, name: string, filters: Record<string, string> = {}) {
  const response = await send(who, 'POST', '/api/saved-searches', { name, filters });
  if (response.statusCode !== 201) throw new Error(`save failed: ${response.body}`);
  return json<{ data: SavedSearchBody }>(response).data;
}

const listOf = async (who: Person) =>
  json<{ data: SavedSearchBody[] }>(await send(who, 'GET', '/api/saved-searches')).data;

const seller = () => insertUser(test.db, { role: 'seller', businessName: 'Emerald Triangle Farms' });

describe('saved searches', () => {
  it('saves the catalog filters in their canonical form, with a summary in words', async () => {
    const buyer = await person(test);
    const response = await send(buyer, 'POST', '/api/saved-searches', {
      name: '  Humboldt flower  ',
      filters: {
        query: ' gelato ',
        category: 'flower',
        sort: 'newest',
        page: '3',
        limit: '48',
        minPrice: '500',
        maxPrice: '1200',
        minThc: '20',
        tested: 'true',
        county: 'Humboldt',
        color: 'green',
        maxCbd: 'lots',
      },
    });
    expect(response.statusCode).toBe(201);
    const body = json<{ success: boolean; message: string; data: SavedSearchBody }>(response);
    expect(body.success).toBe(true);
    expect(body.message).toBe('Search saved. We will e-mail you when new listings match.');
    expect(body.data.name).toBe('Humboldt flower');
    expect(body.data.filters).toEqual({
      query: 'gelato',
      category: 'flower',
      minPrice: '500',
      maxPrice: '1200',
      minThc: '20',
      tested: 'true',
      county: 'Humboldt',
    });
    expect(body.data.summary).toBe(
      '“gelato” · Flower · $500–$1,200 per lb · THC at least 20% · Lab tested · Humboldt County',
    );
    expect(body.data.lastAlertedAt).toBeNull();
    expect(await listOf(buyer)).toEqual([body.data]);
  });

  it('reads "All products" for a search without filters, and names the seller of a seller filter', async () => {
    const buyer = await person(test);
    const farm = await seller();
    expect((await save(buyer, 'Everything')).summary).toBe('All products');
    expect((await save(buyer, 'One farm', { sellerId: farm.id, maxThc: '30' })).summary).toBe(
      'THC at most 30% · Seller: Emerald Triangle Farms',
    );
  });

  it('refuses a blank, too long or duplicate name with its own words', async () => {
    const buyer = await person(test);
    const blank = await send(buyer, 'POST', '/api/saved-searches', { name: '   ', filters: {} });
    expect(blank.statusCode).toBe(400);
    expect(json(blank).error).toBe('Name is required');
    const missing = await send(buyer, 'POST', '/api/saved-searches', { filters: {} });
    expect(json(missing).error).toBe('Name is required');
    const long = await send(buyer, 'POST', '/api/saved-searches', { name: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(json(long).error).toBe('Name must be at most 60 characters');
    await save(buyer, 'Vapes');
    const twice = await send(buyer, 'POST', '/api/saved-searches', { name: 'VAPES', filters: {} });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).error).toBe('You already have a saved search with this name');
    const unknown = await send(buyer, 'POST', '/api/saved-searches', { name: 'A', filters: {}, owner: 'x' });
    expect(unknown.statusCode).toBe(400);
  });

  it('keeps at most 20 per person', async () => {
    const buyer = await person(test);
    for (let i = 1; i <= 20; i++) await save(buyer, `Search ${i}`);
    const over = await send(buyer, 'POST', '/api/saved-searches', { name: 'One more', filters: {} });
    expect(over.statusCode).toBe(409);
    expect(json(over).error).toBe(SAVED_SEARCHES.limitReached);
    expect(json(over).error).toBe('You can keep at most 20 saved searches. Delete one to save another.');
    expect(await listOf(buyer)).toHaveLength(20);
  });

  it('renames and deletes only its owner’s searches; another person’s are not found', async () => {
    const owner = await person(test);
    const other = await person(test, { role: 'seller' });
    const saved = await save(owner, 'Gelato');
    expect(await listOf(other)).toEqual([]);

    const renameOther = await send(other, 'PATCH', `/api/saved-searches/${saved._id}`, { name: 'Mine now' });
    expect(renameOther.statusCode).toBe(404);
    expect(json(renameOther).error).toBe('Saved search not found');
    const deleteOther = await send(other, 'DELETE', `/api/saved-searches/${saved._id}`);
    expect(deleteOther.statusCode).toBe(404);
    expect(json(deleteOther).error).toBe('Saved search not found');
    expect((await send(owner, 'DELETE', '/api/saved-searches/not-an-id')).statusCode).toBe(404);

    const renamed = await send(owner, 'PATCH', `/api/saved-searches/${saved._id}`, { name: 'Gelato lots' });
    expect(renamed.statusCode).toBe(200);
    expect(json(renamed).message).toBe('Saved search renamed');
    expect((await listOf(owner)).map((search) => search.name)).toEqual(['Gelato lots']);

    const deleted = await send(owner, 'DELETE', `/api/saved-searches/${saved._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(json(deleted).message).toBe('Saved search deleted');
    expect(await listOf(owner)).toEqual([]);
  });

  it('is for signed-in verified accounts', async () => {
    expect((await send(null, 'GET', '/api/saved-searches')).statusCode).toBe(401);
    const pending = await person(test, { status: 'pending' });
    expect((await send(pending, 'POST', '/api/saved-searches', { name: 'A', filters: {} })).statusCode).toBe(
      403,
    );
    const sellerPerson = await person(test, { role: 'seller' });
    expect((await send(sellerPerson, 'POST', '/api/saved-searches', { name: 'A' })).statusCode).toBe(201);
  });
});

describe('saved search alerts', () => {
  it('mails one new matching listing exactly once, with its link, and nothing more that day', async () => {
    const buyer = await person(test, { contactName: 'Dana Reyes' });
    const search = await save(buyer, 'Gelato flower', { query: 'gelato', category: 'flower' });
    const farm = await seller();
    const lot = await insertListing(test.db, farm, {
      title: 'Gelato 41 indoor',
      askingPrice: 1450,
      quantityLbs: 12,
    });

    expect(await run()).toMatchObject({ mailed: expect.any(Number) });
    const mails = mailsTo(buyer.user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe('1 new listing matches "Gelato flower"');
    expect(mail?.text).toContain('Hello Dana Reyes,');
    expect(mail?.text).toContain(
      'A new listing on Canopy matches your saved search "Gelato flower" (“gelato” · Flower):',
    );
    expect(mail?.text).toContain(
      `- Gelato 41 indoor ($1,450 per lb · 12 lbs available · Emerald Triangle Farms)\n  ${TEST_APP_URL}/products/${lot.id}`,
    );
    expect(mail?.text).toContain(
      `See every match on Canopy:\n${TEST_APP_URL}/products?query=gelato&category=flower`,
    );
    expect(mail?.text).toContain(`Manage your saved searches:\n${TEST_APP_URL}/saved-searches`);
    expect(mail?.text).toContain('Listing Interest notifications are on');
    expect(mail && linkIn(mail, `/products/${lot.id}`).href).toBe(`${TEST_APP_URL}/products/${lot.id}`);
    expect(mail?.html).toContain(`href="${TEST_APP_URL}/products/${lot.id}"`);
    expect(mail?.html).toContain('Gelato 41 indoor');

    // The same day: a second run, and a second new listing, mail nothing.
    await run(later(2 * MINUTE));
    const next = await insertListing(test.db, farm, { title: 'Gelato 33 greenhouse' });
    await run(later(3 * MINUTE));
    expect(mailsTo(buyer.user.email)).toHaveLength(1);
    const [row] = await test.db.select().from(savedSearches).where(eq(savedSearches.id, search._id));
    expect(row?.lastAlertedAt).not.toBeNull();

    // A day later the listing that waited is mailed, and only it.
    await run(later(DAY + 2 * MINUTE));
    const after = mailsTo(buyer.user.email);
    expect(after).toHaveLength(2);
    expect(after[1]?.subject).toBe('1 new listing matches "Gelato flower"');
    expect(after[1]?.text).toContain(`${TEST_APP_URL}/products/${next.id}`);
    expect(after[1]?.text).not.toContain(`${TEST_APP_URL}/products/${lot.id}`);
    await run(later(3 * DAY));
    expect(mailsTo(buyer.user.email)).toHaveLength(2);
  });

  it('lists several new listings newest first in one mail', async () => {
    const buyer = await person(test);
    await save(buyer, 'Vapes', { category: 'vape' });
    const farm = await seller();
    const first = await insertListing(test.db, farm, {
      title: 'Citrus cart',
      productType: 'Vape Cartridges',
    });
    const second = await insertListing(test.db, farm, {
      title: 'Berry cart',
      productType: 'Vape Cartridges',
      makeOffer: true,
    });
    await run();
    const mails = mailsTo(buyer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('2 new listings match "Vapes"');
    const text = mails[0]?.text ?? '';
    expect(text).toContain('- Berry cart (Accepting offers · 10 lbs available · Emerald Triangle Farms)');
    expect(text.indexOf(second.id)).toBeLessThan(text.indexOf(first.id));
  });

  it('sends nothing when Listing Interest is off, and does not save the listings up for later', async () => {
    const buyer = await person(test);
    await test.db.update(users).set({ notifyListingInterest: false }).where(eq(users.id, buyer.user.id));
    await save(buyer, 'Anything');
    await insertListing(test.db, await seller(), { title: 'Quiet lot' });
    await run();
    expect(mailsTo(buyer.user.email)).toEqual([]);
    await test.db.update(users).set({ notifyListingInterest: true }).where(eq(users.id, buyer.user.id));
    await run(later(2 * MINUTE));
    expect(mailsTo(buyer.user.email)).toEqual([]);
  });

  it('sends nothing for a listing the search does not match, or one listed before it was saved', async () => {
    const buyer = await person(test);
    const farm = await seller();
    await insertListing(test.db, farm, { title: 'Gelato before saving' });
    await save(buyer, 'Gelato', { query: 'gelato', category: 'flower' });
    await insertListing(test.db, farm, { title: 'Gelato cart', productType: 'Vape Cartridges' });
    await insertListing(test.db, farm, { title: 'Blue Dream flower' });
    await insertListing(test.db, farm, { title: 'Gelato archived', isActive: false });
    await run();
    expect(mailsTo(buyer.user.email)).toEqual([]);
  });

  it('narrows by the facets as the catalog does: price, lab-tested', async () => {
    const buyer = await person(test);
    const farm = await seller();
    await save(buyer, 'Tested gelato under $900', { query: 'gelato', maxPrice: '900', tested: 'true' });
    await insertListing(test.db, farm, { title: 'Gelato too dear', askingPrice: 1200, tested: true });
    await insertListing(test.db, farm, { title: 'Gelato untested', askingPrice: 800 });
    await insertListing(test.db, farm, { title: 'Gelato tested bargain', askingPrice: 800, tested: true });
    await run();
    const mails = mailsTo(buyer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Gelato tested bargain');
    expect(mails[0]?.text).not.toContain('Gelato too dear');
    expect(mails[0]?.text).not.toContain('Gelato untested');
  });

  it('mails a listing that becomes public after the search was saved (its seller verified later)', async () => {
    const buyer = await person(test);
    const pendingFarm = await insertUser(test.db, { role: 'seller', status: 'pending' });
    const lot = await insertListing(test.db, pendingFarm, { title: 'Late bloomer kush' });
    await save(buyer, 'Kush', { query: 'kush' });
    await run();
    expect(mailsTo(buyer.user.email)).toEqual([]);
    // What verifying the seller does to their listings (the seller's copy of the status).
    await test.db.update(listings).set({ sellerVerified: true }).where(eq(listings.id, lot.id));
    await run(later(2 * MINUTE));
    const mails = mailsTo(buyer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${TEST_APP_URL}/products/${lot.id}`);
  });

  it('does not mail a suspended account', async () => {
    const buyer = await person(test);
    await save(buyer, 'Anything');
    await test.db.update(users).set({ status: 'suspended' }).where(eq(users.id, buyer.user.id));
    await insertListing(test.db, await seller());
    await run();
    expect(mailsTo(buyer.user.email)).toEqual([]);
  });

  it('mails once when two instances run at the same moment', async () => {
    const buyer = await person(test);
    await save(buyer, 'Race');
    await insertListing(test.db, await seller(), { title: 'Raced lot' });
    const at = later(MINUTE);
    await Promise.all([run(at), run(at), run(at)]);
    expect(mailsTo(buyer.user.email)).toHaveLength(1);
  });

  it('runs on demand through the alerts:send command', async () => {
    const buyer = await person(test);
    await save(buyer, 'By command');
    await insertListing(test.db, await seller(), { title: 'Commanded lot' });
    // As from the command line alone: no server mail queue is handed over, so it makes its own.
    const outcome = await runOperatorCommand(
      { config: test.ctx.config, database: test.ctx.database },
      { command: 'alerts-send' },
    );
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdout[0]).toMatch(/^alerts:send: \d+ saved search(es)? checked, \d+ alert mails? sent$/);
    const mail = await test.smtp.waitForMail(buyer.user.email, /matches "By command"/);
    expect(mail.text).toContain('Commanded lot');
  });

  it('is sent by the app’s own worker on its schedule, without anyone asking', async () => {
    const quick = await createTestApp({ SAVED_SEARCH_ALERT_INTERVAL_SECONDS: '0.3' });
    try {
      const buyer = await person(quick);
      const response = await quick.app.inject({
        method: 'POST',
        url: '/api/saved-searches',
        headers: bearer(buyer.token),
        payload: { name: 'Scheduled', filters: {} },
      });
      expect(response.statusCode).toBe(201);
      await insertListing(quick.db, await insertUser(quick.db, { role: 'seller' }), {
        title: 'Scheduled lot',
      });
      const mail = await quick.smtp.waitForMail(buyer.user.email, /matches "Scheduled"/, 10_000);
      expect(mail.text).toContain('Scheduled lot');
    } finally {
      await quick.close();
    }
  });
});
