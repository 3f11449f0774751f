import {
  ADMIN,
  API_KEY_SCOPES,
  API_KEYS,
  API_KEYS_PER_COMPANY,
  type ApiKeyCreated,
  type ApiKeyDto,
  type ApiKeyScope,
  AUTH,
  type CompanyActivityDto,
  roleForbids,
  SCOPE_PERMISSIONS,
  scopeForbids,
} from '@canopy/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../src/app.ts';
import { adminAuditLog, apiKeys, listings } from '../src/db/schema/index.ts';
import { permissionFor, ROUTE_PERMISSIONS, routeKey } from '../src/http/route-permissions.ts';
import { fullPath, type RouteDef } from '../src/http/route-table.ts';
import { insertMember } from '../src/seed/factories.ts';
import { type Person, person, sellerWithListing } from './messages-helpers.ts';
import { bearer, createTestApp, json, signIn, type TestApp } from './support/test-app.ts';

// API keys (issue 24, decision 222): made by an owner or manager, shown once, stored as a hash,
// checked by the same route table as a member (every route × every scope below is generated from
// it), never on account, company or admin calls, revoked at once, with their own rate limit and
// every write audited under the key's name.

// Limits at their real size, so the key's own budget (300 a minute) is reached; each key's calls
// come from an address of their own so the per-address budget of the whole API is not.
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({}, 1);
});
afterAll(() => test.close());

let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.24.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

async function createKey(owner: Person, body: Record<string, unknown>) {
  return test.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: bearer(owner.token),
    payload: body,
    remoteAddress: nextAddress(),
  });
}

async function keyFor(owner: Person, scopes: ApiKeyScope[], name = `Key ${scopes.join(' ')}`) {
  const response = await createKey(owner, { name, scopes });
  if (response.statusCode !== 201) throw new Error(`key creation failed: ${response.body}`);
  return json<{ data: ApiKeyCreated }>(response).data;
}

/** A caller with a key: each key calls from its own address. */
function withKey(secret: string) {
  const remoteAddress = nextAddress();
  return (method: RouteDef['method'], url: string, payload?: Record<string, unknown>) =>
    test.app.inject({ method, url, headers: bearer(secret), remoteAddress, ...(payload ? { payload } : {}) });
}

const refusedWith = (response: LightMyRequestResponse, status: number, text: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(json(response)).toMatchObject({ success: false, error: text });
};

describe('every route × every scope, from the route table', () => {
  const routes = routeTable({ production: false, smtpUrl: 'smtp://localhost' }).filter(
    (route) => route.access !== 'public',
  );
  const ANY_UUID = '0190a2b4-1c2d-7e3f-8a9b-0c1d2e3f4a5b';
  const urlOf = (route: RouteDef) => fullPath(route).replace(/:[A-Za-z]+/g, ANY_UUID);

  /** Whether a key of this scope, made by the company's owner, should pass the route's checks. */
  function reaches(route: RouteDef, side: 'buyer' | 'seller', scope: ApiKeyScope): boolean {
    if (route.access === 'admin' || route.access === 'session') return false;
    if (route.access !== 'verified' && route.access !== side) return false;
    const permission = permissionFor(ROUTE_PERMISSIONS[routeKey(route)] ?? null, side);
    return permission !== null && SCOPE_PERMISSIONS[scope].includes(permission);
  }

  /** Calls no scope may ever reach, whatever it holds: the account, the company, keys, admin. */
  const NEVER_BY_KEY = /^\/api\/(auth|company|api-keys|webhooks|admin|users)(\/|$)/;

  for (const side of ['seller', 'buyer'] as const) {
    it(`lets a ${side}'s key through exactly where its scope grants the route's permission`, async () => {
      const owner = await person(test, { role: side });
      const reached = new Set<string>();
      for (const scope of API_KEY_SCOPES) {
        const call = withKey((await keyFor(owner, [scope])).secret);
        for (const route of routes) {
          const response = await call(route.method, urlOf(route));
          const what = `${scope} → ${routeKey(route)}: ${response.statusCode} ${response.body.slice(0, 200)}`;
          if (reaches(route, side, scope)) {
            reached.add(routeKey(route));
            expect([401, 403, 429], what).not.toContain(response.statusCode);
            continue;
          }
          expect(response.statusCode, what).toBe(403);
          const permission = permissionFor(ROUTE_PERMISSIONS[routeKey(route)] ?? null, side);
          const error = json<{ error: string }>(response).error;
          expect(
            [
              API_KEYS.notForKeys,
              ADMIN.accessDenied,
              AUTH.forbidden,
              ...(permission ? [scopeForbids(permission)] : []),
            ],
            what,
          ).toContain(error);
          if (NEVER_BY_KEY.test(fullPath(route)))
            expect([API_KEYS.notForKeys, ADMIN.accessDenied], what).toContain(error);
        }
      }
      // What all six scopes together reach: never an account, company, key or admin call.
      expect([...reached].filter((key) => NEVER_BY_KEY.test(key.split(' ')[1] ?? ''))).toEqual([]);
      expect(reached.size).toBeGreaterThan(0);
    });
  }
});

describe('making, listing and revoking keys', () => {
  it('shows the secret once, keeps only its hash, lists the key without it and revokes it at once', async () => {
    const { seller, listing } = await sellerWithListing(test, { contactName: 'Rae Kim' });
    const created = await createKey(seller, {
      name: 'Distru sync',
      scopes: ['listings:read', 'listings:write', 'listings:read'],
    });
    expect(created.statusCode).toBe(201);
    const body = json<{ message: string; data: ApiKeyCreated }>(created);
    expect(body.message).toBe(API_KEYS.created);
    expect(body.data).toMatchObject({ name: 'Distru sync', scopes: ['listings:read', 'listings:write'] });
    expect(body.data.secret).toMatch(new RegExp(`^cnp_${body.data.prefix}_[A-Za-z0-9_-]{43}$`));

    // The database holds the SHA-256 of the secret part, nowhere the secret itself.
    const [row] = await test.db.select().from(apiKeys).where(eq(apiKeys.id, body.data._id));
    const secretPart = body.data.secret.split('_').slice(2).join('_');
    expect(JSON.stringify(row)).not.toContain(secretPart);
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);

    const call = withKey(body.data.secret);
    const mine = await call('GET', '/api/listings/my/listings');
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(json(mine))).toContain(listing.id);

    const list = await test.app.inject({
      method: 'GET',
      url: '/api/api-keys',
      headers: bearer(seller.token),
    });
    const [listed] = json<{ data: ApiKeyDto[] }>(list).data;
    expect(listed).toMatchObject({
      _id: body.data._id,
      name: 'Distru sync',
      prefix: body.data.prefix,
      expiresAt: null,
      createdBy: { userId: seller.user.id, contactName: 'Rae Kim' },
    });
    expect(listed?.lastUsedAt).not.toBeNull();
    expect(list.body).not.toContain(secretPart);

    const revoked = await test.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${body.data._id}`,
      headers: bearer(seller.token),
    });
    expect(json(revoked)).toEqual({ success: true, message: API_KEYS.revoked });
    refusedWith(await call('GET', '/api/listings/my/listings'), 401, API_KEYS.invalid);
    const again = await test.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${body.data._id}`,
      headers: bearer(seller.token),
    });
    refusedWith(again, 404, API_KEYS.notFound);
  });

  it('refuses a wrong secret, an expired key, and a key whose maker left the company', async () => {
    const owner = await person(test, { role: 'seller' });
    const key = await keyFor(owner, ['listings:read']);
    const wrong = `${key.secret.slice(0, -4)}AAAA`;
    refusedWith(await withKey(wrong)('GET', '/api/listings/my/listings'), 401, API_KEYS.invalid);
    refusedWith(await withKey('cnp_short')('GET', '/api/listings/my/listings'), 401, API_KEYS.invalid);

    const expiring = await createKey(owner, {
      name: 'Until tomorrow',
      scopes: ['listings:read'],
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const { data } = json<{ data: ApiKeyCreated }>(expiring);
    const call = withKey(data.secret);
    expect((await call('GET', '/api/listings/my/listings')).statusCode).toBe(200);
    await test.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, data._id));
    refusedWith(await call('GET', '/api/listings/my/listings'), 401, API_KEYS.invalid);

    refusedWith(
      await createKey(owner, {
        name: 'Yesterday',
        scopes: ['orders:read'],
        expiresAt: '2020-01-01T00:00:00Z',
      }),
      400,
      API_KEYS.expiryInPast,
    );
    refusedWith(await createKey(owner, { name: 'Nothing', scopes: [] }), 400, API_KEYS.scopesRequired);
    refusedWith(
      await createKey(owner, { name: 'Too much', scopes: ['company:manage'] }),
      400,
      API_KEYS.scopeUnknown,
    );

    // A manager's key stops working when the manager is removed from the company.
    const manager = await insertMember(test.db, owner.user.id, 'manager');
    const managerKey = await keyFor({ user: manager, token: await signIn(test.app, manager.email) }, [
      'listings:read',
    ]);
    const managerCall = withKey(managerKey.secret);
    expect((await managerCall('GET', '/api/listings/my/listings')).statusCode).toBe(200);
    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/company/members/${manager.id}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(200);
    refusedWith(await managerCall('GET', '/api/listings/my/listings'), 401, API_KEYS.invalid);
  });

  it('is for owners and managers only, and a key cannot make, list or revoke keys', async () => {
    const owner = await person(test, { role: 'seller' });
    const sales = await insertMember(test.db, owner.user.id, 'sales');
    const salesToken = await signIn(test.app, sales.email);
    refusedWith(
      await createKey({ user: sales, token: salesToken }, { name: 'Mine', scopes: ['listings:read'] }),
      403,
      roleForbids('sales', 'company:manage'),
    );
    const key = await keyFor(owner, [...API_KEY_SCOPES], 'Everything');
    const call = withKey(key.secret);
    refusedWith(await call('GET', '/api/api-keys'), 403, API_KEYS.notForKeys);
    refusedWith(
      await call('POST', '/api/api-keys', { name: 'Child', scopes: ['listings:read'] }),
      403,
      API_KEYS.notForKeys,
    );
    refusedWith(await call('DELETE', `/api/api-keys/${key._id}`), 403, API_KEYS.notForKeys);
    refusedWith(await call('GET', '/api/auth/me'), 403, API_KEYS.notForKeys);
    refusedWith(
      await call('POST', '/api/auth/change-password', { currentPassword: 'password123', newPassword: 'x' }),
      403,
      API_KEYS.notForKeys,
    );
  });
});

describe('what a key holds', () => {
  it("is its scopes within its maker's role today: a maker made viewer leaves the key reading only", async () => {
    const { seller: owner, listing } = await sellerWithListing(test, {}, { quantityLbs: 10 });
    const manager = await insertMember(test.db, owner.user.id, 'manager');
    const key = await keyFor({ user: manager, token: await signIn(test.app, manager.email) }, [
      'listings:read',
      'listings:write',
    ]);
    const call = withKey(key.secret);
    expect((await call('PATCH', `/api/listings/${listing.id}/quantity`, { quantityLbs: 9 })).statusCode).toBe(
      200,
    );
    const demoted = await test.app.inject({
      method: 'PUT',
      url: `/api/company/members/${manager.id}`,
      headers: bearer(owner.token),
      payload: { role: 'viewer' },
    });
    expect(demoted.statusCode).toBe(200);
    refusedWith(
      await call('PATCH', `/api/listings/${listing.id}/quantity`, { quantityLbs: 8 }),
      403,
      scopeForbids('listings:write'),
    );
    expect((await call('GET', '/api/listings/my/listings')).statusCode).toBe(200);
  });

  it(`is one of at most ${API_KEYS_PER_COMPANY} per company`, async () => {
    const owner = await person(test, { role: 'buyer' });
    const first = await keyFor(owner, ['orders:read']);
    const [made] = await test.db.select().from(apiKeys).where(eq(apiKeys.id, first._id));
    if (!made) throw new Error('no key row');
    await test.db.insert(apiKeys).values(
      Array.from({ length: API_KEYS_PER_COMPANY - 1 }, (_, n) => ({
        ...made,
        id: crypto.randomUUID(),
        prefix: `fill${String(n).padStart(8, '0')}`,
      })),
    );
    refusedWith(
      await createKey(owner, { name: 'One more', scopes: ['orders:read'] }),
      409,
      API_KEYS.limitReached,
    );
  });
});

describe("a key's budget, last use and audit", () => {
  it('has a rate limit of its own: the 301st request in a minute is refused, another key still passes', async () => {
    const owner = await person(test, { role: 'seller' });
    const busy = withKey((await keyFor(owner, ['listings:read'], 'Busy')).secret);
    const calm = withKey((await keyFor(owner, ['listings:read'], 'Calm')).secret);
    let last: LightMyRequestResponse | undefined;
    for (let n = 0; n < 301; n++) last = await busy('GET', '/api/listings/export?limit=1');
    expect(last?.statusCode).toBe(429);
    expect((await calm('GET', '/api/listings/export?limit=1')).statusCode).toBe(200);
  });

  it('marks its last use at most once a minute', async () => {
    const owner = await person(test, { role: 'seller' });
    const key = await keyFor(owner, ['orders:read']);
    const call = withKey(key.secret);
    await call('GET', '/api/orders');
    const [first] = await test.db.select().from(apiKeys).where(eq(apiKeys.id, key._id));
    expect(first?.lastUsedAt).toBeInstanceOf(Date);
    await call('GET', '/api/orders');
    const [second] = await test.db.select().from(apiKeys).where(eq(apiKeys.id, key._id));
    expect(second?.lastUsedAt).toEqual(first?.lastUsedAt);
  });

  it("records each write under the key's name in the company's activity, and no read", async () => {
    const { seller, listing } = await sellerWithListing(test, {}, { quantityLbs: 40 });
    const key = await keyFor(seller, ['listings:read', 'listings:write'], 'ERP');
    const call = withKey(key.secret);
    await call('GET', '/api/listings/my/listings');
    const changed = await call('PATCH', `/api/listings/${listing.id}/quantity`, { quantityLbs: 35.5 });
    expect(changed.statusCode).toBe(200);
    const [saved] = await test.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(saved?.quantityLbs).toBe(35.5);

    const entries = await test.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, seller.user.id));
    const writes = entries.filter((entry) => entry.action === 'company.api_key_write');
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({
      adminId: null,
      adminEmail: `API key "ERP" (cnp_${key.prefix})`,
      targetLabel: 'PATCH /api/listings/:id/quantity',
      after: { keyId: key._id, url: `/api/listings/${listing.id}/quantity`, status: 200 },
    });
    expect(entries.map((entry) => entry.action)).toContain('company.api_key_create');

    const activity = await test.app.inject({
      method: 'GET',
      url: '/api/company/activity',
      headers: bearer(seller.token),
    });
    const [newest] = json<{ data: CompanyActivityDto[] }>(activity).data;
    expect(newest).toMatchObject({
      action: 'company.api_key_write',
      actor: { userId: null, email: `API key "ERP" (cnp_${key.prefix})` },
      subject: 'PATCH /api/listings/:id/quantity',
    });
  });
});
