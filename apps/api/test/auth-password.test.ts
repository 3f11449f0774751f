import { AUTH, PROFILE, VALIDATION } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTokens } from '../src/db/schema/index.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { insertUser } from '../src/seed/factories.ts';
import { linkIn } from './support/smtp.ts';
import { bearer, createTestApp, json, signIn, type TestApp } from './support/test-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const post = (url: string, payload: unknown, headers = {}) =>
  test.app.inject({ method: 'POST', url, payload: payload as object, headers });

async function resetLinkFor(email: string) {
  const sent = test.smtp.mails.length;
  const response = await post('/api/auth/forgot-password', { email });
  expect(json(response)).toEqual({ success: true, message: AUTH.forgotSent });
  // The mail follows the answer (decision 063): wait for this request's mail, not an older one.
  await expect.poll(() => test.smtp.mails.length, { timeout: 10_000 }).toBeGreaterThan(sent);
  const mail = await test.smtp.waitForMail(email, /Reset/);
  expect(mail.html).toContain('reset-password?token=');
  return linkIn(mail, '/reset-password');
}

describe('forgot and reset password', () => {
  it('answers the same for an unknown e-mail, and mails nothing', async () => {
    const before = test.smtp.mails.length;
    const response = await post('/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, message: AUTH.forgotSent });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(test.smtp.mails.length).toBe(before);
  });

  it('is served without the /api prefix too', async () => {
    const response = await post('/auth/forgot-password', { email: 'ghost@example.com' });
    expect(json(response)).toEqual({ success: true, message: AUTH.forgotSent });
    const reset = await post('/auth/reset-password', { token: 'unknown', password: 'whatever1' });
    expect(reset.statusCode).toBe(400);
  });

  it('resets once with the mailed link, ends every session and retires older links', async () => {
    const user = await insertUser(test.db, { email: 'forgetful@example.com' });
    const session = await signIn(test.app, user.email);
    const older = (await resetLinkFor(user.email)).searchParams.get('token');
    const token = (await resetLinkFor(user.email)).searchParams.get('token');

    const mismatch = await post('/api/auth/reset-password', {
      token,
      password: 'newpass1',
      confirmPassword: 'other',
    });
    expect(json(mismatch).error).toBe(VALIDATION.passwordsDoNotMatch);
    const short = await post('/api/auth/reset-password', { token, password: 'abc' });
    expect(json(short).error).toBe(VALIDATION.passwordTooShort);

    const reset = await post('/api/auth/reset-password', {
      token,
      password: 'newpass1',
      confirmPassword: 'newpass1',
    });
    expect(reset.statusCode).toBe(200);
    expect(json(reset)).toEqual({ success: true, message: AUTH.resetSuccess });

    expect(
      (await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) })).statusCode,
    ).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: 'password123' })).statusCode).toBe(
      401,
    );
    expect((await post('/api/auth/login', { email: user.email, password: 'newpass1' })).statusCode).toBe(200);

    for (const used of [token, older]) {
      const again = await post('/api/auth/reset-password', { token: used, password: 'another1' });
      expect(again.statusCode).toBe(400);
      expect(json(again)).toEqual({
        success: false,
        error: AUTH.resetExpired,
        message: AUTH.resetExpired,
        code: 'reset_link_expired',
      });
    }
  });

  it('refuses a link older than an hour', async () => {
    const user = await insertUser(test.db);
    const token = (await resetLinkFor(user.email)).searchParams.get('token') ?? '';
    await test.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, hashToken(token)));
    const response = await post('/api/auth/reset-password', { token, password: 'newpass1' });
    expect(response.statusCode).toBe(400);
    expect(json(response).error).toBe(AUTH.resetExpired);
  });

  it('stores only a hash of the link token', async () => {
    const user = await insertUser(test.db);
    const token = (await resetLinkFor(user.email)).searchParams.get('token') ?? '';
    const rows = await test.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(token));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);
  });
});

describe('change password', () => {
  it('checks the current password, then ends the other sessions but keeps this one', async () => {
    const user = await insertUser(test.db);
    const current = await signIn(test.app, user.email);
    const other = await signIn(test.app, user.email);
    const change = (payload: object) =>
      test.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        payload,
        headers: bearer(current),
      });

    expect(json(await change({ currentPassword: 'wrong', newPassword: 'newpass1' })).error).toBe(
      AUTH.currentPasswordWrong,
    );
    expect(json(await change({ currentPassword: '', newPassword: 'newpass1' })).error).toBe(
      VALIDATION.currentPasswordRequired,
    );
    expect(json(await change({ currentPassword: 'password123' })).error).toBe(VALIDATION.newPasswordRequired);
    expect(json(await change({ currentPassword: 'password123', newPassword: '123' })).error).toBe(
      VALIDATION.passwordTooShort,
    );
    expect(
      json(await change({ currentPassword: 'password123', newPassword: 'newpass1', confirmPassword: 'x' }))
        .error,
    ).toBe(VALIDATION.passwordsDoNotMatch);

    const ok = await change({
      currentPassword: 'password123',
      newPassword: 'newpass1',
      confirmPassword: 'newpass1',
    });
    expect(json(ok)).toEqual({ success: true, message: PROFILE.passwordChanged });
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(current) })).statusCode,
    ).toBe(200);
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(other) })).statusCode,
    ).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: 'newpass1' })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const response = await post('/api/auth/change-password', { currentPassword: 'a', newPassword: 'bbbbbb' });
    expect(response.statusCode).toBe(401);
  });
});
