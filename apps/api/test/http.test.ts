import { GENERIC } from '@canopy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from './support/test-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('HTTP edges', () => {
  it('reports health when the database answers', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with a 404 failure body', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({
      success: false,
      error: GENERIC.notFound,
      message: GENERIC.notFound,
      code: 'not_found',
    });
  });

  it.each([
    ['malformed JSON', '{"email":', 'application/json', 400],
    ['a JSON array', '[1,2]', 'application/json', 400],
    ['a string body', '"hello"', 'application/json', 400],
    ['an unknown content type', 'email=a', 'application/x-unknown', 415],
  ])('answers %s with a 4xx failure body', async (_name, payload, type, status) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { 'content-type': type },
    });
    expect(response.statusCode).toBe(status);
    expect(json(response).success).toBe(false);
    expect(typeof json(response).error).toBe('string');
  });

  it('refuses a huge JSON body with 413', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(json(response).error).toBe(GENERIC.bodyTooLarge);
  });

  it('answers wrong types with the field text, never a 500', async () => {
    for (const payload of [
      { email: 42, password: 'x' },
      { email: ['a@b.co'], password: 'x' },
      { email: null },
      {},
    ]) {
      const response = await test.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(400);
    }
  });

  it('sets security headers', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
  });
});

describe('request rate limits', () => {
  it('slows down a client that hammers a sign-up route', async () => {
    const strict = await createTestApp({}, 1);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        const response = await strict.app.inject({ method: 'POST', url: '/api/auth/register', payload: {} });
        statuses.push(response.statusCode);
      }
      expect(statuses).toContain(429);
      const limited = await strict.app.inject({ method: 'POST', url: '/api/auth/register', payload: {} });
      expect(json(limited)).toEqual({
        success: false,
        error: GENERIC.rateLimited,
        message: GENERIC.rateLimited,
        code: 'rate_limited',
      });
    } finally {
      await strict.close();
    }
  });
});

describe('shared rate limits', () => {
  it('counts in Redis when REDIS_URL is set, so every instance sees one budget', async () => {
    const first = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:6379' }, 1);
    const second = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:6379' }, 1);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const app = i % 2 === 0 ? first.app : second.app;
        statuses.push(
          (await app.inject({ method: 'POST', url: '/auth/forgot-password', payload: {} })).statusCode,
        );
      }
      // 10 a minute for this route across both instances: each alone would still allow all 12.
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('rate limits and static files', () => {
  it('does not count immutable media and assets against a client', async () => {
    const strict = await createTestApp({}, 0.01);
    try {
      // 600 × 0.01 = 6 API requests a minute for this client; media requests are not counted.
      for (let i = 0; i < 10; i++) {
        const media = await strict.app.inject({ method: 'GET', url: '/uploads/listings/none.webp' });
        expect(media.statusCode).toBe(404);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await strict.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode);
      expect(statuses.slice(0, 6).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(6)).toEqual([429, 429]);
    } finally {
      await strict.close();
    }
  });
});
