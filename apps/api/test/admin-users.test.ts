import { ADMIN, USER_STATUSES, type UserStatus } from '@canopy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_TRANSITIONS } from '../src/modules/admin/user-status.ts';
import { insertUser } from '../src/seed/factories.ts';
import { bearer, createTestApp, json, signIn, type TestApp, userWithToken } from './support/test-app.ts';

let test: TestApp;
let adminToken: string;
let adminId: string;
beforeAll(async () => {
  test = await createTestApp();
  const admin = await userWithToken(test, { role: 'admin', email: 'boss@example.com' });
  adminToken = admin.token;
  adminId = admin.user.id;
});
afterAll(() => test.close());

// These tests are about the transitions, so every change carries a reason (decision 081); the
// rules about reasons are in admin-user-review.test.ts.
const setStatus = (id: string, status: unknown, token = adminToken) =>
  test.app.inject({
    method: 'PUT',
    url: `/api/admin/users/${id}/status`,
    headers: bearer(token),
    payload: { status, reason: 'Checked by hand' },
  });

describe('PUT /api/admin/users/:id/status', () => {
  const pairs = USER_STATUSES.flatMap((from) =>
    USER_STATUSES.map((to) => [from, to] as [UserStatus, UserStatus]),
  );

  it.each(pairs)('from %s to %s follows SPEC §4', async (from, to) => {
    const user = await insertUser(test.db, { role: 'seller', status: from });
    const response = await setStatus(user.id, to);
    if (ALLOWED_TRANSITIONS[from].includes(to)) {
      expect(response.statusCode).toBe(200);
      expect(json(response)).toMatchObject({
        success: true,
        message: ADMIN.statusUpdated(to),
        data: { _id: user.id, status: to },
      });
    } else {
      expect(response.statusCode).toBe(400);
      expect(json(response).error).toBe(ADMIN.transitionRefused(from, to));
      const [after] = (
        await test.app.inject({
          method: 'GET',
          url: `/api/admin/users?query=${encodeURIComponent(user.email)}`,
          headers: bearer(adminToken),
        })
      ).json().data;
      expect(after.status).toBe(from);
    }
  });

  it('ends every session of a suspended user at once and tells them by e-mail', async () => {
    const user = await insertUser(test.db, {
      role: 'buyer',
      email: 'soon.suspended@example.com',
      contactName: 'Sam Suspended',
    });
    const token = await signIn(test.app, user.email);
    expect((await setStatus(user.id, 'suspended')).statusCode).toBe(200);
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode,
    ).toBe(401);
    const mail = await test.smtp.waitForMail(user.email);
    expect(mail.to).toEqual([user.email]);
    expect(mail.subject).toBe('Your Canopy account status has changed');
    // The transfer may end the text part with a line break of its own.
    expect(mail.text.trimEnd()).toBe(
      [
        'Hello Sam Suspended,',
        // SPEC §2's words for a suspended account, as the account status screen says them.
        'Your Canopy account has been suspended. Please contact support for assistance.',
        'Reason given by the Canopy team: “Checked by hand”',
        `${test.ctx.config.appUrl}/login`,
      ].join('\n\n'),
    );
  });

  it('mails the user when approved: who, what, why and where to sign in', async () => {
    const user = await insertUser(test.db, {
      role: 'seller',
      status: 'pending',
      email: 'approve.me@example.com',
      contactName: 'Avery Approved',
    });
    expect((await setStatus(user.id, 'verified')).statusCode).toBe(200);
    const mail = await test.smtp.waitForMail(user.email);
    expect(mail.to).toEqual([user.email]);
    expect(mail.subject).toBe('Your Canopy account is approved');
    // The transfer may end the text part with a line break of its own.
    expect(mail.text.trimEnd()).toBe(
      [
        'Hello Avery Approved,',
        'Your Canopy account has been approved. You can now sign in and use the marketplace.',
        'Reason given by the Canopy team: “Checked by hand”',
        `${test.ctx.config.appUrl}/login`,
      ].join('\n\n'),
    );
    expect(mail.html).toContain(`href="${test.ctx.config.appUrl}/login"`);
  });

  it("refuses an unknown status, an unknown or malformed id and the admin's own account", async () => {
    const user = await insertUser(test.db, { status: 'pending' });
    const unknown = await setStatus(user.id, 'banned');
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).error).toBe(ADMIN.unknownStatus);
    for (const id of ['00000000-0000-7000-8000-000000000000', 'abc']) {
      const missing = await setStatus(id, 'verified');
      expect(missing.statusCode).toBe(404);
      expect(json(missing).error).toBe(ADMIN.userNotFound);
    }
    const own = await setStatus(adminId, 'suspended');
    expect(own.statusCode).toBe(400);
    expect(json(own).error).toBe(ADMIN.ownStatus);
  });

  it('is for admins only', async () => {
    const target = await insertUser(test.db, { status: 'pending' });
    const { token: seller } = await userWithToken(test, { role: 'seller' });
    expect((await setStatus(target.id, 'verified', seller)).statusCode).toBe(403);
    const anonymous = await test.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${target.id}/status`,
      payload: { status: 'verified', reason: 'Checked by hand' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/admin/users', () => {
  it('lists newest first with filters, search and pagination', async () => {
    await insertUser(test.db, { role: 'seller', status: 'pending', businessName: 'Needle Haystack Farms' });
    const page = await test.app.inject({
      method: 'GET',
      url: '/api/admin/users?limit=2&page=1',
      headers: bearer(adminToken),
    });
    const body = json<{
      data: { createdAt: string }[];
      pagination: { page: number; limit: number; total: number; pages: number };
    }>(page);
    expect(body.data).toHaveLength(2);
    expect(body.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(body.pagination.pages).toBe(Math.ceil(body.pagination.total / 2));
    expect(Date.parse(body.data[0]?.createdAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(body.data[1]?.createdAt ?? ''),
    );

    const search = await test.app.inject({
      method: 'GET',
      url: '/api/admin/users?query=haystack',
      headers: bearer(adminToken),
    });
    expect(
      json<{ data: { profile: { businessName: string } }[] }>(search).data.map((u) => u.profile.businessName),
    ).toEqual(['Needle Haystack Farms']);

    const pending = await test.app.inject({
      method: 'GET',
      url: '/api/admin/users?status=pending&role=seller&limit=100',
      headers: bearer(adminToken),
    });
    const rows = json<{ data: { status: string; role: string }[] }>(pending).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((u) => u.status === 'pending' && u.role === 'seller')).toBe(true);
  });

  it('treats wildcard characters in the search as plain text', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/admin/users?query=%25',
      headers: bearer(adminToken),
    });
    expect(json<{ data: unknown[] }>(response).data).toEqual([]);
  });

  it('is for admins only', async () => {
    const { token } = await userWithToken(test, { role: 'buyer' });
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(403);
    expect(json(response).error).toBe(ADMIN.accessDenied);
  });
});
