import { DEALS, type OfferDto, ORDER_LIMIT_TEXTS, setOrderLimitSchema } from '@canopy/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, companyMembers, offers } from '../src/db/schema/index.ts';
import type { AppError } from '../src/lib/errors.ts';
import { setOrderLimit } from '../src/modules/companies/index.ts';
import { insertMember, type MemberSeed } from '../src/seed/factories.ts';
import { type Deal, dealParties, makeOffer, send } from './deals-helpers.ts';
import type { Person } from './messages-helpers.ts';
import { createTestApp, json, signIn, TEST_APP_URL, type TestApp } from './support/test-app.ts';

// Order limits (issue 28, decision 204): a purchasing member's offer or counter above their limit
// waits for an owner or manager of the buying company; the seller neither sees it nor hears of it
// until it is approved, and never if it is declined.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

async function joined(company: Person, role: 'purchasing' | 'manager', seed: MemberSeed) {
  const user = await insertMember(test.db, company.user.id, role, seed);
  return { user, token: await signIn(test.app, user.email) };
}

const parties = () =>
  dealParties(
    test,
    { title: 'Gelato indoor', quantityLbs: 100 },
    {
      seller: { businessName: 'North Coast Growers' },
      buyer: { businessName: 'Valley Retail', contactName: 'Sam Ortiz' },
    },
  );

/** A buyer company with a purchasing member limited to $5,000 and a manager. */
async function team(deal: Deal) {
  const purchasing = await joined(deal.buyer, 'purchasing', { orderLimit: 5000, contactName: 'Dana Reyes' });
  const manager = await joined(deal.buyer, 'manager', { contactName: 'Lee Park' });
  return { purchasing, manager };
}

const offerBy = async (who: Person, deal: Deal, quantityLbs: number, pricePerLb: number) => {
  const response = await send(test, who, 'POST', '/api/offers', {
    listingId: deal.listingId,
    quantityLbs,
    pricePerLb,
  });
  return { status: response.statusCode, body: json<{ message: string; data: OfferDto }>(response) };
};

const delivered = () => test.ctx.mailer.drain();
const subjectsTo = (email: string) =>
  test.smtp.mails.filter((mail) => mail.to.includes(email)).map((mail) => mail.subject);

describe('an offer above the member order limit', () => {
  it('is held out of the seller sight, the buying managers are mailed, and a manager approval sends it', async () => {
    const deal = await parties();
    const { purchasing, manager } = await team(deal);
    const held = await offerBy(purchasing, deal, 10, 600);
    expect(held.status).toBe(201);
    expect(held.body.message).toBe(
      "This offer is above your order limit of $5,000.00, so it waits for a manager's approval before the seller sees it",
    );
    expect(held.body.data).toMatchObject({
      status: 'awaiting_approval',
      total: 6000,
      buyerId: deal.buyer.user.id,
      byMember: { userId: purchasing.user.id, contactName: 'Dana Reyes' },
    });
    const id = held.body.data._id;

    // The seller: not found, not listed, nothing in its conversations, no mail.
    const seen = await send(test, deal.seller, 'GET', `/api/offers/${id}`);
    expect(seen.statusCode).toBe(404);
    expect(json(seen).error).toBe(DEALS.offerNotFound);
    const listed = await send(test, deal.seller, 'GET', '/api/offers');
    expect(json<{ data: OfferDto[] }>(listed).data).toEqual([]);
    expect((await send(test, deal.seller, 'POST', `/api/offers/${id}/accept`)).statusCode).toBe(404);
    const conversations = await send(test, deal.seller, 'GET', '/api/messages/conversations');
    expect(json<{ data: unknown[] }>(conversations).data).toEqual([]);

    await delivered();
    const subject = "Approval needed: Dana Reyes's offer on Gelato indoor";
    expect(subjectsTo(manager.user.email)).toEqual([subject]);
    expect(subjectsTo(deal.buyer.user.email)).toEqual([subject]);
    expect(subjectsTo(purchasing.user.email)).toEqual([]);
    expect(subjectsTo(deal.seller.user.email)).toEqual([]);
    const mail = test.smtp.mails.find((one) => one.to.includes(manager.user.email));
    expect(mail?.text).toContain(
      'Dana Reyes made an offer on "Gelato indoor" above their order limit of $5,000.00:\n\n10 lbs at $600.00/lb, total $6,000.00.\n\nThe seller does not see it until an owner or manager of your company approves it.',
    );
    expect(mail?.text).toContain(`Approve or decline it on Canopy:\n${TEST_APP_URL}/offers`);

    // The purchasing member may not approve their own offer; the seller may not learn of it.
    const self = await send(test, purchasing, 'POST', `/api/offers/${id}/approve`);
    expect(self.statusCode).toBe(403);
    expect(json(self).error).toBe(
      "Your role (Purchasing) may not approve offers above a member's order limit.",
    );
    expect((await send(test, deal.seller, 'POST', `/api/offers/${id}/approve`)).statusCode).toBe(404);

    const approved = await send(test, manager, 'POST', `/api/offers/${id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(json<{ message: string; data: OfferDto }>(approved)).toMatchObject({
      message: DEALS.offerApproved,
      data: { status: 'open', byMember: { userId: purchasing.user.id, contactName: 'Dana Reyes' } },
    });
    expect((await send(test, deal.seller, 'GET', `/api/offers/${id}`)).statusCode).toBe(200);
    await test.smtp.waitForMail(deal.seller.user.email, /^New offer on Gelato indoor from Valley Retail$/);
    const [entry] = await test.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, id), eq(adminAuditLog.action, 'offer.approve')));
    expect(entry?.adminEmail).toBe(manager.user.email);
    const again = await send(test, manager, 'POST', `/api/offers/${id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(json(again).error).toBe(DEALS.notAwaitingApproval);
  });

  it('goes straight to the seller when within the limit', async () => {
    const deal = await parties();
    const { purchasing } = await team(deal);
    const sent = await offerBy(purchasing, deal, 10, 500);
    expect(sent.body).toMatchObject({ message: DEALS.offerSent, data: { status: 'open', total: 5000 } });
  });

  it('is declined by an owner without the seller ever seeing it', async () => {
    const deal = await parties();
    const { purchasing } = await team(deal);
    const held = await offerBy(purchasing, deal, 20, 300);
    const declined = await send(
      test,
      deal.buyer,
      'POST',
      `/api/offers/${held.body.data._id}/decline-approval`,
      {
        reason: 'Too much this month',
      },
    );
    expect(declined.statusCode).toBe(200);
    expect(json<{ message: string; data: OfferDto }>(declined)).toMatchObject({
      message: 'Offer declined; the seller never saw it',
      data: { status: 'declined', declineReason: 'Too much this month' },
    });
    expect((await send(test, deal.seller, 'GET', `/api/offers/${held.body.data._id}`)).statusCode).toBe(404);
    await delivered();
    expect(subjectsTo(deal.seller.user.email)).toEqual([]);
  });

  it("holds a buyer member's counter above the limit and leaves the seller's offer open until approval", async () => {
    const deal = await parties();
    const { purchasing, manager } = await team(deal);
    const opening = await makeOffer(test, deal, { quantityLbs: 10, pricePerLb: 400 });
    const sellerCounter = await send(test, deal.seller, 'POST', `/api/offers/${opening._id}/counter`, {
      quantityLbs: 10,
      pricePerLb: 700,
    });
    const live = json<{ data: OfferDto }>(sellerCounter).data;
    const counter = await send(test, purchasing, 'POST', `/api/offers/${live._id}/counter`, {
      quantityLbs: 10,
      pricePerLb: 550,
    });
    expect(counter.statusCode).toBe(201);
    expect(json<{ message: string; data: OfferDto }>(counter)).toMatchObject({
      message: DEALS.offerAwaitsApproval('$5,000.00'),
      data: { status: 'awaiting_approval', previousOfferId: live._id },
    });
    const [stillOpen] = await test.db.select().from(offers).where(eq(offers.id, live._id));
    expect(stillOpen?.status).toBe('open');

    const approved = await send(
      test,
      manager,
      'POST',
      `/api/offers/${json<{ data: OfferDto }>(counter).data._id}/approve`,
    );
    expect(approved.statusCode).toBe(200);
    const [answered] = await test.db.select().from(offers).where(eq(offers.id, live._id));
    expect(answered?.status).toBe('countered');
  });
});

describe('setting an order limit', () => {
  const problem = (input: unknown) => {
    const result = setOrderLimitSchema.safeParse(input);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('takes dollars to the cent, or null for none, with its own texts', () => {
    expect(problem({ orderLimit: 2500.5 })).toBeNull();
    expect(problem({ orderLimit: null })).toBeNull();
    expect(problem({ orderLimit: 0 })).toBe(ORDER_LIMIT_TEXTS.positive);
    expect(problem({ orderLimit: 10.001 })).toBe(ORDER_LIMIT_TEXTS.step);
    // Stored to the cent, so a positive number under half a cent would be a limit of $0.00.
    expect(problem({ orderLimit: 1e-9 })).toBe(ORDER_LIMIT_TEXTS.positive);
    expect(problem({ orderLimit: '500' })).toBe(ORDER_LIMIT_TEXTS.invalid);
    expect(problem({ orderLimit: 1e12 })).toBe('Order limit must be at most $9,999,999,999.99');
  });

  it('sets and lifts a purchasing member limit, refuses other roles and other companies', async () => {
    const deal = await parties();
    const { purchasing, manager } = await team(deal);
    await setOrderLimit(test.db, deal.buyer.user.id, purchasing.user.id, 12000);
    const limitOf = async (userId: string) =>
      (await test.db.select().from(companyMembers).where(eq(companyMembers.userId, userId)))[0]?.orderLimit;
    expect(await limitOf(purchasing.user.id)).toBe('12000.00');
    await setOrderLimit(test.db, deal.buyer.user.id, purchasing.user.id, null);
    expect(await limitOf(purchasing.user.id)).toBeNull();

    const refusal = (call: Promise<void>) =>
      call.then(
        () => 'allowed',
        (error: AppError) => `${error.status} ${error.message}`,
      );
    expect(await refusal(setOrderLimit(test.db, deal.buyer.user.id, manager.user.id, 100))).toBe(
      `400 ${ORDER_LIMIT_TEXTS.onlyPurchasing}`,
    );
    expect(await refusal(setOrderLimit(test.db, deal.seller.user.id, purchasing.user.id, 100))).toBe(
      `404 ${ORDER_LIMIT_TEXTS.memberNotFound}`,
    );
  });
});
