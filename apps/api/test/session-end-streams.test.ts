import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream, person } from './messages-helpers.ts';
import { linkIn } from './support/smtp.ts';
import { bearer, createTestApp, listenOnLoopback, signIn, type TestApp } from './support/test-app.ts';

// Issue 9 item 6: a live message stream must end the moment its session ends, not at the next
// heartbeat (every 25 s). A heartbeat writes its comment before it closes anything, so a stream
// that ends without having seen one was closed by the session's end itself.

let test: TestApp;
let baseUrl: string;

beforeAll(async () => {
  test = await createTestApp();
  baseUrl = await listenOnLoopback(test.app);
});
afterAll(() => test.close());

async function liveStream(token: string) {
  const stream = await openStream(baseUrl, token);
  await stream.nextEvent('unread');
  return stream;
}

async function expectEndedBySessionEnd(stream: Awaited<ReturnType<typeof liveStream>>) {
  expect(await stream.ended()).toBe(true);
  expect(stream.frames.filter((frame) => frame.comment === 'heartbeat')).toEqual([]);
}

describe('ending a session ends its live streams at once', () => {
  it('on sign-out', async () => {
    const buyer = await person(test);
    const stream = await liveStream(buyer.token);
    const logout = await test.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(buyer.token),
    });
    expect(logout.statusCode).toBe(200);
    await expectEndedBySessionEnd(stream);
  });

  it('on a password change: the other sessions’ streams end, the changing session’s stays', async () => {
    const buyer = await person(test);
    const otherToken = await signIn(test.app, buyer.user.email);
    const mine = await liveStream(buyer.token);
    const other = await liveStream(otherToken);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(buyer.token),
      payload: { currentPassword: 'password123', newPassword: 'a-new-password' },
    });
    expect(response.statusCode).toBe(200);
    await expectEndedBySessionEnd(other);
    expect(await mine.ended(300)).toBe(false);
    mine.close();
  });

  it('on a password reset', async () => {
    const buyer = await person(test);
    const stream = await liveStream(buyer.token);
    await test.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: buyer.user.email },
    });
    const token = linkIn(
      await test.smtp.waitForMail(buyer.user.email, /Reset/),
      '/reset-password',
    ).searchParams.get('token');
    const reset = await test.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'brand-new-secret' },
    });
    expect(reset.statusCode).toBe(200);
    await expectEndedBySessionEnd(stream);
  });

  it('on suspension by an admin', async () => {
    const admin = await person(test, { role: 'admin' });
    const seller = await person(test, { role: 'seller' });
    const stream = await liveStream(seller.token);
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${seller.user.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'suspended', reason: 'License expired' },
    });
    expect(response.statusCode).toBe(200);
    await expectEndedBySessionEnd(stream);
  });

  it('on confirming a new sign-in e-mail', async () => {
    const buyer = await person(test);
    const stream = await liveStream(buyer.token);
    const sent = test.smtp.mails.length;
    const newEmail = `moved.${buyer.user.id}@example.com`;
    const change = await test.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(buyer.token),
      payload: {
        email: newEmail,
        currentPassword: 'password123',
        profile: {
          businessName: buyer.user.businessName,
          contactName: buyer.user.contactName,
          licenseNumber: buyer.user.licenseNumber,
          licenseType: buyer.user.licenseType,
          address: { state: 'CA', zipCode: buyer.user.zipCode },
        },
      },
    });
    expect(change.statusCode).toBe(200);
    await expect
      .poll(() => test.smtp.mails.slice(sent).some((mail) => mail.to.includes(newEmail)), {
        timeout: 10_000,
      })
      .toBe(true);
    const mail = test.smtp.mails.slice(sent).find((m) => m.to.includes(newEmail));
    const token = mail && linkIn(mail, '/verify-email').searchParams.get('token');
    const confirmed = await test.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    await expectEndedBySessionEnd(stream);
  });
});
