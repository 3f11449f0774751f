import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../src/seed/factories.ts';
import { bearer, createTestApp, json, type TestApp, userWithToken } from './support/test-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('admin audit trail', () => {
  it('records who changed which status, from what to what, and when', async () => {
    const { user: admin, token } = await userWithToken(test, { role: 'admin', email: 'auditor@example.com' });
    const seller = await insertUser(test.db, {
      role: 'seller',
      status: 'pending',
      email: 'audited@example.com',
    });
    await test.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${seller.id}/status`,
      headers: bearer(token),
      payload: { status: 'verified', reason: 'Registry entry checked by phone' },
    });
    await test.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${seller.id}/status`,
      headers: bearer(token),
      payload: { status: 'suspended', reason: 'Complaint under investigation' },
    });
    // A refused transition changes nothing and leaves no entry.
    await test.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${seller.id}/status`,
      headers: bearer(token),
      payload: { status: 'rejected', reason: 'Not allowed from verified' },
    });

    const response = await test.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: bearer(token),
    });
    const body = json<{ data: Record<string, unknown>[]; pagination: { total: number } }>(response);
    expect(body.pagination.total).toBe(2);
    expect(
      body.data.map((e) => [e.action, e.before, (e.after as { status: string }).status, e.reason]),
    ).toEqual([
      ['user.status', { status: 'verified' }, 'suspended', 'Complaint under investigation'],
      ['user.status', { status: 'pending' }, 'verified', 'Registry entry checked by phone'],
    ]);
    expect(body.data[0]).toMatchObject({
      admin: { _id: admin.id, email: 'auditor@example.com' },
      targetType: 'user',
      targetId: seller.id,
      targetLabel: 'audited@example.com',
    });
    expect(Date.parse(String(body.data[0]?.createdAt))).toBeGreaterThan(Date.now() - 60_000);
  });

  it('cannot be rewritten or erased, even by a direct query', async () => {
    await expect(test.db.execute(sql`UPDATE admin_audit_log SET action = 'forged'`)).rejects.toThrow();
    await expect(test.db.execute(sql`DELETE FROM admin_audit_log`)).rejects.toThrow();
    const { token } = await userWithToken(test, { role: 'admin' });
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: bearer(token),
    });
    expect(json<{ data: { action: string }[] }>(response).data.every((e) => e.action === 'user.status')).toBe(
      true,
    );
  });

  it('is for admins only', async () => {
    const { token } = await userWithToken(test, { role: 'seller' });
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(token) })).statusCode,
    ).toBe(403);
    expect((await test.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });
});
