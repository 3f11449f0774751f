import { ACCOUNT_SECURITY, AUTH } from '@canopy/shared';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, loginThrottle } from '../src/db/schema/index.ts';
import { ACCOUNT_ATTACK_FAILURES, PAIR_FREE_FAILURES, sourceOf } from '../src/modules/auth/login-throttle.ts';
import { insertUser } from '../src/seed/factories.ts';
import { createTestApp, json, type TestApp } from './support/test-app.ts';

// Issue 9 item 5: failed sign-ins used to lock the account for everyone for 15 minutes, so anyone
// could lock anyone out. Now the guessing address is slowed down and the owner is not.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';

const login = (email: string, password: string, remoteAddress: string) =>
  test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

async function failFrom(email: string, remoteAddress: string, times: number) {
  for (let i = 0; i < times; i++)
    expect((await login(email, 'wrong-guess', remoteAddress)).statusCode).toBe(401);
}

/** Moves the recorded failures back in time, as if the wait had passed. */
const letTimePass = (minutes: number) =>
  test.db.execute(
    sql`UPDATE login_throttle SET last_failure_at = last_failure_at - make_interval(mins => ${minutes})`,
  );

describe('sign-in slow-down', () => {
  it(`slows the guessing address after ${PAIR_FREE_FAILURES} failures, never the owner elsewhere`, async () => {
    const user = await insertUser(test.db, { email: 'target@example.com' });
    await failFrom(user.email, ATTACKER, PAIR_FREE_FAILURES);

    const slowed = await login(user.email, 'password123', ATTACKER);
    expect(slowed.statusCode).toBe(429);
    expect(json(slowed)).toMatchObject({ success: false, error: ACCOUNT_SECURITY.signInWait(60) });

    const owner = await login(user.email, 'password123', OWNER);
    expect(owner.statusCode).toBe(200);
  });

  it('lets the slowed address try again once its wait has passed, then doubles the wait', async () => {
    const user = await insertUser(test.db, { email: 'patient@example.com' });
    await failFrom(user.email, ATTACKER, PAIR_FREE_FAILURES);
    await letTimePass(1);
    await failFrom(user.email, ATTACKER, 1);
    expect(json(await login(user.email, 'password123', ATTACKER)).error).toBe(
      ACCOUNT_SECURITY.signInWait(120),
    );
    await letTimePass(2);
    expect((await login(user.email, 'password123', ATTACKER)).statusCode).toBe(200);
  });

  it('records the slow-down in the audit trail as a system action', async () => {
    const user = await insertUser(test.db, { email: 'audited@example.com' });
    await failFrom(user.email, ATTACKER, PAIR_FREE_FAILURES);
    const entries = await test.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, user.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      adminId: null,
      adminEmail: 'system',
      action: 'user.sign_in_slowed',
      targetType: 'user',
      targetLabel: user.email,
      before: { signIn: 'open' },
      after: {
        signIn: 'slowed',
        scope: 'address',
        address: ATTACKER,
        failuresFromAddress: PAIR_FREE_FAILURES,
        waitSeconds: 60,
      },
    });
  });

  it('under a guess spread over many addresses, slows each address after one failure', async () => {
    const user = await insertUser(test.db, { email: 'spread@example.com' });
    for (let i = 0; i < ACCOUNT_ATTACK_FAILURES; i++) await failFrom(user.email, `192.0.2.${i + 1}`, 1);
    expect((await login(user.email, 'password123', '192.0.2.1')).statusCode).toBe(429);
    expect((await login(user.email, 'password123', OWNER)).statusCode).toBe(200);
    const attack = await test.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, user.id));
    expect(attack.map((entry) => entry.after?.scope)).toContain('account');
  });

  it('gives an unknown address the same answers, and audits nothing for it', async () => {
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) {
      expect(json(await login('nobody@example.com', 'x', ATTACKER)).error).toBe(AUTH.invalidCredentials);
    }
    expect((await login('nobody@example.com', 'x', ATTACKER)).statusCode).toBe(429);
  });
});

describe('sourceOf', () => {
  it('forgets counts whose window and wait are both over, so guesses at many addresses do not pile up', async () => {
    await test.db.execute(sql`
      INSERT INTO login_throttle (key, failures, window_started_at, last_failure_at)
      SELECT 'account:stale-' || n || '@example.com', 3, now() - interval '2 hours', now() - interval '2 hours'
      FROM generate_series(1, 150) AS n`);
    await failFrom('fresh-guess@example.com', ATTACKER, 1);
    expect(await test.db.$count(loginThrottle, like(loginThrottle.key, 'account:stale-%'))).toBe(0);
    expect(await test.db.$count(loginThrottle, like(loginThrottle.key, '%fresh-guess%'))).toBe(2);
  });

  it('counts IPv4 by address and IPv6 by its /64 network', () => {
    expect(sourceOf('203.0.113.66')).toBe('203.0.113.66');
    expect(sourceOf('::ffff:203.0.113.66')).toBe('203.0.113.66');
    expect(sourceOf('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(sourceOf('2001:0db8:0000:0001:ffff:ffff:ffff:fffe')).toBe('2001:db8:0:1::/64');
    expect(sourceOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(sourceOf('::1')).toBe('0:0:0:0::/64');
  });

  it('slows a whole IPv6 /64 together', async () => {
    const user = await insertUser(test.db, { email: 'ipv6.target@example.com' });
    for (let i = 1; i <= PAIR_FREE_FAILURES; i++) await failFrom(user.email, `2001:db8:0:7::${i}`, 1);
    expect((await login(user.email, 'password123', '2001:db8:0:7::99')).statusCode).toBe(429);
    expect((await login(user.email, 'password123', '2001:db8:0:8::1')).statusCode).toBe(200);
  });
});
