import { AUTH, RECOVERY_CODE_COUNT, TWO_FACTOR } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactorChallenges, users } from '../src/db/schema/index.ts';
import { base32Decode, hotp, totpStep } from '../src/lib/totp.ts';
import { insertUser } from '../src/seed/factories.ts';
import { bearer, createTestApp, json, type TestApp, userWithToken } from './support/test-app.ts';
import { nextTotpCode } from './support/totp-code.ts';

// Two-factor sign-in (issue 28 item 6, decision 195): set-up, sign-in with a code or a recovery
// code, each code once, throttled guesses, turning it off, and admins who must enrol.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

type Body = Record<string, unknown> & { data?: Record<string, unknown> };
const post = async (url: string, payload: unknown, token?: string, remoteAddress = '198.51.100.7') => {
  const response = await test.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? bearer(token) : {},
    remoteAddress,
  });
  return { status: response.statusCode, body: json<Body>(response) };
};
const keyOf = async (email: string) => {
  const [row] = await test.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no ${email}`);
  return row;
};
const codeFor = async (email: string) => {
  const row = await keyOf(email);
  return nextTotpCode(row.twoFactorSecret ?? '', row.twoFactorLastStep);
};

/** A buyer who has turned two-factor sign-in on; answers the recovery codes too. */
async function enrolled(email: string) {
  const { token } = await userWithToken(test, { email });
  const setup = await post('/api/auth/2fa/setup', undefined, token);
  expect(setup.status).toBe(200);
  const enabled = await post('/api/auth/2fa/enable', { code: await codeFor(email) }, token);
  expect(enabled.status).toBe(200);
  return { token, recoveryCodes: (enabled.body.data?.recoveryCodes ?? []) as string[] };
}

describe('setting up two-factor sign-in', () => {
  it('shows a key once, takes the first code from the app, and answers ten single-use recovery codes', async () => {
    const { token } = await userWithToken(test, { email: 'setup@example.com' });
    const setup = await post('/api/auth/2fa/setup', undefined, token);
    expect(setup.status).toBe(200);
    const secret = String(setup.body.data?.secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.data?.otpauthUrl).toBe(
      `otpauth://totp/Canopy%3Asetup%40example.com?secret=${secret}&issuer=Canopy&algorithm=SHA1&digits=6&period=30`,
    );

    const wrong = await post('/api/auth/2fa/enable', { code: '000000' }, token);
    expect(wrong).toMatchObject({ status: 400, body: { success: false, error: TWO_FACTOR.codeInvalid } });
    expect((await keyOf('setup@example.com')).twoFactorEnabledAt).toBeNull();

    const code = hotp(base32Decode(secret), totpStep(Date.now(), 30), 6);
    const enabled = await post('/api/auth/2fa/enable', { code }, token);
    expect(enabled.status).toBe(200);
    expect(enabled.body.message).toBe(TWO_FACTOR.enabled);
    const codes = enabled.body.data?.recoveryCodes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const one of codes) expect(one).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    const me = await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(json<{ user: { twoFactorEnabled: boolean } }>(me).user.twoFactorEnabled).toBe(true);
    expect(await post('/api/auth/2fa/setup', undefined, token)).toMatchObject({
      status: 409,
      body: { error: TWO_FACTOR.alreadyEnabled },
    });
  });

  it('refuses to turn on without a set-up first', async () => {
    const { token } = await userWithToken(test, { email: 'nosetup@example.com' });
    expect(await post('/api/auth/2fa/enable', { code: '123456' }, token)).toMatchObject({
      status: 400,
      body: { error: TWO_FACTOR.setupFirst },
    });
  });
});

describe('signing in with a second factor', () => {
  it('answers a challenge instead of a session, and the challenge and a code make the session', async () => {
    await enrolled('signin@example.com');
    const first = await post('/api/auth/login', { email: 'signin@example.com', password: 'password123' });
    expect(first.status).toBe(401);
    expect(first.body).toMatchObject({
      success: false,
      requiresTwoFactor: true,
      error: TWO_FACTOR.codeNeeded,
      message: TWO_FACTOR.codeNeeded,
    });
    expect(first.body.data).toBeUndefined();
    const twoFactorToken = String(first.body.twoFactorToken);

    const wrong = await post('/api/auth/2fa/verify', { twoFactorToken, code: '000000' });
    expect(wrong).toMatchObject({ status: 401, body: { error: TWO_FACTOR.codeInvalid } });

    const code = await codeFor('signin@example.com');
    const verified = await post('/api/auth/2fa/verify', { twoFactorToken, code });
    expect(verified.status).toBe(200);
    const session = verified.body.data as { token: string; user: { email: string } };
    expect(session.user.email).toBe('signin@example.com');
    const me = await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session.token) });
    expect(me.statusCode).toBe(200);

    // The challenge is spent, and so is the code: neither works a second time.
    expect(await post('/api/auth/2fa/verify', { twoFactorToken, code })).toMatchObject({
      status: 401,
      body: { error: TWO_FACTOR.challengeExpired },
    });
    const again = await post('/api/auth/login', { email: 'signin@example.com', password: 'password123' });
    const reused = await post('/api/auth/2fa/verify', { twoFactorToken: again.body.twoFactorToken, code });
    expect(reused).toMatchObject({ status: 401, body: { error: TWO_FACTOR.codeInvalid } });
  });

  it('takes each recovery code once, typed in any case and without its dash', async () => {
    const { recoveryCodes } = await enrolled('recovery@example.com');
    const [code = ''] = recoveryCodes;
    const challenge = async () =>
      String(
        (await post('/api/auth/login', { email: 'recovery@example.com', password: 'password123' })).body
          .twoFactorToken,
      );
    const typed = code.replace('-', '').toUpperCase();
    expect(
      (await post('/api/auth/2fa/verify', { twoFactorToken: await challenge(), code: typed })).status,
    ).toBe(200);
    expect(await post('/api/auth/2fa/verify', { twoFactorToken: await challenge(), code })).toMatchObject({
      status: 401,
      body: { error: TWO_FACTOR.codeInvalid },
    });
  });

  it('refuses a challenge past its few minutes', async () => {
    await enrolled('late@example.com');
    const first = await post('/api/auth/login', { email: 'late@example.com', password: 'password123' });
    const user = await keyOf('late@example.com');
    await test.db
      .update(twoFactorChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(twoFactorChallenges.userId, user.id));
    const late = await post('/api/auth/2fa/verify', {
      twoFactorToken: first.body.twoFactorToken,
      code: await codeFor('late@example.com'),
    });
    expect(late).toMatchObject({ status: 401, body: { error: TWO_FACTOR.challengeExpired } });
  });

  it('slows down an address that keeps guessing codes, as sign-in does, and not another address', async () => {
    await enrolled('guessed@example.com');
    const challenge = String(
      (await post('/api/auth/login', { email: 'guessed@example.com', password: 'password123' })).body
        .twoFactorToken,
    );
    const guess = (code: string, address = '203.0.113.9') =>
      post('/api/auth/2fa/verify', { twoFactorToken: challenge, code }, undefined, address);
    for (let i = 0; i < 5; i++) expect((await guess('111111')).status).toBe(401);
    const slowed = await guess(await codeFor('guessed@example.com'));
    expect(slowed.status).toBe(429);
    expect(slowed.body.error).toBe(TWO_FACTOR.wait(60));
    // The owner, from their own address, still gets in with the right code.
    expect((await guess(await codeFor('guessed@example.com'), '198.51.100.200')).status).toBe(200);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the password and a code; sign-in then answers a session at once', async () => {
    const { token } = await enrolled('off@example.com');
    expect(
      await post('/api/auth/2fa/disable', { password: 'wrong-password', code: '123456' }, token),
    ).toMatchObject({
      status: 400,
      body: { error: AUTH.currentPasswordWrong },
    });
    expect(
      await post('/api/auth/2fa/disable', { password: 'password123', code: '000000' }, token),
    ).toMatchObject({
      status: 400,
      body: { error: TWO_FACTOR.codeInvalid },
    });
    expect((await keyOf('off@example.com')).twoFactorEnabledAt).not.toBeNull();
    const off = await post(
      '/api/auth/2fa/disable',
      { password: 'password123', code: await codeFor('off@example.com') },
      token,
    );
    expect(off).toMatchObject({ status: 200, body: { message: TWO_FACTOR.disabled } });
    const login = await post('/api/auth/login', { email: 'off@example.com', password: 'password123' });
    expect(login.status).toBe(200);
    expect(
      await post('/api/auth/2fa/disable', { password: 'password123', code: '123456' }, token),
    ).toMatchObject({
      status: 409,
      body: { error: TWO_FACTOR.notEnabled },
    });
  });
});

describe('admins', () => {
  it('may not use admin tools until they have turned two-factor sign-in on', async () => {
    const { token } = await userWithToken(test, {
      role: 'admin',
      email: 'new-admin@example.com',
      twoFactorSecret: null,
    });
    const list = () => test.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(token) });
    const refused = await list();
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ success: false, error: TWO_FACTOR.adminMustEnrol });

    expect((await post('/api/auth/2fa/setup', undefined, token)).status).toBe(200);
    const enabled = await post(
      '/api/auth/2fa/enable',
      { code: await codeFor('new-admin@example.com') },
      token,
    );
    expect(enabled.status).toBe(200);
    expect((await list()).statusCode).toBe(200);
  });

  it('a buyer or seller without a second factor is not affected', async () => {
    const seller = await insertUser(test.db, { role: 'seller' });
    expect(seller.twoFactorEnabledAt).toBeNull();
    const login = await post('/api/auth/login', { email: seller.email, password: 'password123' });
    expect(login.status).toBe(200);
  });
});
