import { AUTH, VERIFICATION_RESEND_LIMIT } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { insertUser } from '../src/seed/factories.ts';
import { registrationForm } from './support/registration.ts';
import { linkIn } from './support/smtp.ts';
import { bearer, createTestApp, json, multipart, signIn, type TestApp } from './support/test-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const post = (url: string, payload: unknown, headers = {}) =>
  test.app.inject({ method: 'POST', url, payload: payload as object, headers });

async function registerSeller(email: string) {
  const body = await multipart(registrationForm({ fields: { email } }));
  const response = await test.app.inject({ method: 'POST', url: '/api/auth/register', ...body });
  expect(response.statusCode).toBe(201);
  return test.smtp.waitForMail(email, /Verify/);
}

describe('e-mail verification', () => {
  it('verifies once from the mailed token, starts a session and keeps the account pending', async () => {
    const mail = await registerSeller('verify.me@example.com');
    const token = linkIn(mail, '/verify-email').searchParams.get('token');

    const verified = await post('/api/auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    const body = json<{ success: boolean; data: { token: string; user: Record<string, unknown> } }>(verified);
    expect(body.success).toBe(true);
    expect(body.data.user).toMatchObject({
      email: 'verify.me@example.com',
      emailVerified: true,
      status: 'pending',
      role: 'seller',
    });

    const me = await test.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(body.data.token),
    });
    expect(me.statusCode).toBe(200);
    expect(json<{ user: { email: string } }>(me).user.email).toBe('verify.me@example.com');

    // A second click says the address is verified (decision 131), and starts no session.
    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(json(again)).toEqual({
      success: false,
      error: AUTH.verifyAlreadyDone,
      message: AUTH.verifyAlreadyDone,
      code: 'email_already_verified',
      alreadyVerified: true,
    });
  });

  it('an older link, retired by verifying with a newer one, also says the address is verified', async () => {
    const email = 'two.links@example.com';
    const first = linkIn(await registerSeller(email), '/verify-email').searchParams.get('token');
    expect((await post('/api/auth/resend-verification', { email })).statusCode).toBe(200);
    // The resend leaves through the mail queue after the answer: give its worker time, as the other
    // mail tests do.
    const resent = await vi.waitFor(
      () => {
        const mails = test.smtp.mails.filter((mail) => mail.to.includes(email));
        expect(mails).toHaveLength(2);
        return mails[1];
      },
      { timeout: 10_000 },
    );
    const second = linkIn(resent as NonNullable<typeof resent>, '/verify-email').searchParams.get('token');
    expect(second).not.toBe(first);

    expect((await post('/api/auth/verify-email', { token: second })).statusCode).toBe(200);
    const old = await post('/api/auth/verify-email', { token: first });
    expect(old.statusCode).toBe(400);
    expect(json(old)).toMatchObject({ error: AUTH.verifyAlreadyDone, alreadyVerified: true });
  });

  it("a used link whose address is no longer the account's says only that it is invalid", async () => {
    const mail = await registerSeller('moved.on@example.com');
    const token = linkIn(mail, '/verify-email').searchParams.get('token');
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    await test.db
      .update(users)
      .set({ email: 'elsewhere@example.com' })
      .where(eq(users.email, 'moved.on@example.com'));

    const again = await post('/api/auth/verify-email', { token });
    expect(json(again)).toEqual({
      success: false,
      error: AUTH.verifyInvalid,
      message: AUTH.verifyInvalid,
      code: 'verification_link_invalid',
    });
  });

  it('refuses an unknown or missing token', async () => {
    expect(json(await post('/api/auth/verify-email', { token: 'nope' }))).toMatchObject({
      error: AUTH.verifyInvalid,
    });
    const missing = await post('/api/auth/verify-email', {});
    expect(missing.statusCode).toBe(400);
    expect(json(missing).error).toBe('Token is required');
  });
});

describe('resending the verification e-mail', () => {
  it(`allows ${VERIFICATION_RESEND_LIMIT} resends, counting down, then answers 429`, async () => {
    const email = 'resend.me@example.com';
    await registerSeller(email);
    // Mail leaves through the queue: count from the registration's own mail, once it is out.
    await test.smtp.waitForMail(email);
    const mailsTo = () => test.smtp.mails.filter((mail) => mail.to.includes(email)).length;
    for (let left = VERIFICATION_RESEND_LIMIT - 1; left >= 0; left--) {
      const sent = mailsTo();
      const response = await post('/api/auth/resend-verification', { email });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toMatchObject({
        success: true,
        attemptsLeft: left,
        message: AUTH.resendSent(left),
      });
      await expect.poll(mailsTo, { timeout: 10_000 }).toBe(sent + 1);
    }
    const refused = await post('/api/auth/resend-verification', { email });
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toMatchObject({ success: false, attemptsLeft: 0, error: AUTH.resendLimit });

    const login = await post('/api/auth/login', { email, password: 'secret123' });
    expect(json(login)).toMatchObject({
      requiresEmailVerification: true,
      canResendVerification: false,
      resendAttemptsLeft: 0,
      error: AUTH.verifyEmailFirst(0),
    });
  });

  it('refuses an e-mail that has no unverified account', async () => {
    const verified = await insertUser(test.db);
    for (const email of [verified.email, 'nobody@example.com']) {
      const response = await post('/api/auth/resend-verification', { email });
      expect(response.statusCode).toBe(400);
      expect(json(response).error).toBe(AUTH.noUnverifiedAccount);
    }
  });
});

describe('sign-in', () => {
  it('answers an unverified e-mail with the verification fields of SPEC §7', async () => {
    await registerSeller('unverified@example.com');
    const response = await post('/api/auth/login', {
      email: 'unverified@example.com',
      password: 'secret123',
    });
    expect(response.statusCode).toBe(403);
    expect(json(response)).toEqual({
      success: false,
      error: AUTH.verifyEmailFirst(VERIFICATION_RESEND_LIMIT),
      message: AUTH.verifyEmailFirst(VERIFICATION_RESEND_LIMIT),
      code: 'email_unverified',
      requiresEmailVerification: true,
      canResendVerification: true,
      resendAttemptsLeft: VERIFICATION_RESEND_LIMIT,
    });
  });

  it('signs in with any letter case of the e-mail and records lastLogin', async () => {
    const user = await insertUser(test.db, { email: 'case@example.com' });
    expect(user.lastLogin).toBeNull();
    const response = await post('/api/auth/login', { email: 'CASE@Example.com', password: 'password123' });
    expect(response.statusCode).toBe(200);
    const body = json<{
      success: boolean;
      data: { token: string; user: { lastLogin: string; email: string } };
    }>(response);
    expect(body.success).toBe(true);
    expect(body.data.token).toMatch(/^[\w-]{43}$/);
    expect(body.data.user.email).toBe('case@example.com');
    expect(Date.parse(body.data.user.lastLogin)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
  });

  it('gives one answer for an unknown e-mail and a wrong password', async () => {
    await insertUser(test.db, { email: 'known@example.com' });
    const wrong = await post('/api/auth/login', { email: 'known@example.com', password: 'wrong-one' });
    const unknown = await post('/api/auth/login', { email: 'unknown@example.com', password: 'wrong-one' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({
        success: false,
        error: AUTH.invalidCredentials,
        message: AUTH.invalidCredentials,
        code: 'invalid_credentials',
      });
    }
  });

  it('ends the session on sign-out', async () => {
    const user = await insertUser(test.db);
    const token = await signIn(test.app, user.email);
    const out = await test.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const me = await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
  });

  it('answers 401 for a missing, malformed or unknown token', async () => {
    for (const headers of [
      {},
      { authorization: 'Basic abc' },
      bearer('x'.repeat(43)),
      bearer('y'.repeat(500)),
    ]) {
      const me = await test.app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(me.statusCode).toBe(401);
      expect(json(me)).toEqual({
        success: false,
        error: AUTH.signInRequired,
        message: AUTH.signInRequired,
        code: 'sign_in_required',
      });
    }
  });

  it('lets pending, suspended and rejected accounts read /auth/me and their profile', async () => {
    for (const status of ['pending', 'suspended', 'rejected'] as const) {
      const user = await insertUser(test.db, { role: 'seller', status });
      const token = await signIn(test.app, user.email);
      for (const url of ['/api/auth/me', '/api/auth/profile']) {
        const response = await test.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(response.statusCode).toBe(200);
        expect(json<{ user: { status: string } }>(response).user.status).toBe(status);
      }
    }
  });
});
