import {
  COMPANY_ROLES,
  type CompanyRole,
  DEALS,
  type OfferDto,
  type OrderDto,
  ROLE_PERMISSIONS,
  roleForbids,
} from '@canopy/shared';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../src/app.ts';
import { adminAuditLog, listings, offers, orders, type UserRow } from '../src/db/schema/index.ts';
import { authorize } from '../src/http/access.ts';
import { ROUTE_PERMISSIONS, routeKey } from '../src/http/route-permissions.ts';
import type { RouteDef } from '../src/http/route-table.ts';
import type { AppError } from '../src/lib/errors.ts';
import type { SessionUser } from '../src/lib/session.ts';
import { insertMember } from '../src/seed/factories.ts';
import { type Deal, dealParties, makeOffer, send } from './deals-helpers.ts';
import type { Person } from './messages-helpers.ts';
import { bearer, createTestApp, json, signIn, type TestApp } from './support/test-app.ts';

// Roles enforced on every route (issue 28, decision 202): the permission table against the route
// table, walked for every role of both sides as a reviewed snapshot, then real calls by members
// whose role lacks the permission, refused with the role's own words and leaving nothing behind.

const routes = routeTable({ production: false, smtpUrl: 'smtp://127.0.0.1:1' });
const memberRoutes = routes.filter((route) => route.access !== 'public' && route.access !== 'admin');

describe('the route permission table', () => {
  it('names every route a member can call', () => {
    const missing = memberRoutes.map(routeKey).filter((key) => !(key in ROUTE_PERMISSIONS));
    expect(missing).toEqual([]);
  });

  it('names no route that does not exist, is public or is for admins', () => {
    const known = new Set(memberRoutes.map(routeKey));
    expect(Object.keys(ROUTE_PERMISSIONS).filter((key) => !known.has(key))).toEqual([]);
  });

  /** A verified member of a company of that side, with that role. */
  const member = (side: 'buyer' | 'seller', role: CompanyRole): SessionUser => {
    const user = { id: 'company', role: side, status: 'verified' } as UserRow;
    const login = { id: 'login', role: side, status: 'verified' } as UserRow;
    return {
      sessionId: 's',
      user,
      login,
      member: {
        companyId: 'company',
        role,
        permissions: ROLE_PERMISSIONS[role],
        orderLimit: null,
        requireTwoFactor: false,
      },
    };
  };

  /** The roles of one side that pass the route, or the refusal's status when none does. */
  function passing(route: RouteDef, side: 'buyer' | 'seller'): string {
    const roles = COMPANY_ROLES.filter((role) => {
      try {
        authorize(route.access, member(side, role), ROUTE_PERMISSIONS[routeKey(route)] ?? null);
        return true;
      } catch (error) {
        if ((error as AppError).status !== 403) throw error;
        return false;
      }
    });
    return `${side}: ${roles.length > 0 ? roles.join(' ') : '-'}`;
  }

  it('is the reviewed walk of every route × every role of either side', async () => {
    const lines = memberRoutes.map((route) => {
      const sides =
        route.access === 'buyer' || route.access === 'seller'
          ? [route.access]
          : (['seller', 'buyer'] as const);
      return `${routeKey(route).padEnd(46)} ${sides.map((side) => passing(route, side)).join(' | ')}`;
    });
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('__snapshots__/route-permissions.txt');
  });
});

describe('a member beyond their role', () => {
  let test: TestApp;
  let deal: Deal;
  beforeAll(async () => {
    test = await createTestApp();
    deal = await dealParties(test);
  });
  afterAll(() => test.close());

  async function joined(company: Person, role: CompanyRole, contactName?: string): Promise<Person> {
    const user = await insertMember(test.db, company.user.id, role, { contactName });
    return { user, token: await signIn(test.app, user.email) };
  }

  const counts = async () => ({
    listings: (await test.db.select({ n: count() }).from(listings))[0]?.n,
    offers: (await test.db.select({ n: count() }).from(offers))[0]?.n,
    orders: (await test.db.select({ n: count() }).from(orders))[0]?.n,
  });

  const refused = (response: { statusCode: number; json: () => unknown }, text: string) => {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, error: text, message: text });
  };

  it('refuses a viewer who would change a lot, and the lot stays as it was', async () => {
    const viewer = await joined(deal.seller, 'viewer');
    const before = await counts();
    const [listing] = await test.db.select().from(listings).where(eq(listings.id, deal.listingId));
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/listings/${deal.listingId}/archive`,
      headers: bearer(viewer.token),
    });
    refused(response, roleForbids('viewer', 'listings:write'));
    expect(json(response).error).toBe('Your role (Viewer) may not create, edit or remove lots.');
    const [after] = await test.db.select().from(listings).where(eq(listings.id, deal.listingId));
    expect(after).toEqual(listing);
    expect(await counts()).toEqual(before);
    // Reading the company's lots is a viewer's part.
    const mine = await send(test, viewer, 'GET', '/api/listings/my/listings');
    expect(mine.statusCode).toBe(200);
  });

  it('refuses a finance member who would make an offer for the company, and no offer is made', async () => {
    const finance = await joined(deal.buyer, 'finance');
    const before = await counts();
    const response = await send(test, finance, 'POST', '/api/offers', {
      listingId: deal.listingId,
      quantityLbs: 5,
      pricePerLb: 1000,
    });
    refused(response, 'Your role (Finance) may not make or change offers as a buyer.');
    expect(await counts()).toEqual(before);
    expect((await send(test, finance, 'GET', '/api/orders')).statusCode).toBe(200);
  });

  it("refuses a purchasing member of a seller on the seller's routes", async () => {
    const purchasing = await joined(deal.seller, 'purchasing');
    const offer = await makeOffer(test, deal, { quantityLbs: 4, pricePerLb: 900 });
    const before = await counts();
    const accept = await send(test, purchasing, 'POST', `/api/offers/${offer._id}/accept`);
    refused(accept, "Your role (Purchasing) may not answer offers on the company's lots.");
    const archive = await send(test, purchasing, 'POST', `/api/listings/${deal.listingId}/archive`);
    refused(archive, 'Your role (Purchasing) may not create, edit or remove lots.');
    expect(await counts()).toEqual(before);
    const [row] = await test.db.select().from(offers).where(eq(offers.id, offer._id));
    expect(row?.status).toBe('open');
    await send(test, deal.buyer, 'POST', `/api/offers/${offer._id}/withdraw`);
  });

  it("refuses a sales member of a buyer on the buyer's routes", async () => {
    const sales = await joined(deal.buyer, 'sales');
    const before = await counts();
    const response = await send(test, sales, 'POST', '/api/offers', {
      listingId: deal.listingId,
      quantityLbs: 5,
      pricePerLb: 1000,
    });
    refused(response, 'Your role (Sales) may not make or change offers as a buyer.');
    const watch = await test.app.inject({
      method: 'PUT',
      url: `/api/watchlist/${deal.listingId}`,
      headers: bearer(sales.token),
    });
    refused(watch, 'Your role (Sales) may not keep saved searches and a watchlist.');
    expect(await counts()).toEqual(before);
  });

  it('checks the role before the path: a refused member learns nothing about the id', async () => {
    const viewer = await joined(deal.seller, 'viewer');
    const response = await send(
      test,
      viewer,
      'POST',
      '/api/listings/00000000-0000-7000-8000-000000000000/archive',
    );
    refused(response, 'Your role (Viewer) may not create, edit or remove lots.');
  });
});

// The resource policies compare the caller's party id with the deal's: a member's calls carry the
// company (auth.user), so a member acts for it and an outsider's member sees nothing.
describe('members acting for their company on its deals', () => {
  let test: TestApp;
  let deal: Deal;
  beforeAll(async () => {
    test = await createTestApp();
    deal = await dealParties(test);
  });
  afterAll(() => test.close());

  async function joined(company: UserRow, role: CompanyRole, contactName?: string): Promise<Person> {
    const user = await insertMember(test.db, company.id, role, { contactName });
    return { user, token: await signIn(test.app, user.email) };
  }

  it('lets a purchasing member offer, a sales member counter and the buyer member accept, for their companies', async () => {
    const purchasing = await joined(deal.buyer.user, 'purchasing', 'Dana Reyes');
    const sales = await joined(deal.seller.user, 'sales', 'Lee Park');
    const made = await send(test, purchasing, 'POST', '/api/offers', {
      listingId: deal.listingId,
      quantityLbs: 6,
      pricePerLb: 1100,
    });
    expect(made.statusCode).toBe(201);
    const offer = json<{ data: OfferDto }>(made).data;
    expect(offer.buyerId).toBe(deal.buyer.user.id);
    // The business is the party; the member who made the terms is named beside it.
    expect(offer.byMember).toEqual({ userId: purchasing.user.id, contactName: 'Dana Reyes' });
    expect(offer.sellerId).toBe(deal.seller.user.id);

    // The seller's owner and its sales member both see it: it is the company's offer.
    expect((await send(test, deal.seller, 'GET', `/api/offers/${offer._id}`)).statusCode).toBe(200);
    const seen = await send(test, sales, 'GET', '/api/offers?role=seller');
    expect(json<{ data: { _id: string }[] }>(seen).data.map((row) => row._id)).toContain(offer._id);

    const countered = await send(test, sales, 'POST', `/api/offers/${offer._id}/counter`, {
      quantityLbs: 6,
      pricePerLb: 1150,
    });
    expect(countered.statusCode).toBe(201);
    const counter = json<{ data: OfferDto }>(countered).data;
    expect(counter.madeBy).toBe('seller');
    expect(counter.byMember).toEqual({ userId: sales.user.id, contactName: 'Lee Park' });

    const accepted = await send(test, purchasing, 'POST', `/api/offers/${counter._id}/accept`);
    expect(accepted.statusCode).toBe(200);
    const order = json<{ data: { order: { _id: string } } }>(accepted).data.order;
    const fulfilled = await send(test, sales, 'POST', `/api/orders/${order._id}/status`, {
      status: 'fulfilled',
    });
    expect(fulfilled.statusCode).toBe(200);
    const history = json<{ data: OrderDto }>(fulfilled).data.history;
    expect(history.map((entry) => [entry.status, entry.by, entry.byMember?.contactName])).toEqual([
      ['confirmed', 'buyer', 'Dana Reyes'],
      ['fulfilled', 'seller', 'Lee Park'],
    ]);
    // The audit trail names the member who moved, not the business.
    const trail = await test.db
      .select({ action: adminAuditLog.action, by: adminAuditLog.adminEmail })
      .from(adminAuditLog)
      .where(inArray(adminAuditLog.targetId, [offer._id, counter._id, order._id]))
      .orderBy(adminAuditLog.createdAt, adminAuditLog.id);
    expect(trail).toEqual([
      { action: 'offer.create', by: purchasing.user.email },
      { action: 'offer.counter', by: sales.user.email },
      { action: 'offer.accept', by: purchasing.user.email },
      { action: 'order.fulfil', by: sales.user.email },
    ]);
    // A sales member of the seller still may not complete it: that is the buyer's move.
    const completed = await send(test, sales, 'POST', `/api/orders/${order._id}/status`, {
      status: 'completed',
    });
    expect(completed.statusCode).toBe(403);
    expect(json(completed).error).toBe(DEALS.onlyBuyerCompletes);
  });

  it("hides a company's deals from a member of another company", async () => {
    const offer = await makeOffer(test, deal, { quantityLbs: 2, pricePerLb: 1000 });
    const stranger = await dealParties(test);
    const outsider = await joined(stranger.seller.user, 'owner');
    const response = await send(test, outsider, 'GET', `/api/offers/${offer._id}`);
    expect(response.statusCode).toBe(404);
    const other = await joined(stranger.buyer.user, 'manager');
    expect((await send(test, other, 'POST', `/api/offers/${offer._id}/decline`, {})).statusCode).toBe(404);
  });
});
