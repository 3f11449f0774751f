import { californiaToday, type WantedPostDto } from '@canopy/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, users, wantedPosts } from '../src/db/schema/index.ts';
import { sendWantedAlerts } from '../src/modules/wanted/index.ts';
import { runOperatorCommand } from '../src/operator/commands.ts';
import { insertListing, insertMember } from '../src/seed/factories.ts';
import { type Person, person } from './messages-helpers.ts';
import { bearer, createTestApp, json, signIn, type TestApp } from './support/test-app.ts';

// Wanted posts (issue 25 item 4, decisions 246-248) through the whole app: who sees which posts,
// how they expire and close, a seller's answer becoming an offer card in the parties'
// conversation, and the daily alert mail over a real SMTP capture.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const send = (who: Person | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  test.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

const buyer = (seed: Parameters<typeof person>[1] = {}) => person(test, { role: 'buyer', ...seed });
const seller = (seed: Parameters<typeof person>[1] = {}) => person(test, { role: 'seller', ...seed });

async function post(who: Person, body: Record<string, unknown>) {
  const response = await send(who, 'POST', '/api/wanted', body);
  if (response.statusCode !== 201) throw new Error(`post failed: ${response.body}`);
  return json<{ message: string; data: WantedPostDto }>(response);
}

async function board(who: Person, query = '') {
  const response = await send(who, 'GET', `/api/wanted${query}`);
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.body}`);
  return json<{ data: WantedPostDto[]; pagination: { total: number; page: number; pages: number } }>(
    response,
  );
}

const postsOf = async (buyerId: string) =>
  (await test.db.select({ n: count() }).from(wantedPosts).where(eq(wantedPosts.buyerId, buyerId)))[0]?.n;

describe('posting a wanted request', () => {
  it('stores what the buyer asks for and answers it with its expiry', async () => {
    const shop = await buyer({ businessName: 'Green Door Retail' });
    const { message, data } = await post(shop, {
      category: 'flower',
      query: '  Blue Dream smalls ',
      quantityLbs: '12.5',
      minPrice: 400,
      maxPrice: '650',
      county: 'Humboldt',
    });
    expect(message).toBe(
      'Wanted request posted. Sellers can answer it for 30 days or until your needed-by date.',
    );
    expect(data).toMatchObject({
      buyer: { _id: shop.user.id, businessName: 'Green Door Retail' },
      category: 'flower',
      query: 'Blue Dream smalls',
      quantityLbs: 12.5,
      minPrice: 400,
      maxPrice: 650,
      neededBy: null,
      county: 'Humboldt',
      status: 'open',
      answers: [],
      answeredByMe: false,
    });
    const lifetime = new Date(data.expiresAt).getTime() - new Date(data.createdAt).getTime();
    expect(lifetime).toBe(30 * 24 * 60 * 60_000);
  });

  it('takes the post down at the end of its needed-by day in California', async () => {
    const shop = await buyer();
    const today = californiaToday();
    const { data } = await post(shop, { query: 'Any pre-rolls', quantityLbs: 2, neededBy: today });
    expect(data.neededBy).toBe(today);
    const expires = new Date(data.expiresAt);
    // Midnight in Los Angeles after `today`: the California date just before it is still today.
    expect(californiaToday(new Date(expires.getTime() - 1))).toBe(today);
    expect(californiaToday(expires)).not.toBe(today);
  });

  it('refuses bad input with its own words and writes nothing', async () => {
    const shop = await buyer();
    const cases: [Record<string, unknown>, string][] = [
      [
        { query: 'Gelato', quantityLbs: 5, minPrice: 700, maxPrice: 500 },
        'The lowest price cannot be above the highest price',
      ],
      [{ query: 'Gelato', quantityLbs: 0 }, 'Quantity must be greater than 0'],
      [{ query: 'Gelato' }, 'Quantity is required'],
      [{ query: '   ', quantityLbs: 5 }, 'Say what you are looking for'],
      [{ query: 'x'.repeat(121), quantityLbs: 5 }, 'What you are looking for must be at most 120 characters'],
      [{ query: 'Gelato', quantityLbs: 5, neededBy: '2020-01-01' }, 'Needed-by date cannot be in the past'],
      [
        { query: 'Gelato', quantityLbs: 5, neededBy: '2030-02-30' },
        'Needed-by date must be a date (YYYY-MM-DD)',
      ],
      [{ query: 'Gelato', quantityLbs: 5, category: 'seeds' }, 'Choose a category from the list'],
      [
        { query: 'Gelato', quantityLbs: 5, county: 'Atlantis' },
        'County must be one of the 58 California counties',
      ],
    ];
    for (const [body, error] of cases) {
      const response = await send(shop, 'POST', '/api/wanted', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(response).error).toBe(error);
    }
    expect(await postsOf(shop.user.id)).toBe(0);
  });

  it('is for verified buyers whose role may buy', async () => {
    const farm = await seller();
    expect(json(await send(farm, 'POST', '/api/wanted', { query: 'Gelato', quantityLbs: 5 }))).toMatchObject({
      error: 'You do not have permission to do this',
    });
    const pending = await buyer({ status: 'pending' });
    const refused = await send(pending, 'POST', '/api/wanted', { query: 'Gelato', quantityLbs: 5 });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error).toBe('Your account is not verified yet');
    const shop = await buyer();
    const finance = await insertMember(test.db, shop.user.id, 'finance');
    const clerk = { user: finance, token: await signIn(test.app, finance.email) };
    const byRole = await send(clerk, 'POST', '/api/wanted', { query: 'Gelato', quantityLbs: 5 });
    expect(byRole.statusCode).toBe(403);
    expect(json(byRole).error).toBe('Your role (Finance) may not make or change offers as a buyer.');
    expect(await postsOf(shop.user.id)).toBe(0);
  });
});

describe('who sees wanted posts', () => {
  it('shows the board to verified sellers, each buyer only their own, and nobody else', async () => {
    const first = await buyer({ businessName: 'First Shop' });
    const second = await buyer();
    const mine = (await post(first, { query: 'Visibility test kush', quantityLbs: 3 })).data;
    const farm = await seller();

    const seen = await board(farm, '?words=visibility');
    expect(seen.data).toEqual([{ ...mine, answers: null }]);
    expect((await board(second)).data).toEqual([]);
    expect((await board(first)).data.map((row) => row._id)).toEqual([mine._id]);

    const anonymous = await send(null, 'GET', '/api/wanted');
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous).error).toBe('Please sign in to continue');
    const unverified = await seller({ status: 'pending' });
    const refused = await send(unverified, 'GET', '/api/wanted');
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error).toBe('Your account is not verified yet');
    const admin = await person(test, { role: 'admin' });
    const adminRead = await send(admin, 'GET', '/api/wanted');
    expect(adminRead.statusCode).toBe(403);
    expect(json(adminRead).error).toBe('You do not have permission to do this');
  });

  it('filters the board by category, county, words and least quantity, page by page', async () => {
    const shop = await buyer();
    const farm = await seller();
    const tag = `filt${Date.now()}`;
    const a = (
      await post(shop, { query: `${tag} gelato`, quantityLbs: 10, category: 'flower', county: 'Marin' })
    ).data;
    const b = (await post(shop, { query: `${tag} gelato carts`, quantityLbs: 2, category: 'vape' })).data;
    const c = (await post(shop, { query: `${tag} runtz`, quantityLbs: 40, category: 'flower' })).data;
    const ids = async (query: string) =>
      (await board(farm, `?words=${tag}${query}`)).data.map((row) => row._id);
    expect(await ids('')).toEqual([c._id, b._id, a._id]);
    expect(await ids('&category=flower')).toEqual([c._id, a._id]);
    expect(await ids('&county=Marin')).toEqual([a._id]);
    expect(await ids('+gelato')).toEqual([b._id, a._id]);
    expect(await ids('&minQuantity=10')).toEqual([c._id, a._id]);
    const paged = await board(farm, `?words=${tag}&limit=2&page=2`);
    expect(paged.data.map((row) => row._id)).toEqual([a._id]);
    expect(paged.pagination).toMatchObject({ total: 3, page: 2, pages: 2 });
  });
});

describe('expiry and closing', () => {
  it('takes an expired post off the board, refuses answers to it, and shows it expired to its buyer', async () => {
    const shop = await buyer();
    const farm = await seller();
    const lot = await insertListing(test.db, farm.user, { title: 'Expiry lot' });
    const { data } = await post(shop, { query: 'Expiry test haze', quantityLbs: 3 });
    await test.db
      .update(wantedPosts)
      .set({ createdAt: new Date(Date.now() - 2 * 60_000), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(wantedPosts.id, data._id));
    expect((await board(farm, '?words=expiry')).data).toEqual([]);
    expect((await board(shop)).data.map((row) => row.status)).toEqual(['expired']);
    const answer = await send(farm, 'POST', `/api/wanted/${data._id}/answers`, {
      listingId: lot.id,
      pricePerLb: 500,
      quantityLbs: 3,
    });
    expect(answer.statusCode).toBe(409);
    expect(json(answer)).toMatchObject({ error: 'This wanted post has expired', code: 'wanted_expired' });
    expect(await test.db.select().from(offers).where(eq(offers.listingId, lot.id))).toEqual([]);
  });

  it('lets only the posting buyer close a post, after which it cannot be answered', async () => {
    const shop = await buyer();
    const other = await buyer();
    const farm = await seller();
    const lot = await insertListing(test.db, farm.user);
    const { data } = await post(shop, { query: 'Closing test og', quantityLbs: 3 });
    const stranger = await send(other, 'POST', `/api/wanted/${data._id}/close`);
    expect(stranger.statusCode).toBe(404);
    expect(json(stranger).error).toBe('Wanted post not found');
    const closed = await send(shop, 'POST', `/api/wanted/${data._id}/close`);
    expect(closed.statusCode).toBe(200);
    expect(json(closed)).toMatchObject({ message: 'Wanted request closed', data: { status: 'closed' } });
    expect((await board(farm, '?words=closing')).data).toEqual([]);
    const answer = await send(farm, 'POST', `/api/wanted/${data._id}/answers`, {
      listingId: lot.id,
      pricePerLb: 500,
      quantityLbs: 3,
    });
    expect(answer.statusCode).toBe(409);
    expect(json(answer).error).toBe('This wanted post was closed by the buyer');
  });
});

describe('answering with a lot', () => {
  it("opens the conversation with the seller's offer card, which the buyer sees and can accept", async () => {
    const shop = await buyer({ businessName: 'Answer Shop' });
    const farm = await seller({ businessName: 'Answer Farms' });
    const lot = await insertListing(test.db, farm.user, { title: 'Blue Dream smalls', quantityLbs: 20 });
    const neededBy = californiaToday(new Date(Date.now() + 5 * 24 * 60 * 60_000));
    const { data } = await post(shop, { query: 'Blue Dream', quantityLbs: 8, neededBy });

    const response = await send(farm, 'POST', `/api/wanted/${data._id}/answers`, {
      listingId: lot.id,
      pricePerLb: '550',
      quantityLbs: 8,
      note: 'Fresh harvest',
    });
    expect(response.statusCode).toBe(201);
    const answered = json<{ message: string; data: { answerId: string; offerId: string } }>(response);
    expect(answered.message).toBe('Offer sent. The buyer will see it in your conversation.');

    const thread = json<{
      data: {
        content: string;
        dealEvent: string;
        offer: { _id: string; madeBy: string; status: string } | null;
      }[];
    }>(await send(shop, 'GET', `/api/messages/thread/${farm.user.id}`)).data;
    expect(thread).toHaveLength(1);
    expect(thread[0]?.dealEvent).toBe('offer_made');
    expect(thread[0]?.content).toBe(
      `Offer on "Blue Dream smalls": 8 lbs at $550.00/lb, total $4,400.00.\nDeliver by ${neededBy}.\nNote: Fresh harvest`,
    );
    expect(thread[0]?.offer).toMatchObject({ _id: answered.data.offerId, madeBy: 'seller', status: 'open' });

    const own = (await board(shop)).data[0];
    expect(own?.answers).toEqual([
      {
        _id: answered.data.answerId,
        seller: { _id: farm.user.id, businessName: 'Answer Farms' },
        listingId: lot.id,
        listingTitle: 'Blue Dream smalls',
        offerId: answered.data.offerId,
        quantityLbs: 8,
        pricePerLb: 550,
        offerStatus: 'open',
        createdAt: expect.any(String),
      },
    ]);
    expect(
      (await board(farm, '?words=blue+dream')).data.find((row) => row._id === data._id)?.answeredByMe,
    ).toBe(true);

    // The buyer's notification centre names the answer as well as the offer it brought.
    const notices = json<{ data: { kind: string; title: string; link: string }[] }>(
      await send(shop, 'GET', '/api/notifications'),
    ).data.map((notice) => [notice.kind, notice.title, notice.link]);
    expect(notices).toContainEqual([
      'wanted_answer',
      'A seller answered "Blue Dream" with Blue Dream smalls',
      '/wanted',
    ]);
    expect(notices).toContainEqual(['offer', 'New offer on Blue Dream smalls', '/messages']);

    const accepted = await send(shop, 'POST', `/api/offers/${answered.data.offerId}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(json(accepted)).toMatchObject({ data: { order: { quantityLbs: 8, pricePerLb: 550 } } });
  });

  it("refuses another seller's lot, a lot out of the catalog, and too many pounds, writing nothing", async () => {
    const shop = await buyer();
    const farm = await seller();
    const rival = await seller();
    const theirs = await insertListing(test.db, rival.user);
    const hidden = await insertListing(test.db, farm.user, { isActive: false });
    const small = await insertListing(test.db, farm.user, { quantityLbs: 2 });
    const { data } = await post(shop, { query: 'Refusal test', quantityLbs: 5 });
    const answer = (listingId: string, quantityLbs = 1) =>
      send(farm, 'POST', `/api/wanted/${data._id}/answers`, { listingId, pricePerLb: 500, quantityLbs });
    for (const listingId of [theirs.id, hidden.id, 'not-a-lot']) {
      const refused = await answer(listingId);
      expect(refused.statusCode).toBe(400);
      expect(json(refused).error).toBe('Answer with one of your own lots that is live in the catalog');
    }
    const tooMuch = await answer(small.id, 5);
    expect(tooMuch.statusCode).toBe(400);
    expect(json(tooMuch).error).toBe('Not enough quantity available');
    expect(await test.db.select().from(offers).where(eq(offers.buyerId, shop.user.id))).toEqual([]);
    expect((await board(shop)).data[0]?.answers).toEqual([]);

    const buyerAnswers = await send(shop, 'POST', `/api/wanted/${data._id}/answers`, {
      listingId: theirs.id,
      pricePerLb: 500,
      quantityLbs: 1,
    });
    expect(buyerAnswers.statusCode).toBe(403);
  });
});

describe('the daily alert to matching sellers', () => {
  const MINUTE = 60_000;
  const DAY = 24 * 60 * MINUTE;
  const run = (ms: number) => sendWantedAlerts(test.ctx, new Date(Date.now() + ms));
  const mailsTo = (email: string) => test.smtp.mails.filter((mail) => mail.to.includes(email));

  it('mails sellers with a matching public lot at most once a day, while Listing Interest is on', async () => {
    // Tinctures: no other test here posts in that category, so the mail's count is this test's.
    const matching = await seller({ contactName: 'Tia' });
    await insertListing(test.db, matching.user, { productType: 'Tinctures' });
    const interestOff = await seller();
    await insertListing(test.db, interestOff.user, { productType: 'Tinctures' });
    await test.db
      .update(users)
      .set({ notifyListingInterest: false })
      .where(eq(users.id, interestOff.user.id));
    const otherCategory = await seller();
    await insertListing(test.db, otherCategory.user, { productType: 'Topicals' });

    const shop = await buyer({ businessName: 'Drops Retail' });
    await post(shop, { category: 'tincture', query: 'CBD tinctures', quantityLbs: 4, maxPrice: 300 });
    await run(2 * MINUTE);
    const [first, ...more] = mailsTo(matching.user.email);
    expect(more).toEqual([]);
    expect(first?.subject).toBe('1 new wanted request matches your lots');
    expect(first?.text.trimEnd()).toBe(
      [
        'Hello Tia,',
        'Buyers on Canopy are looking for what you sell. Answer with one of your lots to start the conversation with an offer:',
        '- "CBD tinctures" (Tincture · 4 lbs · up to $300 per lb · Drops Retail)',
        'See the Wanted board:\nhttp://canopy.test/wanted',
        'You receive at most one such e-mail a day because Listing Interest notifications are on. Turn them off under Email Notifications in your profile: http://canopy.test/profile',
      ].join('\n\n'),
    );
    expect(mailsTo(interestOff.user.email)).toEqual([]);
    expect(mailsTo(otherCategory.user.email)).toEqual([]);

    // A second post the same day (after the first mail) waits for tomorrow's mail.
    const second = (await post(shop, { category: 'tincture', query: 'Tincture samples', quantityLbs: 1 }))
      .data;
    await test.db
      .update(wantedPosts)
      .set({ createdAt: new Date(Date.now() + 3 * MINUTE) })
      .where(eq(wantedPosts.id, second._id));
    await run(4 * MINUTE);
    expect(mailsTo(matching.user.email)).toHaveLength(1);
    await run(DAY + 4 * MINUTE);
    const mails = mailsTo(matching.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('1 new wanted request matches your lots');
    expect(mails[1]?.text).toContain('"Tincture samples"');
    expect(mails[1]?.text).not.toContain('"CBD tinctures"');
    expect(mailsTo(interestOff.user.email)).toEqual([]);
  });

  it('matches a post without a category by the words of the lot', async () => {
    const farm = await seller();
    await insertListing(test.db, farm.user, { productType: 'Topicals', title: 'Lavender balm jars' });
    const shop = await buyer();
    await post(shop, { query: 'lavender balm', quantityLbs: 1 });
    await run(2 * MINUTE);
    expect(mailsTo(farm.user.email).map((mail) => mail.subject)).toEqual([
      '1 new wanted request matches your lots',
    ]);
  });

  it('runs on demand through the alerts:send command, after the saved searches', async () => {
    const farm = await seller();
    await insertListing(test.db, farm.user, { productType: 'Rosin' });
    const shop = await buyer();
    const { data } = await post(shop, { category: 'concentrate', query: 'Rosin by command', quantityLbs: 1 });
    // The command runs at the real now, and a window ends a minute before its run.
    await test.db
      .update(wantedPosts)
      .set({ createdAt: new Date(Date.now() - 2 * MINUTE) })
      .where(eq(wantedPosts.id, data._id));
    const outcome = await runOperatorCommand(
      { config: test.ctx.config, database: test.ctx.database },
      { command: 'alerts-send' },
    );
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdout[1]).toMatch(
      /^alerts:send: \d+ sellers? checked for wanted posts, \d+ wanted alert mails? sent$/,
    );
    const mail = await test.smtp.waitForMail(farm.user.email, /new wanted request/);
    expect(mail.text).toContain('- "Rosin by command" (Concentrate · 1 lb · ');
  });
});
