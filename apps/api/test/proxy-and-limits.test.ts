import { GENERIC } from '@canopy/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp, json, type TestApp } from './support/test-app.ts';

// TRUST_PROXY decides whose address a request counts against; RATE_LIMIT_PER_MINUTE sets the
// budget (decision 055). Every request here is an unauthenticated GET /api/auth/me (401): a route
// under the global limit only, so the counts are exact.

const PROXY = '10.0.0.1';
let open: TestApp[] = [];
afterEach(async () => {
  await Promise.all(open.map((test) => test.close()));
  open = [];
});

async function appWith(env: Record<string, string>, scale = 1) {
  const test = await createTestApp(env, scale);
  open.push(test);
  return test;
}

async function statuses(
  test: TestApp,
  count: number,
  request: { remoteAddress: string; forwardedFor?: string },
) {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      remoteAddress: request.remoteAddress,
      headers: request.forwardedFor ? { 'x-forwarded-for': request.forwardedFor } : {},
    });
    seen.push(response.statusCode);
  }
  return seen;
}

describe('TRUST_PROXY', () => {
  it('gives two clients behind a trusted proxy a budget each', async () => {
    const test = await appWith({ TRUST_PROXY: PROXY, RATE_LIMIT_PER_MINUTE: '3' });
    expect(await statuses(test, 4, { remoteAddress: PROXY, forwardedFor: '203.0.113.7' })).toEqual([
      401, 401, 401, 429,
    ]);
    expect(await statuses(test, 4, { remoteAddress: PROXY, forwardedFor: '203.0.113.8' })).toEqual([
      401, 401, 401, 429,
    ]);
  });

  it('trusts a list of addresses and CIDRs, or a hop count', async () => {
    const cidr = await appWith({ TRUST_PROXY: '192.0.2.9, 10.0.0.0/8', RATE_LIMIT_PER_MINUTE: '2' });
    expect(await statuses(cidr, 3, { remoteAddress: '10.1.2.3', forwardedFor: '203.0.113.7' })).toEqual([
      401, 401, 429,
    ]);
    expect(await statuses(cidr, 2, { remoteAddress: '10.1.2.3', forwardedFor: '203.0.113.8' })).toEqual([
      401, 401,
    ]);
    const hops = await appWith({ TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '2' });
    expect(await statuses(hops, 3, { remoteAddress: PROXY, forwardedFor: '203.0.113.7' })).toEqual([
      401, 401, 429,
    ]);
    expect(await statuses(hops, 1, { remoteAddress: PROXY, forwardedFor: '203.0.113.8' })).toEqual([401]);
  });

  it('ignores X-Forwarded-For from an address it does not trust', async () => {
    const test = await appWith({ TRUST_PROXY: PROXY, RATE_LIMIT_PER_MINUTE: '3' });
    const seen: number[] = [];
    // A client rotating a forged header still spends one budget: its own address's.
    for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) {
      seen.push(...(await statuses(test, 1, { remoteAddress: '10.9.9.9', forwardedFor: forged })));
    }
    expect(seen).toEqual([401, 401, 401, 429]);
  });

  it('trusts nothing when unset, so every client behind a proxy shares its address', async () => {
    const test = await appWith({ RATE_LIMIT_PER_MINUTE: '2' });
    expect(await statuses(test, 2, { remoteAddress: PROXY, forwardedFor: '203.0.113.7' })).toEqual([
      401, 401,
    ]);
    expect(await statuses(test, 1, { remoteAddress: PROXY, forwardedFor: '203.0.113.8' })).toEqual([429]);
  });

  it('refuses a value that is neither true, a hop count nor addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'nginx' })).toThrow(
      'TRUST_PROXY must be true, a hop count, or a comma-separated list of proxy addresses/CIDRs, got "nginx"',
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('TRUST_PROXY must be');
    expect(loadConfig({}).operations.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).operations.trustProxy).toBe(true);
    const twoHops = loadConfig({ TRUST_PROXY: '2' }).operations.trustProxy as (
      a: string,
      hop: number,
    ) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('192.0.2.1', hop))).toEqual([true, true, false]);
    expect(loadConfig({ TRUST_PROXY: 'loopback,::1,fd00::/8' }).operations.trustProxy).toEqual([
      'loopback',
      '::1',
      'fd00::/8',
    ]);
  });
});

describe('RATE_LIMIT_PER_MINUTE', () => {
  it('scales the per-route limits with the global one', async () => {
    // 60 instead of 600: the forgot-password route's 10 a minute becomes 1.
    const test = await appWith({ RATE_LIMIT_PER_MINUTE: '60' });
    const seen: number[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: {},
      });
      seen.push(response.statusCode);
    }
    expect(seen[0]).not.toBe(429);
    expect(seen[1]).toBe(429);
  });

  it('turns the global limit off at 0 and keeps the per-route limits', async () => {
    // The test scale would allow 6 requests a minute if the global limit were on.
    const test = await appWith({ RATE_LIMIT_PER_MINUTE: '0' }, 0.01);
    expect(new Set(await statuses(test, 12, { remoteAddress: '127.0.0.1' }))).toEqual(new Set([401]));
    const seen: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: {},
      });
      seen.push(response.statusCode);
    }
    expect(seen).toContain(429);
  });

  it('refuses a value that is not a whole number', () => {
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: 'lots' })).toThrow(
      'RATE_LIMIT_PER_MINUTE must be a whole number, got lots',
    );
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '-1' })).toThrow('RATE_LIMIT_PER_MINUTE must be');
    expect(loadConfig({}).operations.rateLimitPerMinute).toBe(600);
  });
});

describe('never limited', () => {
  it('answers health 200 while the client has spent its budget', async () => {
    const test = await appWith({ RATE_LIMIT_PER_MINUTE: '2' });
    expect(await statuses(test, 3, { remoteAddress: '127.0.0.1' })).toEqual([401, 401, 429]);
    for (let i = 0; i < 5; i++) {
      const health = await test.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
    }
    const limited = await test.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(json(limited)).toEqual({
      success: false,
      error: GENERIC.rateLimited,
      message: GENERIC.rateLimited,
      code: 'rate_limited',
    });
  });

  it('does not count health checks or media against the budget', async () => {
    const test = await appWith({ RATE_LIMIT_PER_MINUTE: '2' });
    for (let i = 0; i < 10; i++) {
      expect((await test.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await test.app.inject({ method: 'GET', url: '/uploads/listings/none.webp' })).statusCode).toBe(
        404,
      );
    }
    expect(await statuses(test, 3, { remoteAddress: '127.0.0.1' })).toEqual([401, 401, 429]);
  });
});
