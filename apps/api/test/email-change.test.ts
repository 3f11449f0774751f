import {
  ACCOUNT_SECURITY,
  AUTH,
  EMAIL_CHANGES_PER_DAY,
  failureCodeOf,
  GENERIC,
  PROFILE,
  RESET_MAILS_PER_HOUR,
  VALIDATION,
} from '@canopy/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UserRow, users } from '../src/db/schema/index.ts';
import { insertUser } from '../src/seed/factories.ts';
import { registrationForm } from './support/registration.ts';
import { type CapturedMail, linkIn } from './support/smtp.ts';
import { bearer, createTestApp, json, multipart, signIn, type TestApp } from './support/test-app.ts';

// Issue 9 items 2-4: a new sign-in address is held as pending until confirmed from its own
// mailbox; mailed links are bound to their address; platform mail cannot be made to carry a
// user's words to an unproven address, nor be sent without limit.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const profileOf = (user: UserRow) => ({
  businessName: user.businessName,
  contactName: user.contactName,
  phone: user.phone,
  licenseNumber: user.licenseNumber,
  licenseType: user.licenseType,
  address: { street: user.street, city: user.city, county: user.county, state: 'CA', zipCode: user.zipCode },
});

const putProfile = (token: string, payload: object) =>
  test.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(token), payload });

const post = (url: string, payload: object, remoteAddress?: string) =>
  test.app.inject({ method: 'POST', url, payload, ...(remoteAddress ? { remoteAddress } : {}) });

const login = (email: string, password = 'password123') => post('/api/auth/login', { email, password });

const reload = async (id: string) => {
  const [row] = await test.db.select().from(users).where(eq(users.id, id));
  return row as UserRow;
};

/** Waits for a mail that arrived after `sent` mails had been captured. */
async function mailAfter(sent: number, to: string, subject: RegExp): Promise<CapturedMail> {
  await expect
    .poll(() => test.smtp.mails.slice(sent).some((m) => m.to.includes(to) && subject.test(m.subject)), {
      timeout: 10_000,
    })
    .toBe(true);
  return test.smtp.mails
    .slice(sent)
    .findLast((m) => m.to.includes(to) && subject.test(m.subject)) as CapturedMail;
}

const tokenIn = (mail: CapturedMail) => linkIn(mail, '/verify-email').searchParams.get('token');

describe('changing the sign-in e-mail', () => {
  it('needs the current password in the same request, and changes nothing without it', async () => {
    const user = await insertUser(test.db);
    const token = await signIn(test.app, user.email);
    const sent = test.smtp.mails.length;
    for (const [currentPassword, text] of [
      [undefined, VALIDATION.currentPasswordRequired],
      ['wrong-password', AUTH.currentPasswordWrong],
    ] as const) {
      const response = await putProfile(token, {
        email: 'grab@example.com',
        currentPassword,
        profile: { ...profileOf(user), businessName: 'Changed On The Way' },
      });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({
        success: false,
        error: text,
        message: text,
        code: failureCodeOf(400, text),
      });
    }
    const after = await reload(user.id);
    expect(after).toMatchObject({ email: user.email, pendingEmail: null, businessName: user.businessName });
    expect(test.smtp.mails.length).toBe(sent);
  });

  it('holds the new address as pending; sign-in moves only when the link sent to it is opened', async () => {
    const user = await insertUser(test.db, { email: 'before.move@example.com' });
    const token = await signIn(test.app, user.email);
    const sent = test.smtp.mails.length;
    const response = await putProfile(token, {
      email: 'After.Move@example.com',
      currentPassword: 'password123',
      profile: profileOf(user),
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      success: true,
      message: PROFILE.updated,
      user: { email: 'before.move@example.com', emailVerified: true },
      pendingEmail: 'after.move@example.com',
    });

    const confirm = await mailAfter(sent, 'after.move@example.com', /Confirm/);
    const notice = await mailAfter(sent, 'before.move@example.com', /being changed/);
    expect(notice.text).toContain('after.move@example.com');
    expect(notice.text).not.toMatch(/https?:\/\//);
    expect(notice.html).not.toMatch(/<a /);

    // Until the link is opened, sign-in stays on the old address.
    expect((await login('after.move@example.com')).statusCode).toBe(401);
    expect((await login('before.move@example.com')).statusCode).toBe(200);
    const profile = await test.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(token),
    });
    expect(json(profile)).toMatchObject({ pendingEmail: 'after.move@example.com' });

    const confirmed = await post('/api/auth/verify-email', { token: tokenIn(confirm) });
    expect(confirmed.statusCode).toBe(200);
    const body = json<{ data: { token: string; user: { email: string; emailVerified: boolean } } }>(
      confirmed,
    );
    expect(body.data.user).toMatchObject({ email: 'after.move@example.com', emailVerified: true });
    expect((await reload(user.id)).pendingEmail).toBeNull();
    expect((await login('after.move@example.com')).statusCode).toBe(200);
    expect((await login('before.move@example.com')).statusCode).toBe(401);
    // Sessions opened under the old address are over; the confirming browser has a new one.
    const old = await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(old.statusCode).toBe(401);
    const fresh = await test.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(body.data.token),
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('reserves nothing: someone else may register the pending address, and then it cannot be confirmed', async () => {
    const user = await insertUser(test.db);
    const token = await signIn(test.app, user.email);
    const sent = test.smtp.mails.length;
    await putProfile(token, {
      email: 'contested@example.com',
      currentPassword: 'password123',
      profile: profileOf(user),
    });
    const confirm = await mailAfter(sent, 'contested@example.com', /Confirm/);
    const form = await multipart(registrationForm({ fields: { email: 'contested@example.com' } }));
    const registered = await test.app.inject({ method: 'POST', url: '/api/auth/register', ...form });
    expect(registered.statusCode).toBe(201);
    const confirmed = await post('/api/auth/verify-email', { token: tokenIn(confirm) });
    expect(confirmed.statusCode).toBe(409);
    expect(json(confirmed).error).toBe(AUTH.emailTaken);
    expect((await reload(user.id)).email).toBe(user.email);
  });

  it(`allows at most ${EMAIL_CHANGES_PER_DAY} changes a day and leaves the resend counter alone`, async () => {
    const user = await insertUser(test.db);
    await test.db.update(users).set({ verificationResends: 2 }).where(eq(users.id, user.id));
    const token = await signIn(test.app, user.email);
    const sent = test.smtp.mails.length;
    for (let i = 1; i <= EMAIL_CHANGES_PER_DAY; i++) {
      const ok = await putProfile(token, {
        email: `hop${i}.${user.id}@example.com`,
        currentPassword: 'password123',
        profile: profileOf(user),
      });
      expect(ok.statusCode).toBe(200);
    }
    const refused = await putProfile(token, {
      email: `hop-too-many.${user.id}@example.com`,
      currentPassword: 'password123',
      profile: profileOf(user),
    });
    expect(refused.statusCode).toBe(429);
    expect(json(refused).error).toBe(ACCOUNT_SECURITY.emailChangeLimit);
    await expect
      .poll(() => test.smtp.mails.length, { timeout: 10_000 })
      .toBe(sent + 2 * EMAIL_CHANGES_PER_DAY);
    expect(test.smtp.mails.some((m) => m.to.includes(`hop-too-many.${user.id}@example.com`))).toBe(false);
    expect((await reload(user.id)).verificationResends).toBe(2);
  });
});

describe('mailed links are bound to their address', () => {
  it('a second verification link cannot verify an address changed to afterwards', async () => {
    const email = 'bound.links@example.com';
    const sent = test.smtp.mails.length;
    const form = await multipart(registrationForm({ fields: { email } }));
    expect((await test.app.inject({ method: 'POST', url: '/api/auth/register', ...form })).statusCode).toBe(
      201,
    );
    const first = tokenIn(await mailAfter(sent, email, /Verify/));
    const resent = test.smtp.mails.length;
    expect((await post('/api/auth/resend-verification', { email })).statusCode).toBe(200);
    const second = tokenIn(await mailAfter(resent, email, /Verify/));

    const verified = await post('/api/auth/verify-email', { token: first });
    const session = json<{ data: { token: string; user: { _id: string } } }>(verified).data;
    const [user] = await test.db.select().from(users).where(eq(users.email, email));
    await putProfile(session.token, {
      email: 'unproven.address@example.com',
      currentPassword: 'secret123',
      profile: profileOf(user as UserRow),
    });

    const replay = await post('/api/auth/verify-email', { token: second });
    expect(replay.statusCode).toBe(400);
    // The address it was mailed to is verified already (decision 131); the pending one stays pending.
    expect(json(replay).error).toBe(AUTH.verifyAlreadyDone);
    expect(await reload(session.user._id)).toMatchObject({
      email,
      pendingEmail: 'unproven.address@example.com',
    });
  });

  it('a password change retires reset links and a pending e-mail change', async () => {
    const user = await insertUser(test.db);
    const token = await signIn(test.app, user.email);
    let sent = test.smtp.mails.length;
    await post('/api/auth/forgot-password', { email: user.email });
    const reset = linkIn(await mailAfter(sent, user.email, /Reset/), '/reset-password').searchParams.get(
      'token',
    );
    sent = test.smtp.mails.length;
    await putProfile(token, {
      email: `pending.${user.id}@example.com`,
      currentPassword: 'password123',
      profile: profileOf(user),
    });
    const confirm = tokenIn(await mailAfter(sent, `pending.${user.id}@example.com`, /Confirm/));

    const changed = await test.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { currentPassword: 'password123', newPassword: 'another-secret' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await post('/api/auth/reset-password', { token: reset, password: 'hijacked1' })).statusCode).toBe(
      400,
    );
    expect((await post('/api/auth/verify-email', { token: confirm })).statusCode).toBe(400);
    expect(await reload(user.id)).toMatchObject({ email: user.email, pendingEmail: null });
  });
});

describe('platform mail carries no typed text to unproven addresses, and is limited', () => {
  const lure = 'Call 555-0100 to claim your refund';

  it('greets nobody by name in verification, confirmation and unverified-account reset mail', async () => {
    const email = 'lured.registrant@example.com';
    let sent = test.smtp.mails.length;
    const form = await multipart(
      registrationForm({ fields: { email, contactName: lure, businessName: lure } }),
    );
    await test.app.inject({ method: 'POST', url: '/api/auth/register', ...form });
    const verification = await mailAfter(sent, email, /Verify/);
    sent = test.smtp.mails.length;
    await post('/api/auth/forgot-password', { email });
    const reset = await mailAfter(sent, email, /Reset/);

    const user = await insertUser(test.db, { contactName: lure, businessName: lure });
    const token = await signIn(test.app, user.email);
    sent = test.smtp.mails.length;
    await putProfile(token, {
      email: 'victim.inbox@example.com',
      currentPassword: 'password123',
      profile: profileOf(user),
    });
    const confirmation = await mailAfter(sent, 'victim.inbox@example.com', /Confirm/);

    for (const mail of [verification, reset, confirmation]) {
      expect(mail.text).not.toContain(lure);
      expect(mail.html).not.toContain(lure);
    }
  });

  it(`sends at most ${RESET_MAILS_PER_HOUR} reset mails an hour to one recipient, whoever asks from wherever`, async () => {
    const user = await insertUser(test.db);
    const sent = test.smtp.mails.length;
    const paths = ['/api/auth/forgot-password', '/auth/forgot-password'];
    for (let i = 0; i < 6; i++) {
      const response = await post(paths[i % 2] as string, { email: user.email }, `192.0.2.${10 + i}`);
      expect(json(response)).toEqual({ success: true, message: AUTH.forgotSent });
    }
    await expect
      .poll(() => test.smtp.mails.slice(sent).filter((m) => m.to.includes(user.email)).length, {
        timeout: 10_000,
      })
      .toBe(RESET_MAILS_PER_HOUR);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(test.smtp.mails.slice(sent).filter((m) => m.to.includes(user.email))).toHaveLength(
      RESET_MAILS_PER_HOUR,
    );
  });

  it('answers forgot-password before any work that depends on the account', async () => {
    // With the accounts table out of reach, any lookup before the answer would fail the request.
    const user = await insertUser(test.db);
    await test.db.execute(sql`ALTER TABLE users RENAME TO users_away`);
    try {
      for (const email of [user.email, 'nobody.here@example.com']) {
        const response = await post('/api/auth/forgot-password', { email });
        expect(response.statusCode).toBe(200);
        expect(json(response)).toEqual({ success: true, message: AUTH.forgotSent });
      }
    } finally {
      await test.db.execute(sql`ALTER TABLE users_away RENAME TO users`);
    }
  });
});

describe('the forgot-password aliases', () => {
  it('share one request limit', async () => {
    const strict = await createTestApp({}, 1);
    try {
      const statuses: number[] = [];
      for (const url of ['/api/auth/forgot-password', '/auth/forgot-password']) {
        for (let i = 0; i < 6; i++) {
          const response = await strict.app.inject({
            method: 'POST',
            url,
            payload: { email: 'x@example.com' },
          });
          statuses.push(response.statusCode);
        }
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.slice(10)).toEqual([429, 429]);
      const refused = await strict.app.inject({
        method: 'POST',
        url: '/auth/forgot-password',
        payload: { email: 'x@example.com' },
      });
      expect(json(refused)).toEqual({
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
