import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../src/seed/factories.ts';
import { bearer, createTestApp, json, type TestApp, userWithToken } from './support/test-app.ts';

// Issue 10 item 7: the audit trail filtered by actor, target, action and date, and exported as CSV.

let test: TestApp;
let alice: string;
let bob: string;
let target: { id: string; email: string };
beforeAll(async () => {
  test = await createTestApp();
  alice = (await userWithToken(test, { role: 'admin', email: 'alice.admin@example.com' })).token;
  bob = (await userWithToken(test, { role: 'admin', email: 'bob.admin@example.com' })).token;
  target = await insertUser(test.db, {
    role: 'seller',
    status: 'pending',
    email: 'filtered.target@example.com',
  });
  const other = await insertUser(test.db, {
    role: 'buyer',
    status: 'pending',
    email: 'other.target@example.com',
  });
  const change = (token: string, id: string, status: string, reason: string) =>
    test.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${id}/status`,
      headers: bearer(token),
      payload: { status, reason },
    });
  await change(alice, target.id, 'rejected', '=HYPERLINK("http://evil.test") not our license');
  await change(bob, target.id, 'verified', 'Checked with the regulator, "all good"');
  await change(bob, other.id, 'rejected', 'Document unreadable or missing');
});
afterAll(() => test.close());

type Entry = { admin: { email: string }; targetId: string; action: string; reason: string };
const list = async (query: string) =>
  json<{ data: Entry[]; pagination: { total: number } }>(
    await test.app.inject({ method: 'GET', url: `/api/admin/audit?${query}`, headers: bearer(alice) }),
  );

describe('GET /api/admin/audit filters', () => {
  it('filters by actor, target (label or id), action and Pacific calendar day', async () => {
    expect((await list('actor=bob.admin')).data.map((e) => e.reason)).toEqual([
      'Document unreadable or missing',
      'Checked with the regulator, "all good"',
    ]);
    expect((await list('target=filtered.target')).pagination.total).toBe(2);
    expect((await list(`target=${target.id}`)).data.every((e) => e.targetId === target.id)).toBe(true);
    expect((await list(`target=${target.id}`)).pagination.total).toBe(2);
    expect((await list('action=user.status&actor=alice')).data.map((e) => e.reason)).toEqual([
      '=HYPERLINK("http://evil.test") not our license',
    ]);
    expect((await list('action=listing.delete')).pagination.total).toBe(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
    expect((await list(`from=${today}&to=${today}`)).pagination.total).toBe(3);
    expect((await list('to=2000-01-01')).pagination.total).toBe(0);
    // A malformed filter is ignored, as a bad page number is.
    expect((await list('from=yesterday')).pagination.total).toBe(3);
  });

  it('exports the filtered trail as CSV that a spreadsheet cannot run', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/admin/audit/export?target=${target.id}`,
      headers: bearer(alice),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="canopy-audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'created_at,actor,action,target_type,target_id,target_label,before,after,reason,license_check',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"bob.admin@example.com","user.status","user"');
    expect(lines[1]).toContain('"Checked with the regulator, ""all good"""');
    expect(lines[1]).toMatch(/"not_found"$/);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.test"") not our license"`);
  });

  it('is for admins only', async () => {
    const { token } = await userWithToken(test, { role: 'seller' });
    const url = '/api/admin/audit/export';
    expect((await test.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(403);
    expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
