import { ADMIN, AUTH } from '@canopy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../src/app.ts';
import type { UserRow } from '../src/db/schema/index.ts';
import { authorize } from '../src/http/access.ts';
import { fullPath } from '../src/http/register-routes.ts';
import type { Access, RouteDef } from '../src/http/route-table.ts';
import type { AppError } from '../src/lib/errors.ts';
import { uuidv7 } from '../src/lib/ids.ts';
import type { SessionUser } from '../src/lib/session.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The access levels of the route table against every kind of caller. The outcome is the status the
// caller gets (200 = passes).

const caller = (role: UserRow['role'], status: UserRow['status']): SessionUser => {
  const user = { role, status } as UserRow;
  return { sessionId: 's', user, login: user, member: null };
};

const callers = {
  signedOut: null,
  pendingSeller: caller('seller', 'pending'),
  suspendedBuyer: caller('buyer', 'suspended'),
  rejectedSeller: caller('seller', 'rejected'),
  buyer: caller('buyer', 'verified'),
  seller: caller('seller', 'verified'),
  admin: caller('admin', 'verified'),
};

const expected: Record<Access, Record<keyof typeof callers, number>> = {
  public: {
    signedOut: 200,
    pendingSeller: 200,
    suspendedBuyer: 200,
    rejectedSeller: 200,
    buyer: 200,
    seller: 200,
    admin: 200,
  },
  session: {
    signedOut: 401,
    pendingSeller: 200,
    suspendedBuyer: 200,
    rejectedSeller: 200,
    buyer: 200,
    seller: 200,
    admin: 200,
  },
  verified: {
    signedOut: 401,
    pendingSeller: 403,
    suspendedBuyer: 403,
    rejectedSeller: 403,
    buyer: 200,
    seller: 200,
    admin: 200,
  },
  seller: {
    signedOut: 401,
    pendingSeller: 403,
    suspendedBuyer: 403,
    rejectedSeller: 403,
    buyer: 403,
    seller: 200,
    admin: 403,
  },
  buyer: {
    signedOut: 401,
    pendingSeller: 403,
    suspendedBuyer: 403,
    rejectedSeller: 403,
    buyer: 200,
    seller: 403,
    admin: 403,
  },
  admin: {
    signedOut: 401,
    pendingSeller: 403,
    suspendedBuyer: 403,
    rejectedSeller: 403,
    buyer: 403,
    seller: 403,
    admin: 200,
  },
};

function outcome(access: Access, who: keyof typeof callers): number {
  try {
    authorize(access, callers[who]);
    return 200;
  } catch (error) {
    return (error as AppError).status;
  }
}

describe('authorize', () => {
  for (const [access, row] of Object.entries(expected) as [Access, Record<keyof typeof callers, number>][]) {
    it(`applies '${access}' to every kind of caller`, () => {
      const seen = Object.fromEntries(
        Object.keys(row).map((who) => [who, outcome(access, who as keyof typeof callers)]),
      );
      expect(seen).toEqual(row);
    });
  }

  it('names the reason in its text', () => {
    const texts = (access: Access, who: keyof typeof callers) => {
      try {
        authorize(access, callers[who]);
        return '';
      } catch (error) {
        return (error as AppError).message;
      }
    };
    expect(texts('session', 'signedOut')).toBe(AUTH.signInRequired);
    expect(texts('verified', 'pendingSeller')).toBe(AUTH.notVerified);
    expect(texts('seller', 'buyer')).toBe(AUTH.forbidden);
    expect(texts('admin', 'seller')).toBe(ADMIN.accessDenied);
  });
});

// The route table itself, as a reviewed snapshot: adding a route, or changing who may call one,
// changes __snapshots__/route-access.txt, so the change shows up in review (`vitest -u` rewrites
// it). Then every route that is not public is called without a token, and with a token that
// names no session, and must answer 401 with SPEC's failure body before its handler runs.
describe('the route table', () => {
  let test: TestApp;
  let routes: RouteDef[];
  beforeAll(async () => {
    test = await createTestApp();
    routes = routeTable(test.ctx.config);
  });
  afterAll(() => test.close());

  /** A concrete URL for a route: every path parameter gets a well-formed id that names nothing. */
  const urlOf = (route: RouteDef) => fullPath(route).replace(/:[^/]+/g, uuidv7());

  it('is the reviewed list of methods, paths and access levels', async () => {
    const lines = routes.map(
      (route) => `${route.method.padEnd(6)} ${fullPath(route).padEnd(44)} ${route.access}`,
    );
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('__snapshots__/route-access.txt');
  });

  it('has no path registered twice for one method', () => {
    const keys = routes.map((route) => `${route.method} ${fullPath(route)}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('answers 401 with the failure body to every non-public route called without a session', async () => {
    const outcomes: string[] = [];
    for (const route of routes.filter((candidate) => candidate.access !== 'public')) {
      for (const headers of [
        {},
        { authorization: 'Bearer not-a-session-token' },
        { authorization: 'Basic YTpi' },
      ]) {
        const response = await test.app.inject({ method: route.method, url: urlOf(route), headers });
        const body = String(response.headers['content-type']).includes('json')
          ? response.json()
          : response.body;
        const expected = {
          success: false,
          error: AUTH.signInRequired,
          message: AUTH.signInRequired,
          code: 'sign_in_required',
        };
        if (response.statusCode !== 401 || JSON.stringify(body) !== JSON.stringify(expected)) {
          outcomes.push(
            `${route.method} ${fullPath(route)} ${JSON.stringify(headers)}: ${response.statusCode}`,
          );
        }
      }
    }
    expect(outcomes).toEqual([]);
  });

  it('lets every public route answer a caller without a session, never with 401 or a 5xx', async () => {
    const outcomes: string[] = [];
    for (const route of routes.filter((candidate) => candidate.access === 'public')) {
      const response = await test.app.inject({ method: route.method, url: urlOf(route) });
      if (response.statusCode === 401 || response.statusCode >= 500) {
        outcomes.push(`${route.method} ${fullPath(route)}: ${response.statusCode}`);
      }
    }
    expect(outcomes).toEqual([]);
  });
});
