import { AUTH, COMPANY, ORDER_LIMIT_TEXTS, ROLE_PERMISSIONS, roleForbids } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, companyInvitations, listings, users, wantedPosts } from '../src/db/schema/index.ts';
import { newTotpSecret } from '../src/lib/totp.ts';
import { sendWeeklyDigests } from '../src/modules/digest/index.ts';
import { insertListing, insertUser } from '../src/seed/factories.ts';
import { openStream, person } from './messages-helpers.ts';
import { linkIn } from './support/smtp.ts';
import { bearer, createTestApp, json, listenOnLoopback, signIn, type TestApp } from './support/test-app.ts';

// Issue 28 items 2-3: members, invitations and roles, through the API as the company page calls it.

let test: TestApp;
let baseUrl: string;
beforeAll(async () => {
  test = await createTestApp();
  baseUrl = await listenOnLoopback(test.app);
});
afterAll(() => test.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string | null, method: Method, url: string, payload?: object) =>
  test.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

const failure = (message: string) => expect.objectContaining({ success: false, error: message });

/** Invites the address and reads the link's token from the mail. */
async function invite(ownerToken: string, email: string, role = 'sales') {
  const response = await call(ownerToken, 'POST', '/api/company/invitations', { email, role });
  expect(response.statusCode).toBe(201);
  const mail = await test.smtp.waitForMail(email, /Join/);
  return {
    id: json<{ data: { _id: string } }>(response).data._id,
    token: linkIn(mail, '/accept-invitation').searchParams.get('token') ?? '',
    mail,
  };
}

/** A new person joins with the role given; answers their login id and session. */
async function join(ownerToken: string, role = 'sales') {
  const email = `member-${role}-${Math.random().toString(36).slice(2)}@example.com`;
  const { token } = await invite(ownerToken, email, role);
  const accepted = await call(null, 'POST', '/api/company/invitations/accept', {
    token,
    contactName: 'Mia Member',
    password: 'member-password',
  });
  expect(accepted.statusCode).toBe(200);
  const body = json<{ data: { token: string; user: { member: { userId: string } } } }>(accepted);
  return { email, token: body.data.token, userId: body.data.user.member.userId };
}

describe('invitations', () => {
  it('mails a link that makes a verified member login bound to the address, once', async () => {
    const owner = await person(test, { role: 'seller', businessName: 'Green Valley Farms' });
    const email = 'new.hire@example.com';
    const sent = await invite(owner.token, email);
    expect(sent.mail.text).toContain(`${'http://canopy.test'}/accept-invitation?token=`);
    expect(sent.mail.subject).toBe('Join Green Valley Farms on Canopy');

    const accepted = await call(null, 'POST', '/api/company/invitations/accept', {
      token: sent.token,
      contactName: 'Nia Hire',
      password: 'a-good-password',
    });
    expect(accepted.statusCode).toBe(200);
    const body = json<{ message: string; data: { token: string; user: Record<string, unknown> } }>(accepted);
    expect(body.message).toBe('Welcome to Green Valley Farms');
    // The business's User, with the person's own address and name and their place in the company.
    expect(body.data.user).toMatchObject({
      _id: owner.user.id,
      email,
      role: 'seller',
      status: 'verified',
      emailVerified: true,
      profile: { businessName: 'Green Valley Farms', contactName: 'Nia Hire' },
      member: { role: 'sales', permissions: [...ROLE_PERMISSIONS.sales] },
    });
    const [login] = await test.db.select().from(users).where(eq(users.email, email));
    expect(login).toMatchObject({ role: 'seller', status: 'verified', emailVerified: true });

    // The member signs in with their own password and acts for the company.
    const me = await call(await signIn(test.app, email, 'a-good-password'), 'GET', '/api/auth/me');
    expect(json<{ user: { _id: string; email: string } }>(me).user).toMatchObject({
      _id: owner.user.id,
      email,
    });

    const again = await call(null, 'POST', '/api/company/invitations/accept', {
      token: sent.token,
      contactName: 'Nia Hire',
      password: 'a-good-password',
    });
    expect(again.statusCode).toBe(400);
    expect(json(again)).toEqual(failure(COMPANY.invitationInvalid));
  });

  it('refuses an expired link, a revoked one and one opened by another signed-in address', async () => {
    const owner = await person(test, { role: 'seller' });
    const expired = await invite(owner.token, 'late@example.com');
    await test.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.id, expired.id));
    const late = await call(null, 'POST', '/api/company/invitations/accept', {
      token: expired.token,
      contactName: 'Late',
      password: 'late-password',
    });
    expect(late.statusCode).toBe(400);
    expect(json(late)).toEqual(failure(COMPANY.invitationExpired));

    const revoked = await invite(owner.token, 'revoked@example.com');
    const revoke = await call(owner.token, 'DELETE', `/api/company/invitations/${revoked.id}`);
    expect(json(revoke)).toEqual({ success: true, message: COMPANY.invitationRevoked });
    expect((await call(owner.token, 'DELETE', `/api/company/invitations/${revoked.id}`)).statusCode).toBe(
      404,
    );
    const afterRevoke = await call(null, 'POST', '/api/company/invitations/accept', {
      token: revoked.token,
      contactName: 'Revoked',
      password: 'revoked-password',
    });
    expect(json(afterRevoke)).toEqual(failure(COMPANY.invitationInvalid));

    const bound = await invite(owner.token, 'bound@example.com');
    const stranger = await person(test, { role: 'buyer' });
    const wrong = await call(stranger.token, 'POST', '/api/company/invitations/accept', {
      token: bound.token,
    });
    expect(wrong.statusCode).toBe(403);
    expect(json(wrong)).toEqual(failure(COMPANY.invitationWrongAddress));
    // Refused, the link still works for its address.
    const right = await call(null, 'POST', '/api/company/invitations/accept', {
      token: bound.token,
      contactName: 'Bound',
      password: 'bound-password',
    });
    expect(right.statusCode).toBe(200);
  });

  it('lets a signed-in founder of an empty company of one join, and refuses one with trade records', async () => {
    const owner = await person(test, { role: 'seller' });
    const lone = await person(test, { role: 'buyer', email: 'lone@example.com' });
    const posted = await call(lone.token, 'POST', '/api/wanted', { query: 'Lone request', quantityLbs: 2 });
    expect(posted.statusCode).toBe(201);
    const { token } = await invite(owner.token, 'lone@example.com', 'viewer');
    const joined = await call(lone.token, 'POST', '/api/company/invitations/accept', { token });
    expect(joined.statusCode).toBe(200);
    const session = json<{ data: { token: string; user: Record<string, unknown> } }>(joined).data;
    expect(session.user).toMatchObject({ _id: owner.user.id, role: 'seller', member: { role: 'viewer' } });
    // Its old sessions ended with its old company; the new one acts for the company joined.
    expect((await call(lone.token, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const company = json<{ data: { members: { email: string }[] } }>(
      await call(session.token, 'GET', '/api/company'),
    );
    expect(company.data.members.map((member) => member.email)).toContain('lone@example.com');
    // Its unanswered wanted post went with the company it dissolved.
    expect(await test.db.select().from(wantedPosts).where(eq(wantedPosts.buyerId, lone.user.id))).toEqual([]);

    const trader = await person(test, { role: 'seller', email: 'trader@example.com' });
    await insertListingFor(trader.user);
    const second = await invite(owner.token, 'trader@example.com');
    const refused = await call(trader.token, 'POST', '/api/company/invitations/accept', {
      token: second.token,
    });
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toEqual(failure(COMPANY.cannotJoin));
  });

  it('a new login for an address that has an account is refused, and a member is not invited twice', async () => {
    const owner = await person(test, { role: 'seller' });
    const existing = await person(test, { role: 'buyer' });
    const { token } = await invite(owner.token, existing.user.email);
    const refused = await call(null, 'POST', '/api/company/invitations/accept', {
      token,
      contactName: 'Someone',
      password: 'someone-password',
    });
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toEqual(failure(COMPANY.signInToAccept));

    const member = await join(owner.token);
    const twice = await call(owner.token, 'POST', '/api/company/invitations', {
      email: member.email,
      role: 'viewer',
    });
    expect(twice.statusCode).toBe(409);
    expect(json(twice)).toEqual(failure(COMPANY.alreadyMember));
  });
});

async function insertListingFor(seller: Awaited<ReturnType<typeof person>>['user']) {
  await insertListing(test.db, seller);
  const [row] = await test.db
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.sellerId, seller.id));
  expect(row).toBeDefined();
}

describe('roles', () => {
  it('GET /company answers the company, its members, pending invitations and the caller', async () => {
    const owner = await person(test, { role: 'seller', businessName: 'Roles Farm' });
    const sales = await join(owner.token, 'sales');
    await invite(owner.token, 'pending@example.com', 'finance');
    const asOwner = json<{ data: Record<string, unknown> }>(
      await call(owner.token, 'GET', '/api/company'),
    ).data;
    expect(asOwner).toMatchObject({
      company: { _id: owner.user.id, name: 'Roles Farm', requireTwoFactor: false },
      me: { userId: owner.user.id, role: 'owner', permissions: [...ROLE_PERMISSIONS.owner] },
    });
    expect(asOwner.members).toEqual([
      expect.objectContaining({ userId: owner.user.id, role: 'owner', twoFactor: false }),
      expect.objectContaining({
        userId: sales.userId,
        email: sales.email,
        contactName: 'Mia Member',
        role: 'sales',
      }),
    ]);
    expect(asOwner.invitations).toEqual([
      expect.objectContaining({ email: 'pending@example.com', role: 'finance' }),
    ]);
    expect((asOwner.company as { licenses: unknown[] }).licenses).toHaveLength(1);

    // A member who does not manage sees the members, not the invitations, and may not manage.
    const asSales = json<{ data: { invitations: unknown[] } }>(
      await call(sales.token, 'GET', '/api/company'),
    ).data;
    expect(asSales.invitations).toEqual([]);
    const invite403 = await call(sales.token, 'POST', '/api/company/invitations', {
      email: 'x@example.com',
      role: 'viewer',
    });
    expect(invite403.statusCode).toBe(403);
    expect(json(invite403)).toEqual(failure(roleForbids('sales', 'company:manage')));
    for (const [method, url, payload] of [
      ['PUT', `/api/company/members/${owner.user.id}`, { role: 'viewer' }],
      ['DELETE', `/api/company/members/${owner.user.id}`, undefined],
      ['GET', '/api/company/activity', undefined],
    ] as const) {
      const response = await call(sales.token, method, url, payload);
      expect(response.statusCode).toBe(403);
      expect(json(response)).toEqual(failure(roleForbids('sales', 'company:manage')));
    }
    const transfer = await call(sales.token, 'POST', '/api/company/transfer', { userId: sales.userId });
    expect(json(transfer)).toEqual(failure(roleForbids('sales', 'company:own')));

    // Admins belong to no company.
    const admin = await person(test, { role: 'admin' });
    expect(json(await call(admin.token, 'GET', '/api/company'))).toEqual(failure(COMPANY.adminsHaveNone));
  });

  it('managers manage, only owners touch owners, and a company keeps at least one owner', async () => {
    const owner = await person(test, { role: 'buyer' });
    const manager = await join(owner.token, 'manager');
    const buyer = await join(owner.token, 'purchasing');

    const changed = await call(manager.token, 'PUT', `/api/company/members/${buyer.userId}`, {
      role: 'viewer',
    });
    expect(json(changed)).toEqual({ success: true, message: 'Role changed to Viewer' });
    for (const [url, payload] of [
      [`/api/company/members/${owner.user.id}`, { role: 'viewer' }],
      [`/api/company/members/${buyer.userId}`, { role: 'owner' }],
    ] as const) {
      const refused = await call(manager.token, 'PUT', url, payload);
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toEqual(failure(COMPANY.onlyOwnersTouchOwners));
    }
    const removeOwner = await call(manager.token, 'DELETE', `/api/company/members/${owner.user.id}`);
    expect(json(removeOwner)).toEqual(failure(COMPANY.onlyOwnersTouchOwners));

    const demoteLast = await call(owner.token, 'PUT', `/api/company/members/${owner.user.id}`, {
      role: 'manager',
    });
    expect(demoteLast.statusCode).toBe(409);
    expect(json(demoteLast)).toEqual(failure(COMPANY.lastOwner));
    const removeLast = await call(owner.token, 'DELETE', `/api/company/members/${owner.user.id}`);
    expect(json(removeLast)).toEqual(failure(COMPANY.lastOwner));
    expect(json(await call(owner.token, 'POST', '/api/company/transfer', { userId: owner.user.id }))).toEqual(
      failure(COMPANY.transferToSelf),
    );

    // Transfer: the manager becomes an owner and the owner a manager, in one step.
    const transfer = await call(owner.token, 'POST', '/api/company/transfer', { userId: manager.userId });
    expect(json(transfer)).toEqual({ success: true, message: COMPANY.ownershipTransferred });
    const roles = json<{ data: { members: { userId: string; role: string }[] } }>(
      await call(manager.token, 'GET', '/api/company'),
    ).data.members;
    expect(roles.find((m) => m.userId === manager.userId)?.role).toBe('owner');
    expect(roles.find((m) => m.userId === owner.user.id)?.role).toBe('manager');
  });

  it('sets a purchasing member’s order limit beside the role, and a role change leaves it behind', async () => {
    const owner = await person(test, { role: 'buyer' });
    const buyer = await join(owner.token, 'purchasing');
    const sales = await join(owner.token, 'sales');
    const limits = async () =>
      json<{ data: { members: { userId: string; orderLimit: number | null }[] } }>(
        await call(owner.token, 'GET', '/api/company'),
      ).data.members;

    const set = await call(owner.token, 'PUT', `/api/company/members/${buyer.userId}`, {
      role: 'purchasing',
      orderLimit: 2500.5,
    });
    expect(json(set)).toEqual({ success: true, message: ORDER_LIMIT_TEXTS.saved });
    expect((await limits()).find((m) => m.userId === buyer.userId)?.orderLimit).toBe(2500.5);

    // Refused, and nothing changes: a limit for another role, a bad amount, a member who may not manage.
    for (const [token, userId, payload, status, text] of [
      [owner.token, sales.userId, { role: 'sales', orderLimit: 100 }, 400, ORDER_LIMIT_TEXTS.onlyPurchasing],
      [owner.token, buyer.userId, { role: 'purchasing', orderLimit: 0 }, 400, ORDER_LIMIT_TEXTS.positive],
      [owner.token, buyer.userId, { role: 'purchasing', orderLimit: 10.001 }, 400, ORDER_LIMIT_TEXTS.step],
      [buyer.token, buyer.userId, { role: 'purchasing', orderLimit: null }, 403, undefined],
    ] as const) {
      const refused = await call(token, 'PUT', `/api/company/members/${userId}`, payload);
      expect(refused.statusCode).toBe(status);
      if (text) expect(json(refused)).toEqual(failure(text));
    }
    const after = await limits();
    expect(after.find((m) => m.userId === buyer.userId)?.orderLimit).toBe(2500.5);
    expect(after.find((m) => m.userId === sales.userId)?.orderLimit).toBeNull();

    // A member who leaves purchasing leaves the limit behind; the activity says who set it.
    await call(owner.token, 'PUT', `/api/company/members/${buyer.userId}`, { role: 'viewer' });
    expect((await limits()).find((m) => m.userId === buyer.userId)?.orderLimit).toBeNull();
    const logged = await test.db
      .select({ action: adminAuditLog.action, after: adminAuditLog.after })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'company.order_limit'));
    expect(logged.map((row) => row.after)).toContainEqual({ userId: buyer.userId, orderLimit: 2500.5 });
  });

  it('removing a member ends their sessions and their open message streams at once', async () => {
    const owner = await person(test, { role: 'seller' });
    const member = await join(owner.token, 'sales');
    const stream = await openStream(baseUrl, member.token);
    await stream.nextEvent('unread');
    const ownerStream = await openStream(baseUrl, owner.token);
    await ownerStream.nextEvent('unread');

    const removed = await call(owner.token, 'DELETE', `/api/company/members/${member.userId}`);
    expect(json(removed)).toEqual({ success: true, message: COMPANY.memberRemoved });
    expect(await stream.ended()).toBe(true);
    expect(stream.frames.filter((frame) => frame.comment === 'heartbeat')).toEqual([]);
    expect(await ownerStream.ended(300)).toBe(false);
    ownerStream.close();
    const after = await call(member.token, 'GET', '/api/auth/me');
    expect(after.statusCode).toBe(401);
    expect(json(after)).toEqual(failure(AUTH.signInRequired));
    // A removed login is told why it can no longer sign in.
    const again = await call(null, 'POST', '/api/auth/login', {
      email: member.email,
      password: 'member-password',
    });
    expect(again.statusCode).toBe(403);
    expect(json(again)).toEqual(failure(COMPANY.noCompany));
  });
});

describe('two-factor for every member', () => {
  it('an owner requires it; a member without it is refused beyond enrolling until they enrol', async () => {
    const owner = await person(test, { role: 'seller', twoFactorSecret: newTotpSecret() });
    const member = await join(owner.token, 'sales');
    const manager = await join(owner.token, 'manager');
    const byManager = await call(manager.token, 'PUT', '/api/company/security', { requireTwoFactor: true });
    expect(json(byManager)).toEqual(failure(COMPANY.securityOwnersOnly));
    const saved = await call(owner.token, 'PUT', '/api/company/security', { requireTwoFactor: true });
    expect(json(saved)).toEqual({ success: true, message: COMPANY.securitySaved(true) });

    const listingsCall = await call(member.token, 'GET', '/api/listings/my/listings');
    expect(listingsCall.statusCode).toBe(403);
    expect(json(listingsCall)).toEqual(failure(COMPANY.twoFactorRequired));
    expect(json(await call(member.token, 'GET', '/api/company'))).toEqual(failure(COMPANY.twoFactorRequired));
    // Signing in, reading the account and enrolling still work.
    expect((await call(member.token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const setup = await call(member.token, 'POST', '/api/auth/2fa/setup');
    expect(setup.statusCode).toBe(200);
    const { secret } = json<{ data: { secret: string } }>(setup).data;
    const { nextTotpCode } = await import('./support/totp-code.ts');
    const enable = await call(member.token, 'POST', '/api/auth/2fa/enable', {
      code: await nextTotpCode(secret, null),
    });
    expect(enable.statusCode).toBe(200);
    expect((await call(member.token, 'GET', '/api/listings/my/listings')).statusCode).toBe(200);
  });
});

describe('the company activity', () => {
  it('records every member action under the member who acted', async () => {
    const owner = await person(test, { role: 'seller', contactName: 'Olive Owner' });
    const sent = await invite(owner.token, 'activity@example.com', 'viewer');
    await call(owner.token, 'DELETE', `/api/company/invitations/${sent.id}`);
    const member = await join(owner.token, 'viewer');
    await call(owner.token, 'PUT', `/api/company/members/${member.userId}`, { role: 'finance' });
    await call(owner.token, 'PUT', '/api/company/security', { requireTwoFactor: false });
    await call(owner.token, 'DELETE', `/api/company/members/${member.userId}`);
    const activity = json<{ data: { action: string; actor: { contactName: string; email: string } }[] }>(
      await call(owner.token, 'GET', '/api/company/activity'),
    ).data;
    expect(activity.map((entry) => entry.action)).toEqual([
      'company.remove',
      'company.security',
      'company.role',
      'company.join',
      'company.invite',
      'company.invite_revoke',
      'company.invite',
    ]);
    expect(activity[0]?.actor).toMatchObject({ contactName: 'Olive Owner', email: owner.user.email });
    expect(activity[3]?.actor).toMatchObject({ contactName: 'Mia Member', email: member.email });
    const trail = await test.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, owner.user.id));
    expect(trail.every((row) => row.targetType === 'company')).toBe(true);
  });
});

describe('member logins are not businesses', () => {
  it('are left out of the admin list, the dashboard count, storefronts, the digest and license checks', async () => {
    const admin = await person(test, { role: 'admin' });
    const owner = await person(test, { role: 'seller' });
    const totalUsers = async () =>
      json<{ data: { totalUsers: number } }>(await call(admin.token, 'GET', '/api/admin/stats')).data
        .totalUsers;
    const before = await totalUsers();
    const member = await join(owner.token, 'sales');
    expect(await totalUsers()).toBe(before);
    const list = json<{ data: { users: { _id: string }[] } } & Record<string, unknown>>(
      await call(admin.token, 'GET', `/api/admin/users?query=${encodeURIComponent(member.email)}`),
    );
    expect(JSON.stringify(list)).not.toContain(member.userId);
    const storefront = await call(null, 'GET', `/api/sellers/${member.userId}`);
    expect(storefront.statusCode).toBe(404);
    // The weekly digest is the business's: a month-old member login is not claimed for one.
    await test.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 30 * 24 * 60 * 60_000) })
      .where(eq(users.id, member.userId));
    await sendWeeklyDigests(test.ctx);
    const [login] = await test.db.select().from(users).where(eq(users.id, member.userId));
    expect(login?.lastDigestAt).toBeNull();
    // A founder who joined another company keeps its old license on its row: the number is free.
    const founder = await insertUser(test.db, { role: 'buyer', licenseNumber: 'C10-0000999-LIC' });
    const { token } = await invite(owner.token, founder.email, 'viewer');
    await call(await signIn(test.app, founder.email), 'POST', '/api/company/invitations/accept', { token });
    const { licenseHolders } = await import('../src/modules/licenses/verdict.ts');
    expect(await licenseHolders(test.db, 'C10-0000999-LIC')).toEqual([]);
  });
});

describe('the profile of a member', () => {
  it('answers the business with the member’s own fields; only profile:write changes the business', async () => {
    const owner = await person(test, { role: 'seller', businessName: 'Profile Farm' });
    const member = await join(owner.token, 'sales');
    const profile = json<{ user: { profile: Record<string, unknown> & { address: object } } }>(
      await call(member.token, 'GET', '/api/auth/profile'),
    ).user;
    expect(profile.profile).toMatchObject({ businessName: 'Profile Farm', contactName: 'Mia Member' });

    const rename = await call(member.token, 'PUT', '/api/auth/profile', {
      email: member.email,
      profile: { ...profile.profile, licenseDocument: undefined, businessName: 'Renamed Farm' },
    });
    expect(rename.statusCode).toBe(403);
    expect(json(rename)).toEqual(failure(roleForbids('sales', 'profile:write')));

    const own = await call(member.token, 'PUT', '/api/auth/profile', {
      email: member.email,
      profile: { ...profile.profile, licenseDocument: undefined, contactName: 'Mia M. Member' },
    });
    expect(own.statusCode).toBe(200);
    expect(
      json<{ user: { profile: { contactName: string; businessName: string } } }>(own).user.profile,
    ).toMatchObject({
      contactName: 'Mia M. Member',
      businessName: 'Profile Farm',
    });
    const [business] = await test.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(business?.contactName).not.toBe('Mia M. Member');
  });
});
